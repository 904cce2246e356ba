import type { Ctx } from '../../../core/context';
import { answerCheck } from '../../../core/flags/convert';
import type { TextFlag } from '../../../core/flags/spec';
import { readInputText } from '../../../core/input';
import {
  fillTemplate,
  namedTemplate,
  offeredTemplates,
  type NamedTemplate,
  type TemplateValues,
} from '../../../core/templates';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';

/*
 * The message of an incident update, from wherever the user gave it: --message, then
 * --message-file (a file, or - for stdin), then --template (a stored message with
 * placeholders filled from the incident), then a prompt that offers the templates.
 */

export interface MessageSources {
  message?: string;
  messageFile?: string;
  template?: string;
}

export interface GivenMessage {
  /** The message as given (--message or --message-file), or undefined when it comes from a template or a prompt. */
  text?: string;
  template?: NamedTemplate;
}

/**
 * What the flags say about the message, checked before anything is sent: --message and
 * --message-file together is exit 2; an unknown template, or one with an unknown placeholder
 * or status, is exit 2 naming it. Reading stdin (--message-file -) leaves nothing to answer prompts with.
 */
export async function givenMessage(
  ctx: Pick<Ctx, 'io' | 'config' | 'globals' | 'env'>,
  flags: MessageSources,
): Promise<GivenMessage> {
  if (flags.message !== undefined && flags.messageFile !== undefined) {
    throw new UsageError('--message and --message-file cannot be given together: which one is the message?');
  }
  const template = flags.template === undefined ? undefined : namedTemplate(ctx, flags.template);
  let text = flags.message;
  if (flags.messageFile !== undefined) {
    text = (await readInputText(ctx.io, flags.messageFile, { flag: '--message-file', kind: 'message' })).replace(
      /\s+$/,
      '',
    );
    if (!text.trim()) throw new UsageError(`--message-file ${sanitize(flags.messageFile)} holds no message.`);
    if (flags.messageFile === '-') ctx.io.promptsDisabled = true;
  }
  return { text, ...(template ? { template } : {}) };
}

/** Is a message on its way without asking (given, or from a template)? */
export const hasMessage = (given: GivenMessage) => given.text !== undefined || given.template !== undefined;

/** The message, and the template it came from (whose status then applies, as with --template). */
export interface ResolvedMessage {
  text: string;
  template?: NamedTemplate;
}

export interface MessageQuestion {
  /** What a template's placeholders stand for, the template's own status counting for {{status}}. */
  values: (template?: NamedTemplate) => TemplateValues;
  /** In the input already, to edit: a default message, or the previous answer of an edit round. */
  default?: string;
  /** The template the previous answer came from. */
  template?: NamedTemplate;
  /** The command sets the status itself (resolve): a template's does not apply, and is not shown. */
  fixedStatus?: boolean;
}

/**
 * The message: as given (with the template given beside it), else the template filled in,
 * else asked for: a text input, with the stored templates (filled in for this incident)
 * offered inside it.
 */
export async function resolveMessage(
  ctx: Pick<Ctx, 'io' | 'prompter' | 'now' | 'config' | 'globals' | 'env'>,
  given: GivenMessage,
  flag: TextFlag,
  question: MessageQuestion,
): Promise<ResolvedMessage> {
  const { template } = given;
  if (given.text !== undefined) return { text: given.text, ...(template ? { template } : {}) };
  if (template) return { text: fillTemplate(template.message, question.values(template)), template };
  const templates = offeredTemplates(ctx);
  const answer = await ctx.prompter.message({
    message: flag.prompt ?? flag.help,
    ...(question.default !== undefined ? { default: question.default } : {}),
    ...(question.template ? { template: question.template.name } : {}),
    templates: templates.map((offered) => ({
      name: offered.name,
      text: fillTemplate(offered.message, question.values(offered)),
      ...(offered.status && !question.fixedStatus ? { status: offered.status } : {}),
    })),
    validate: answerCheck(flag, ctx.now()),
  });
  const chosen = templates.find((offered) => offered.name === answer.template);
  return { text: answer.text, ...(chosen ? { template: chosen } : {}) };
}
