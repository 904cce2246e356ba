import type { JsonSchema, SchemaCommand } from '../../../core/schema';

/*
 * `mon mcp`'s tools, derived from `mon schema`'s commands (core/schema.ts): one per command
 * that calls the API, named `noun_verb`, described by the words of its help, taking its
 * arguments and flags as the properties of its input schema, annotated with its
 * classification. A call is turned back into the command line the CLI reads (argvFor), so
 * that it is validated, planned and answered exactly as typed.
 */

/** Commands that call the API but are not tools, and why (the local ones are none: `openWorld` is false). */
export const NOT_TOOLS: Readonly<Record<string, string>> = {
  'status-pages open': 'it opens a browser on this machine',
  'heartbeats exec': 'it runs a command on this machine',
  'heartbeats ping': "a job's signal, sent with its secret ping token, not a change an agent makes",
  'maintenance run': 'it runs a command on this machine',
  mcp: 'it is this server',
  'auth status': "it tells mon's own credentials and where they come from",
};

/**
 * Flags no tool takes, and why: the plan protocol is the tool's own (`planToken`), and a
 * call must end with one JSON answer (no watching, no browser, no headers before the body).
 */
export const NOT_INPUT: Readonly<Record<string, string>> = {
  yes: 'a write acts only with the planToken of its plan',
  plan: 'a write without planToken returns its plan',
  dryRun: 'a write without planToken returns its plan, which sends nothing',
  watch: 'a call returns one answer',
  interval: 'a call returns one answer',
  web: 'it opens a browser',
  exitStatus: 'the answer says what needs attention',
  include: 'the answer is the JSON body',
};

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
}

export interface Tool {
  definition: ToolDefinition;
  command: SchemaCommand;
  /** Not read-only: served only with --allow-writes, planned. */
  write: boolean;
}

/** `status-pages list` → `status_pages_list`. */
export function toolName(path: readonly string[]): string {
  return path.join('_').replaceAll('-', '_');
}

const PLAN_WORDS =
  'Without planToken this changes nothing: it returns the plan ({"status":"confirmation_required", "changes", ' +
  '"request", "planToken", "expiresAt"}). To act, call this tool again with the same arguments and that ' +
  'planToken: exactly the planned request is sent, once, if the object is still as planned (else an error ' +
  'naming what changed, and nothing is sent).';

/**
 * Words of help that only a person at a terminal can use: its screens and prompts, the keys
 * typed there, what is printed (on a terminal or piped), and the flags no tool takes
 * (NOT_INPUT) or that only shape what is printed. A call answers JSON (ping tokens masked),
 * never prompts, and never watches.
 */
const FOR_A_TERMINAL =
  /(?:\b(?:terminal|prompts?|asked|asks|picker|checklist|screen|redraw\w*|refresh\w*|pager|spinner|piped|Piped|tab-separated|browser|stdout|stderr|print(?:s|ed)?)\b|token included|Ctrl-\w|\$VISUAL|\$EDITOR|TERM=|<TAB>|Tab or|--(?:watch|interval|web|yes|no-input|jq|format|plan|plan-token|dry-run|exit-status|include)\b)/;

/** `text` cut at `separator` where it is not inside parentheses or quotes. */
function splitOutside(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '(' || char === '{' || char === '[')) depth++;
    else if (!quoted && (char === ')' || char === '}' || char === ']')) depth = Math.max(0, depth - 1);
    else if (depth === 0 && !quoted) {
      const match = separator.exec(text.slice(at));
      if (match?.index === 0) {
        parts.push(text.slice(start, at + match[0].length).trim());
        start = at + match[0].length;
        at = start - 1;
      }
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** A clause without what is for a terminal; undefined when nothing is left. */
function clauseForAgents(clause: string): string | undefined {
  const kept = clause
    // An aside for the terminal goes ("(it never prompts)", "(piped, --no-input, CI)").
    .replace(/ ?\([^()]*\)/g, (aside) => (FOR_A_TERMINAL.test(aside) ? '' : aside))
    .replace(/^With prompts off, |^Without one (?=--)/, '')
    // What --json prints is what a call answers.
    .replace(/(^|\s)--json (?:then )?prints ([^;]*?)(?: instead)?$/, '$1the answer is $2')
    .replace(/(^|\s)--json: /, '$1the answer: ');
  return FOR_A_TERMINAL.test(kept) || !kept.trim() ? undefined : kept;
}

/**
 * The help's paragraphs (the same text as `mon COMMAND --help`) with what only a person at a
 * terminal can use left out, sentence by sentence and clause by clause (`;`): an agent reads
 * what the call does and answers. A paragraph that lists values (an indented list) is kept whole.
 */
export function agentText(help: string): string {
  const paragraphs: string[] = [];
  for (const paragraph of help.split(/\n{2,}/)) {
    if (/\n {2}/.test(paragraph)) {
      paragraphs.push(paragraph);
      continue;
    }
    const sentences: string[] = [];
    for (const sentence of splitOutside(paragraph.replace(/\s*\n\s*/g, ' '), /[.!?]"? (?=[A-Z`{"(-])/)) {
      const ending = /[.!?]"?$/.exec(sentence)?.[0] ?? '';
      const clauses = splitOutside(sentence.slice(0, sentence.length - ending.length), /; /).map((clause) =>
        clause.replace(/;$/, ''),
      );
      const kept = clauses.map(clauseForAgents).filter((clause) => clause !== undefined);
      if (!kept.length) continue;
      const text = kept.join('; ');
      sentences.push(`${text[0]!.toUpperCase()}${text.slice(1)}${ending}`);
    }
    if (sentences.length) paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

function description(command: SchemaCommand): string {
  // The effect as help says it, less the flags that plan (a call plans through planToken).
  const effect = command.effect.split(' \u00b7 ')[0]!;
  const about = command.description === command.summary ? '' : agentText(command.description);
  // The summary too: "Create a heartbeat monitor for a cron job; prints its ping URL" (a call's answer masks it).
  return `${agentText(command.summary) || command.summary}.\n${effect}${about ? `\n\n${about}` : ''}${command.planned ? `\n\n${PLAN_WORDS}` : ''}`;
}

function inputSchema(command: SchemaCommand): ToolDefinition['inputSchema'] {
  const { $schema: _dialect, properties = {}, required, ...rest } = command.input;
  const kept = Object.fromEntries(Object.entries(properties).filter(([key]) => !(key in NOT_INPUT)));
  const stillRequired = required?.filter((key) => key in kept);
  return {
    ...rest,
    type: 'object',
    properties: kept,
    ...(stillRequired?.length ? { required: stillRequired } : {}),
  };
}

/** Every tool of these commands; the write tools only when `allowWrites`. */
export function toolsOf(commands: readonly SchemaCommand[], allowWrites: boolean): Tool[] {
  const tools: Tool[] = [];
  const names = new Set<string>();
  for (const command of commands) {
    if (!command.classification.openWorld || command.name in NOT_TOOLS) continue;
    const write = !command.classification.readOnly;
    if (write && !allowWrites) continue;
    const name = toolName(command.path);
    if (names.has(name)) throw new Error(`Two commands make the MCP tool ${name}.`);
    names.add(name);
    const { readOnly, destructive, idempotent, openWorld } = command.classification;
    tools.push({
      command,
      write,
      definition: {
        name,
        description: description(command),
        inputSchema: inputSchema(command),
        annotations: {
          title: `mon ${command.name}`,
          readOnlyHint: readOnly,
          destructiveHint: destructive,
          idempotentHint: idempotent,
          openWorldHint: openWorld,
        },
      },
    });
  }
  return tools;
}

/** A call's arguments that no command line can say: the tool answers with this usage error. */
export class ToolInputError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The command line of a call: the command's words, each flag as `--name=value` (a value is
 * never read as a flag), `--no-name` for a switch set false, then `--` and the arguments
 * in order. Types are checked here (the CLI reads words); every rule on the values (bounds,
 * enums, IDs) is the CLI's own, as for any command line.
 */
export function argvFor(tool: Tool, input: unknown): string[] {
  const { command } = tool;
  const name = tool.definition.name;
  const accepted = Object.keys(tool.definition.inputSchema.properties ?? {});
  const takes = `${name} takes: ${accepted.join(', ') || 'no arguments'}.`;
  if (input !== undefined && !isRecord(input))
    throw new ToolInputError(`The arguments of ${name} must be an object.`, takes);
  const given = input ?? {};
  for (const key of Object.keys(given)) {
    if (!accepted.includes(key)) throw new ToolInputError(`${name} has no argument "${key}".`, takes);
  }
  const words: string[] = [...command.path];
  for (const flag of command.flags) {
    const value = given[flag.key];
    if (value === undefined || value === null || !accepted.includes(flag.key)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (Array.isArray(value) && !flag.repeatable)
      throw new ToolInputError(`"${flag.key}" (${flag.name}) takes one value, not a list.`, takes);
    for (const one of values) {
      if (flag.type === 'boolean') {
        if (typeof one !== 'boolean')
          throw new ToolInputError(`"${flag.key}" (${flag.name}) must be true or false.`, takes);
        // A switch with one form: its other value is what not giving it means.
        const long = flag.name.replace(/^--(no-)?/, '');
        const negativeOnly = !flag.forms && flag.name.startsWith('--no-');
        if (one && !negativeOnly) words.push(`--${long}`);
        else if (!one && (negativeOnly || flag.forms)) words.push(`--no-${long}`);
        continue;
      }
      const numeric = flag.type === 'integer' || flag.type === 'number';
      const ok = numeric ? typeof one === 'number' || typeof one === 'string' : typeof one === 'string';
      if (!ok)
        throw new ToolInputError(
          `"${flag.key}" (${flag.name}) must be ${numeric ? 'a number' : 'a string'}${flag.repeatable ? ' or a list of them' : ''}.`,
          takes,
        );
      // stdin carries the protocol: a file flag's "-" would read nothing.
      if (flag.kind === 'file' && one === '-')
        throw new ToolInputError(
          `"${flag.key}" (${flag.name}) must name a file: "-" (stdin) is the protocol's.`,
          takes,
        );
      words.push(`${flag.name}=${String(one)}`);
    }
  }
  const positional: string[] = [];
  let missing: string | undefined;
  for (const arg of command.arguments) {
    const value = given[arg.key];
    if (value === undefined || value === null) {
      missing ??= arg.key;
      continue;
    }
    if (missing !== undefined) throw new ToolInputError(`"${arg.key}" (${arg.name}) needs "${missing}" too.`, takes);
    if (typeof value !== 'string') throw new ToolInputError(`"${arg.key}" (${arg.name}) must be a string.`, takes);
    positional.push(value);
  }
  return positional.length ? [...words, '--', ...positional] : words;
}
