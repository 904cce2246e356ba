import type { Command } from 'commander';
import { ENVIRONMENT } from '../env';
import { ERROR_KINDS, OTHER_EXIT_CODES, UsageError } from '../errors';
import { AGENT_MARKERS, GENERIC_AGENT_VARIABLES } from '../mode';
import { closest } from '../text/similar';
import { describeFlag, verbSpecOf } from './flags/commander';
import { HELP_FLAGS, VERSION_FLAG } from './flags/read';
import { GLOBAL_FLAGS } from './flags/globals';
import {
  classificationOf,
  effectLine,
  effectsOf,
  flagName,
  isPlanned,
  kebab,
  type ArgSpec,
  type Effect,
  type Flag,
  type FlagTable,
  type VerbSpec,
} from './flags/spec';

/*
 * The contract as data: `mon schema`'s document, derived from the command tree and its tables
 * (the same ones help, parsing, prompts and completions are built from), so it cannot say
 * anything the command line does not do. Pure: the program in, one JSON value out.
 */

/** Bumped when a field changes meaning or goes away (new fields do not bump it). */
export const SCHEMA_VERSION = 1;

/** The dialect of every `input`. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A JSON Schema (draft 2020-12), as far as mon writes one. */
export interface JsonSchema {
  $schema?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: JsonSchema;
  minItems?: number;
  enum?: readonly (string | number)[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  examples?: readonly unknown[];
}

export interface SchemaFlag {
  /** As typed: `--message`, or `--no-input` for a switch shown in its negative form. */
  name: string;
  short?: string;
  /** The table key: the property of `input` that gives it. */
  key: string;
  /** Every spelling accepted, when more than `name` (a switch with both forms: `--notify`, `--no-notify`). */
  forms?: string[];
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** The table's kind: text, id, file, int, number, enum, time, duration, bool, raw. */
  kind: Flag['kind'];
  /** The value's name in the help (`--message <text>`). */
  value?: string;
  /** The only values accepted (any case; sent in this case). */
  enum?: readonly (string | number)[];
  /** Values offered (completions, help) where others are judged by the request schema. */
  values?: readonly (string | number)[];
  default?: unknown;
  /** No table requires a flag: without it a command asks on a terminal, or names what is missing (exit 2). */
  required: false;
  env?: string;
  repeatable: boolean;
  description: string;
  group?: string;
}

export interface SchemaArgument {
  /** As help names it: `INCIDENT_ID`. */
  name: string;
  /** The property of `input` that gives it. */
  key: string;
  required: boolean;
  /** Takes every remaining word (`COMMAND...`). */
  variadic: boolean;
  kind: ArgSpec['kind'];
  enum?: readonly string[];
  description: string;
}

export interface Classification {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** It calls the API (not only this machine's files or the local sandbox). */
  openWorld: boolean;
}

export interface SchemaCommand {
  path: string[];
  name: string;
  summary: string;
  /** The help's paragraphs after the options (the summary when there are none). */
  description: string;
  /** Help's one line: "Effect: write, not idempotent · plans: --plan, --plan-token". */
  effect: string;
  arguments: SchemaArgument[];
  flags: SchemaFlag[];
  /** `mon api`: the most it can do, with each method's own under `byMethod`. */
  classification: Classification & { byMethod?: Record<string, Classification> };
  /** A write that goes through a plan (exit 9 without --yes in agent mode; --plan, --plan-token, --dry-run). */
  planned: boolean;
  examples: readonly string[];
  input: JsonSchema;
}

export interface SchemaDocument {
  schemaVersion: number;
  mon: string;
  globalFlags: SchemaFlag[];
  env: { name: string; meaning: string }[];
  exitCodes: { code: number; kind: string; meaning: string }[];
  modes: { name: string; when: string; does: string; markers?: { variable: string; agent: string }[] }[];
  commands: SchemaCommand[];
}

/** A flag's value as JSON Schema (one value; repeatable flags are arrays of it). */
function valueSchema(flag: Flag): JsonSchema {
  switch (flag.kind) {
    case 'text':
      return { type: 'string', minLength: 1, ...(flag.max === undefined ? {} : { maxLength: flag.max }) };
    case 'id':
      return idSchema();
    case 'file':
      return { type: 'string', minLength: 1, description: 'a file name, or - for stdin' };
    case 'int':
      return { type: 'integer', minimum: flag.min, ...(flag.max === undefined ? {} : { maximum: flag.max }) };
    case 'number':
      return { type: 'number' };
    case 'enum':
      return { type: flag.numeric ? 'integer' : 'string', enum: flag.numeric ? flag.values.map(Number) : flag.values };
    case 'time':
      return { type: 'string', minLength: 1, examples: ['2026-03-01', '2026-03-01T14:00:00Z', '2h'] };
    case 'duration':
      return { type: 'string', pattern: '^\\s*\\d+\\s*[a-zA-Z]+\\s*$', examples: ['90s', '30m', '2h', '7d'] };
    case 'bool':
      return { type: 'boolean' };
    case 'raw':
      return { type: 'string', ...(flag.values ? { examples: flag.values.map(String) } : {}) };
  }
}

/** An ID that goes into a URL path (api/schemas/common.ts's pathIdSchema), `min` characters at least. */
function idSchema(min = 1): JsonSchema {
  return {
    type: 'string',
    minLength: min,
    maxLength: 200,
    pattern: '^(?!\\.\\.?$)(?! )(?!.* $)[^\\u0000-\\u001f\\u007f-\\u009f/\\\\?#%]+$',
  };
}

const JSON_TYPES = {
  text: 'string',
  id: 'string',
  file: 'string',
  int: 'integer',
  number: 'number',
  enum: 'string',
  time: 'string',
  duration: 'string',
  bool: 'boolean',
  raw: 'string',
} as const satisfies Record<Flag['kind'], SchemaFlag['type']>;

const repeatable = (flag: Flag): boolean => 'repeatable' in flag && flag.repeatable === true;

/** A switch shown as `--no-x` is true unless given; otherwise the table's default, if any. */
function defaultOf(flag: Flag): unknown {
  if (flag.kind === 'bool') return flag.forms === 'negative' ? true : undefined;
  return 'default' in flag ? flag.default : undefined;
}

/** Every spelling of a switch that has two. */
function formsOf(key: string, flag: Flag): string[] | undefined {
  if (flag.kind !== 'bool' || flag.forms !== 'both') return undefined;
  const long = flag.long ?? kebab(key);
  return [`--${long}`, `--no-${long}`];
}

function flagEntry(key: string, flag: Flag): SchemaFlag {
  const fallback = defaultOf(flag);
  const forms = formsOf(key, flag);
  const values = flag.kind === 'raw' ? flag.values : undefined;
  return {
    name: flagName(key, flag),
    ...(flag.short ? { short: `-${flag.short}` } : {}),
    key,
    ...(forms ? { forms } : {}),
    type: flag.kind === 'enum' && flag.numeric ? 'integer' : JSON_TYPES[flag.kind],
    kind: flag.kind,
    ...('value' in flag && flag.value ? { value: flag.value } : {}),
    ...(flag.kind === 'enum' ? { enum: flag.numeric ? flag.values.map(Number) : flag.values } : {}),
    ...(values ? { values } : {}),
    ...(fallback === undefined ? {} : { default: fallback }),
    required: false,
    ...(flag.env ? { env: flag.env } : {}),
    repeatable: repeatable(flag),
    description: describeFlag(flag),
    ...(flag.group ? { group: flag.group } : {}),
  };
}

/** The flags of a table, as help lists them (hidden ones are no part of the contract). */
function flagEntries(flags: FlagTable): SchemaFlag[] {
  return Object.entries(flags)
    .filter(([, flag]) => !flag.hidden)
    .map(([key, flag]) => flagEntry(key, flag));
}

function argumentEntry(arg: ArgSpec): SchemaArgument {
  return {
    name: arg.label,
    key: arg.key,
    required: !arg.optional,
    variadic: arg.kind === 'words',
    kind: arg.kind,
    ...(arg.kind === 'enum' && arg.values ? { enum: arg.values } : {}),
    description: arg.help,
  };
}

function argumentSchema(arg: ArgSpec): JsonSchema {
  const one: JsonSchema =
    arg.kind === 'id'
      ? idSchema(arg.min)
      : arg.kind === 'enum'
        ? { type: 'string', enum: arg.values ?? [] }
        : arg.kind === 'words'
          ? { type: 'array', items: { type: 'string' } }
          : arg.kind === 'raw'
            ? { type: 'string' }
            : { type: 'string', minLength: 1 };
  return { ...one, description: `${arg.label}: ${arg.help}` };
}

/** The verb's input as a JSON Schema object: one property per argument and flag, keyed as in the table. */
export function inputSchema(spec: VerbSpec): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const arg of spec.args ?? []) {
    properties[arg.key] = argumentSchema(arg);
    if (!arg.optional) required.push(arg.key);
  }
  for (const [key, flag] of Object.entries(spec.flags)) {
    if (flag.hidden) continue;
    if (key in properties) throw new Error(`${spec.name}: the flag ${key} has the key of an argument.`);
    const one = valueSchema(flag);
    const fallback = defaultOf(flag);
    properties[key] = {
      ...(repeatable(flag) ? { type: 'array', items: one, minItems: 1 } : one),
      description: `${flagName(key, flag)}: ${describeFlag(flag)}`,
      ...(fallback === undefined ? {} : { default: repeatable(flag) ? [fallback] : fallback }),
    };
  }
  return {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

function classification(effect: Effect): Classification {
  const { readOnly, destructive, idempotent, local } = classificationOf(effect);
  return { readOnly, destructive, idempotent, openWorld: !local };
}

/** One effect, or (`mon api`) the most any method does, each method's under `byMethod`. */
function classify(spec: VerbSpec): SchemaCommand['classification'] {
  if (!('byMethod' in spec.effect)) return classification(spec.effect);
  const each = Object.fromEntries(Object.entries(spec.effect.byMethod).map(([m, e]) => [m, classification(e)]));
  const all = Object.values(each);
  return {
    readOnly: all.every((one) => one.readOnly),
    destructive: all.some((one) => one.destructive),
    idempotent: all.every((one) => one.idempotent),
    openWorld: all.some((one) => one.openWorld),
    byMethod: each,
  };
}

function commandEntry(path: string[], spec: VerbSpec): SchemaCommand {
  return {
    path,
    name: path.join(' '),
    summary: spec.summary,
    description: spec.about?.trim() || spec.summary,
    effect: effectLine(spec),
    arguments: (spec.args ?? []).map(argumentEntry),
    flags: flagEntries(spec.flags),
    classification: classify(spec),
    planned: effectsOf(spec).some(isPlanned),
    examples: spec.examples,
    input: inputSchema(spec),
  };
}

/** The commands help lists (hidden ones and `help` left out), with their words. */
function visible(command: Command): Command[] {
  return command.createHelp().visibleCommands(command);
}

/** Every verb under `command`, in help order, with its words. */
function verbsUnder(command: Command, path: string[]): { path: string[]; spec: VerbSpec }[] {
  const spec = verbSpecOf(command);
  const here = spec ? [{ path, spec }] : [];
  return [
    ...here,
    ...visible(command)
      .filter((sub) => sub.name() !== 'help')
      .flatMap((sub) => verbsUnder(sub, [...path, sub.name()])),
  ];
}

/** The command that COMMAND words name, or a usage error naming the first unknown word and the closest command. */
function commandAt(program: Command, words: readonly string[]): { command: Command; path: string[] } {
  let command = program;
  const path: string[] = [];
  for (const word of words) {
    const subs = visible(command).filter((sub) => sub.name() !== 'help');
    const sub = subs.find((candidate) => candidate.name() === word);
    if (!sub) {
      const typed = [...path, word].join(' ');
      const near = closest(
        word,
        subs.map((candidate) => candidate.name()),
      ).map((name) => [...path, name].join(' '));
      throw new UsageError(
        `mon schema: no command "${typed}".`,
        `${near.length ? `Did you mean \`mon schema ${near[0]}\`? ` : ''}Run \`mon schema\` for every command, or \`mon${path.length ? ` ${path.join(' ')}` : ''} --help\` for the commands${path.length ? ` of \`mon ${path.join(' ')}\`` : ''}.`,
      );
    }
    path.push(word);
    command = sub;
  }
  return { command, path };
}

/** The global flags, and the help option every command has (`--version` is the program's). */
function globalFlags(): SchemaFlag[] {
  const builtIn = (name: string, description: string, short?: string): SchemaFlag => ({
    name,
    ...(short ? { short } : {}),
    key: name.slice(2),
    type: 'boolean',
    kind: 'bool',
    required: false,
    repeatable: false,
    description,
  });
  return [
    ...flagEntries(GLOBAL_FLAGS),
    builtIn(HELP_FLAGS.long, 'show help for this command', HELP_FLAGS.short),
    builtIn(VERSION_FLAG, 'print the version (mon alone)'),
  ];
}

const MODES: SchemaDocument['modes'] = [
  {
    name: 'agent',
    when: `MON_MODE=agent; or ${GENERIC_AGENT_VARIABLES.join(' or ')} is set (not empty, 0 or false); or one of the markers coding agents set is`,
    does: 'JSON output, no colour, no prompt, no spinner, errors as JSON on stderr; a planned write without --yes or --plan-token prints its plan and exits 9',
    markers: AGENT_MARKERS.map(({ variable, agent }) => ({ variable, agent })),
  },
  {
    name: 'ci',
    when: 'MON_MODE=ci; or CI is set; or stdin is not a terminal',
    does: 'no prompt; a write given by its flags is sent; a destructive command without --yes prints its plan and exits 9',
  },
  {
    name: 'interactive',
    when: 'MON_MODE=interactive; or else, on a terminal',
    does: 'prompts for what is missing, and confirms a write whose values were prompted (reading the object again first)',
  },
];

/**
 * `mon schema [COMMAND...]`: the whole contract of `program` (built in full, by program.ts's
 * buildProgram), or with COMMAND words only the commands under them (exit 2 for words that
 * name none).
 */
export function buildSchema(program: Command, words: readonly string[] = []): SchemaDocument {
  const { command, path } = commandAt(program, words);
  return {
    schemaVersion: SCHEMA_VERSION,
    mon: MON_VERSION,
    globalFlags: globalFlags(),
    env: ENVIRONMENT.map(({ name, meaning }) => ({ name, meaning })),
    exitCodes: [
      ...OTHER_EXIT_CODES.map((entry) => ({ ...entry })),
      ...Object.entries(ERROR_KINDS).map(([kind, { code, meaning }]) => ({ code, kind, meaning })),
    ].sort((a, b) => a.code - b.code),
    modes: MODES,
    commands: verbsUnder(command, path).map((verb) => commandEntry(verb.path, verb.spec)),
  };
}
