import { INCIDENT_STATUSES, type IncidentStatus } from '../api/schemas/enums';
import { profileName } from '../config/settings';
import type { Template } from '../config/store';
import { UsageError } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';
import { answerCheck } from './flags/parse';
import type { TextFlag } from './flags/spec';
import { readInputText } from './input';

/*
 * The message of an incident update, from wherever the user gave it: --message, then
 * --message-file (a file, or - for stdin), then --template (a stored message with
 * placeholders filled from the incident), then a prompt that offers the templates.
 */

/** What a template's placeholders stand for: `{{name}}`, `{{services}}`, `{{severity}}`, `{{status}}`. */
export const PLACEHOLDERS = ['name', 'services', 'severity', 'status'] as const;
export type TemplateValues = Record<(typeof PLACEHOLDERS)[number], string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Exit 2 naming a placeholder that is not one of PLACEHOLDERS. */
export function checkPlaceholders(text: string, where: string): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name!)) {
      throw new UsageError(
        `${where} has an unknown placeholder {{${sanitize(name!)}}}.`,
        `The placeholders are ${PLACEHOLDERS.map((placeholder) => `{{${placeholder}}}`).join(', ')}.`,
      );
    }
  }
}

/** The text with its placeholders filled: services as their names joined with ", ", severity and status in lower case. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (_, name: keyof TemplateValues) => values[name]);
}

/** The templates stored in the profile in use. */
export function storedTemplates(ctx: Pick<Ctx, 'config' | 'globals' | 'env'>): Record<string, Template> {
  return ctx.config().profile(profileName(ctx.globals, ctx.env).value)?.templates ?? {};
}

export interface MessageSources {
  message?: string;
  messageFile?: string;
  template?: string;
}

/** A stored template with its name. */
export type NamedTemplate = Template & { name: string };

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
  let template: GivenMessage['template'];
  if (flags.template !== undefined) {
    const templates = storedTemplates(ctx);
    const found = Object.hasOwn(templates, flags.template) ? templates[flags.template] : undefined;
    if (!found) {
      const names = Object.keys(templates);
      throw new UsageError(
        `--template "${sanitize(flags.template)}" is not a stored template${names.length ? ` (there are ${names.map((name) => `"${sanitize(name)}"`).join(', ')})` : ' (there are none)'}.`,
        'Store one with `mon templates add NAME --message "..."`; `mon templates list` shows them.',
      );
    }
    checkPlaceholders(found.message, `Template "${sanitize(flags.template)}"`);
    template = { ...found, name: flags.template };
    templateStatus(template);
  }
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

/** The status a template sets, if any (checked: the file can be edited by hand). */
export function templateStatus(template: NamedTemplate | undefined): IncidentStatus | undefined {
  const status = template?.status;
  if (status === undefined) return undefined;
  const known = INCIDENT_STATUSES.find((value) => value === status.trim().toUpperCase());
  if (!known) {
    throw new UsageError(
      `Template "${sanitize(template!.name)}" has the status "${sanitize(status)}", which is not one of ${INCIDENT_STATUSES.join(', ')}.`,
      `Store it again with \`mon templates add ${template!.name} --force ...\`.`,
    );
  }
  return known;
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

/** The stored templates the prompt can offer: those whose placeholders and status are known. */
function offeredTemplates(ctx: Pick<Ctx, 'config' | 'globals' | 'env'>): NamedTemplate[] {
  return Object.entries(storedTemplates(ctx)).flatMap(([name, template]) => {
    try {
      checkPlaceholders(template.message, 'template');
      const named = { ...template, name };
      const status = templateStatus(named);
      return [{ ...named, ...(status ? { status } : {}) }];
    } catch {
      return [];
    }
  });
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
