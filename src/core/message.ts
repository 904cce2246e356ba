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

export interface GivenMessage {
  /** The message as given (--message or --message-file), or undefined when it comes from a template or a prompt. */
  text?: string;
  template?: Template & { name: string };
}

/**
 * What the flags say about the message, checked before anything is sent: --message and
 * --message-file together is exit 2; an unknown template, or one with an unknown placeholder,
 * is exit 2 naming it. Reading stdin (--message-file -) leaves nothing to answer prompts with.
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
export function templateStatus(given: GivenMessage): IncidentStatus | undefined {
  const status = given.template?.status;
  if (status === undefined) return undefined;
  const known = INCIDENT_STATUSES.find((value) => value === status.trim().toUpperCase());
  if (!known) {
    throw new UsageError(
      `Template "${sanitize(given.template!.name)}" has the status "${sanitize(status)}", which is not one of ${INCIDENT_STATUSES.join(', ')}.`,
      `Store it again with \`mon templates add ${given.template!.name} --force ...\`.`,
    );
  }
  return known;
}

/** Is a message on its way without asking (given, or from a template)? */
export const hasMessage = (given: GivenMessage) => given.text !== undefined || given.template !== undefined;

/**
 * The message: as given, else the template filled in, else asked for. The prompt offers the
 * stored templates first (filled in for this incident), then "Write a new message".
 */
export async function resolveMessage(
  ctx: Pick<Ctx, 'io' | 'prompter' | 'now' | 'config' | 'globals' | 'env'>,
  given: GivenMessage,
  flag: TextFlag,
  values: TemplateValues,
): Promise<string> {
  if (given.text !== undefined) return given.text;
  if (given.template) return fillTemplate(given.template.message, values);
  const templates = Object.entries(storedTemplates(ctx)).filter(([, template]) => {
    try {
      checkPlaceholders(template.message, 'template');
      return true;
    } catch {
      return false;
    }
  });
  const WRITE = ''; // no template has an empty name
  const picked = templates.length
    ? await ctx.prompter.select<string>({
        message: flag.prompt ?? flag.help,
        choices: [
          ...templates.map(([name, template]) => ({
            name: sanitize(`${name}: ${fillTemplate(template.message, values).split('\n')[0]}`).slice(0, 100),
            value: name,
          })),
          { name: 'Write a new message…', value: WRITE },
        ],
      })
    : WRITE;
  if (picked !== WRITE) return fillTemplate(templates.find(([name]) => name === picked)![1].message, values);
  const answer = await ctx.prompter.input({
    message: flag.prompt ?? flag.help,
    validate: answerCheck(flag, ctx.now()),
  });
  return answer.trim();
}
