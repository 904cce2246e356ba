/**
 * What a command line is made of, as plain data: a verb's flags and arguments are defined
 * once, in a table, and everything else is derived from it: the commander options and
 * help (commander.ts), the validation and the flag named in each error (parse.ts, which
 * builds zod schemas only when the verb runs), the prompts for what is missing
 * (prompt.ts), the shell completions, and the refusal of a flag given as another's value
 * (guard.ts). This module imports nothing, so that `mon --help` stays cheap.
 */

interface FlagCommon {
  /** The long name without dashes; by default the table key in kebab-case (`dryRun` → `dry-run`). */
  long?: string;
  /** A one-letter short form (`m` for `-m`). */
  short?: string;
  /** One line for the help. Enum values and the default are added to it. */
  help: string;
  /** The heading the flag is listed under in the help (e.g. "Schedule"). */
  group?: string;
  /** Accepted but not listed in the help or completions. */
  hidden?: boolean;
  /**
   * Where the value lands in a request body (e.g. `incidentUpdates[0].description`), so
   * that a problem the request schema finds there is reported under this flag's name.
   */
  body?: readonly string[];
  /** What to ask on a terminal when the value is missing (commands decide when to ask). */
  prompt?: string;
  /** Completions look its values up (`mon __complete SOURCE`): stored templates, service names, ... */
  complete?: CompletionSource;
  /** The environment variable that gives its value when the flag is not given (src/env.ts lists it; `mon schema` says it). */
  env?: string;
}

/** Free text, trimmed; never empty. */
export interface TextFlag extends FlagCommon {
  kind: 'text';
  /** The value's name in the help (`--message <text>`). */
  value?: string;
  max?: number;
  repeatable?: boolean;
  default?: string;
}

/** An ID that goes into a URL path (`/`, `..`, `%`, control characters refused). */
export interface IdFlag extends FlagCommon {
  kind: 'id';
  value?: string;
  repeatable?: boolean;
}

/** A file name, or "-" for stdin. */
export interface FileFlag extends FlagCommon {
  kind: 'file';
  value?: string;
}

/** A whole number in a range. */
export interface IntFlag extends FlagCommon {
  kind: 'int';
  value?: string;
  min: number;
  max?: number;
  default?: number;
}

/** A number as typed (the request schema judges its range), e.g. a check's response time. */
export interface NumberFlag extends FlagCommon {
  kind: 'number';
  value?: string;
}

/** One of a fixed set of values, accepted in any case and sent in the case of `values`. */
export interface EnumFlag<V extends string = string> extends FlagCommon {
  kind: 'enum';
  value?: string;
  values: readonly V[];
  repeatable?: boolean;
  default?: V;
  /** The values are numbers (e.g. a frequency in minutes): the flag's value is a number. */
  numeric?: boolean;
}

/** A point in time: a date, an ISO 8601 date-time, or a time ago (`2h`). */
export interface TimeFlag extends FlagCommon {
  kind: 'time';
  value?: string;
  /** The time must not be in the future (a window of past events). */
  past?: boolean;
}

/** A duration such as 90s, 30m, 2h, 7d (milliseconds); a bare number is refused (its unit is not guessed). */
export interface DurationFlag extends FlagCommon {
  kind: 'duration';
  value?: string;
  /** 0s is a duration too (a grace time); otherwise it must be more than zero. */
  zero?: boolean;
  /** It means a time that long ago (--since): that time must be one the API can say (text/time.ts). */
  ago?: boolean;
}

/**
 * A switch. `forms` says which spellings exist: `--x` (positive, the default), `--no-x`
 * (negative: false when given, true otherwise), or both (true, false, or not given at
 * all). With both, `hide` keeps one of them out of the help.
 */
export interface BoolFlag extends FlagCommon {
  kind: 'bool';
  forms?: 'positive' | 'negative' | 'both';
  hide?: 'positive' | 'negative';
  /** With both forms shown: the help line of `--no-x`. */
  negativeHelp?: string;
}

/**
 * Text the command reads itself (`KEY=VALUE`, `SOURCE COMPARISON TARGET`), or a value that
 * a request schema judges together with others (a check's fields: one message lists every
 * problem, including the rules between fields). `values` are listed in the help and
 * offered by completions.
 */
export interface RawFlag extends FlagCommon {
  kind: 'raw';
  value: string;
  repeatable?: boolean;
  values?: readonly (string | number)[];
  default?: string;
}

export type Flag =
  TextFlag | IdFlag | FileFlag | IntFlag | NumberFlag | EnumFlag | TimeFlag | DurationFlag | BoolFlag | RawFlag;
export type FlagTable = Record<string, Flag>;

export interface ArgSpec {
  /** The key in the run function's `args`. */
  key: string;
  /** How the help and errors name it: `INCIDENT_ID`. */
  label: string;
  help: string;
  /** `raw`: the text as typed, checked by the command (a secret token is never quoted back). */
  kind: 'id' | 'text' | 'raw' | 'enum' | 'words';
  optional?: boolean;
  /** `kind: 'id'`: the fewest characters it takes (a shorter prefix is refused before anything is sent). */
  min?: number;
  /** Offered by completions; with `kind: 'enum'` the only values accepted. */
  values?: readonly string[];
  /** Completions look these values up (`mon __complete SOURCE`), e.g. the open incidents. */
  complete?: CompletionSource;
  /**
   * `kind: 'words'`: no word typed after `--` fills an argument before this one (commander
   * fills them in order from every word): `exec -- pg_dump mydb` leaves TOKEN out.
   */
  afterDashDash?: true;
}

/**
 * What completions can look up, from the API or the config file (commands/completion/__complete.ts
 * answers each): open incidents' IDs, service names, the profile's templates, profile names,
 * checks' and heartbeats' IDs and names, status pages' URL names.
 */
export const COMPLETION_SOURCES = [
  'open-incidents',
  'services',
  'templates',
  'profiles',
  'checks',
  'heartbeats',
  'status-pages',
] as const;
export type CompletionSource = (typeof COMPLETION_SOURCES)[number];

/*
 * What a verb does to the world, declared beside its flags: help shows it in one line, the
 * plan of a write reads it (core/write.ts), and it is data for `mon schema` and an MCP server.
 */

/** What a write changes, by kind: each has a state reader (core/state.ts) that a plan binds. */
export const TARGET_KINDS = ['incident', 'incident-update', 'check', 'heartbeat', 'maintenance-window'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Effect {
  /** read-only: changes nothing; write: changes something; destructive: removes something for good. */
  kind: 'read-only' | 'write' | 'destructive';
  /** Is running it twice the same as once? */
  idempotent: boolean;
  /** Reads or changes only what is on this machine (mon's config, templates, the local sandbox), never the API: never planned, not an MCP tool. */
  local?: true;
  /** A write that is sent as given in every mode, never planned, and why (`heartbeats ping`: a job's signal, not an API call). */
  unplanned?: string;
  /** What it changes, whose state a plan is bound to (core/state.ts reads it again before sending). */
  target?: TargetKind;
  /**
   * A procedure, not a request (`maintenance run`, `checks run`, `incidents ensure`): what it
   * sends depends on what happens as it runs. Its plan token confirms the command line: the
   * verb runs again and goes ahead only when the plan it makes now says what the confirmed
   * one said (else exit 10 naming both); its stored requests are not replayed.
   */
  redeem?: 'rerun';
}

/** `mon api`: its effect follows the HTTP method (`-X`, or the one its fields make). */
export interface EffectByMethod {
  byMethod: Readonly<Record<string, Effect>>;
}

/** The effect of each HTTP method (`mon api`). */
export const METHOD_EFFECTS = {
  GET: { kind: 'read-only', idempotent: true },
  HEAD: { kind: 'read-only', idempotent: true },
  PUT: { kind: 'write', idempotent: true },
  PATCH: { kind: 'write', idempotent: false },
  POST: { kind: 'write', idempotent: false },
  DELETE: { kind: 'destructive', idempotent: true },
} as const satisfies Record<string, Effect>;

/** The effects a verb can have: one, or one per method. */
export function effectsOf(spec: Pick<VerbSpec, 'effect'>): Effect[] {
  return 'byMethod' in spec.effect ? Object.values(spec.effect.byMethod) : [spec.effect];
}

/** The effect of a verb whose effect does not depend on its input (every verb but `mon api`). */
export function singleEffect(spec: Pick<VerbSpec, 'effect' | 'name'>): Effect {
  if ('byMethod' in spec.effect) throw new Error(`${spec.name}: its effect depends on the method.`);
  return spec.effect;
}

/** A write that goes through a plan (core/write.ts): --dry-run, --plan, --plan-token; agent mode and destructive commands plan it. */
export function isPlanned(effect: Effect): boolean {
  return effect.kind !== 'read-only' && !effect.local && effect.unplanned === undefined;
}

/** The classification `mon schema` and plans carry, as booleans. */
export function classificationOf(effect: Effect): {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  local: boolean;
} {
  return {
    readOnly: effect.kind === 'read-only',
    destructive: effect.kind === 'destructive',
    idempotent: effect.idempotent,
    local: Boolean(effect.local),
  };
}

/** "write, not idempotent" */
function effectWords(effect: Effect): string {
  if (effect.kind === 'read-only') return 'read-only';
  return `${effect.kind}, ${effect.idempotent ? 'idempotent' : 'not idempotent'}`;
}

/**
 * The line help shows under the summary: "Effect: write, not idempotent · plans: --plan,
 * --plan-token", "Effect: read-only", "Effect: write, idempotent · local (mon's own files)".
 */
export function effectLine(spec: Pick<VerbSpec, 'effect'>): string {
  const effect = spec.effect;
  if ('byMethod' in effect) {
    // One line at 80 columns: the methods by kind (idempotence is in the data).
    const byKind = new Map<string, string[]>();
    for (const [method, one] of Object.entries(effect.byMethod))
      byKind.set(one.kind, [...(byKind.get(one.kind) ?? []), method]);
    return `Effect: ${[...byKind].map(([kind, methods]) => `${methods.join('/')} ${kind}`).join(', ')} (by -X)`;
  }
  const parts = [effectWords(effect)];
  if (effect.local)
    parts.push(effect.kind === 'read-only' ? 'local (reads only this machine)' : 'local (changes only this machine)');
  else if (effect.unplanned !== undefined) parts.push('never planned');
  else if (isPlanned(effect)) parts.push('plans: --plan, --plan-token');
  return `Effect: ${parts.join(' · ')}`;
}

export interface VerbSpec<F extends FlagTable = FlagTable, A extends readonly ArgSpec[] = readonly ArgSpec[]> {
  name: string;
  /** One line: what the verb does. */
  summary: string;
  /** What it does to the world (required: a verb without one does not compile). */
  effect: Effect | EffectByMethod;
  args?: A;
  flags: F;
  /** Paragraphs for the help, after the options. */
  about?: string;
  examples: readonly string[];
  /**
   * The verb prints one document, whatever the output flags: `json` (`mon schema`, `mon api`:
   * --jq picks from it; a --format other than json is exit 2) or text (a shell script, a
   * Markdown file: --format and --jq are exit 2). Without it, output/present.ts shows the
   * verb's result in the format asked for.
   */
  document?: Document;
}

/** What a verb that prints one document prints: JSON, or text it names ("Markdown (a SKILL.md)"). */
export type Document = 'json' | { text: string };

export interface NounSpec {
  name: string;
  summary: string;
  examples: readonly string[];
}

/* Values as the run function receives them. */

type Scalar<F> = F extends BoolFlag
  ? boolean
  : F extends IntFlag | NumberFlag | DurationFlag
    ? number
    : F extends EnumFlag<infer V>
      ? F extends { numeric: true }
        ? number
        : V
      : F extends TimeFlag
        ? Date
        : string;
type Value<F> = F extends { repeatable: true } ? Scalar<F>[] : Scalar<F>;
type Always<F> = F extends { default: unknown } ? true : F extends { forms: 'negative' } ? true : false;

export type FlagValues<T extends FlagTable> = {
  [K in keyof T as Always<T[K]> extends true ? K : never]: Value<T[K]>;
} & {
  [K in keyof T as Always<T[K]> extends true ? never : K]?: Value<T[K]>;
};

type ArgValue<A extends ArgSpec> = A['kind'] extends 'words' ? string[] : string;
export type ArgValues<A extends readonly ArgSpec[]> = {
  [I in A[number] as I['optional'] extends true ? never : I['key']]: ArgValue<I>;
} & {
  [I in A[number] as I['optional'] extends true ? I['key'] : never]?: ArgValue<I>;
};

/** What a run function receives: the flags and arguments, validated and converted. */
export interface Input<S extends VerbSpec> {
  flags: FlagValues<S['flags']>;
  args: ArgValues<NonNullable<S['args']> extends readonly ArgSpec[] ? NonNullable<S['args']> : []>;
}

/** The words of a command line before they are converted (commander's values): what a plan token is bound to. */
export interface RawInput {
  flags: Record<string, unknown>;
  args: readonly unknown[];
}

/** The verb a command line runs, with its input converted and as read (core/flags/tree.ts's runVerb sets it). */
export interface Invocation {
  spec: VerbSpec;
  input: Input<VerbSpec>;
  raw: RawInput;
}

/** Keeps the literal types of a verb's table (so run functions get typed values). */
export function verb<const F extends FlagTable, const A extends readonly ArgSpec[] = []>(
  spec: VerbSpec<F, A>,
): VerbSpec<F, A> {
  return spec;
}

/* Names and words derived from the table. */

/** `dryRun` → `dry-run`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The spelling a user types for a flag: `--message` (`--no-input` for a switch shown in its negative form). */
export function flagName(key: string, flag: Flag): string {
  const long = flag.long ?? kebab(key);
  const negative =
    flag.kind === 'bool' && (flag.forms === 'negative' || (flag.forms === 'both' && flag.hide === 'positive'));
  return negative ? `--no-${long}` : `--${long}`;
}

/** One way to type a table entry: `--status` (it takes a value), `--json` or `--no-input` (a switch). */
export interface Spelling {
  /** `--status`, `--no-input`. */
  long: string;
  /** `-s`: the short form, on the positive spelling only. */
  short?: string;
  key: string;
  flag: Flag;
  /** A switch: the value this spelling gives (`--no-color`: false). Undefined for a flag that takes a value. */
  sets?: boolean;
  /** Kept out of the help, the completions and the suggestions. */
  hidden: boolean;
}

/** Each table entry's spellings, made once: a long-lived process (`mon mcp`) reads a command line per call. */
const SPELLINGS = new WeakMap<Flag, Map<string, readonly Spelling[]>>();

/**
 * The spellings of a table entry, as commander gets them (commander.ts) and the command line
 * is read (read.ts): a switch with both forms has two, the positive first.
 */
export function spellingsOf(key: string, flag: Flag): readonly Spelling[] {
  let byKey = SPELLINGS.get(flag);
  if (!byKey) SPELLINGS.set(flag, (byKey = new Map()));
  let spellings = byKey.get(key);
  if (!spellings) byKey.set(key, (spellings = spellingsMade(key, flag)));
  return spellings;
}

function spellingsMade(key: string, flag: Flag): readonly Spelling[] {
  const long = flag.long ?? kebab(key);
  const short = flag.short ? `-${flag.short}` : undefined;
  const hidden = Boolean(flag.hidden);
  if (flag.kind !== 'bool') return [{ long: `--${long}`, short, key, flag, hidden }];
  const forms = flag.forms ?? 'positive';
  const spellings: Spelling[] = [];
  if (forms !== 'negative')
    spellings.push({ long: `--${long}`, short, key, flag, sets: true, hidden: hidden || flag.hide === 'positive' });
  if (forms !== 'positive')
    spellings.push({ long: `--no-${long}`, key, flag, sets: false, hidden: hidden || flag.hide === 'negative' });
  return spellings;
}

/** Does the flag take a value (`--message <text>`), or is it a switch? */
export function takesValue(flag: Flag): boolean {
  return flag.kind !== 'bool';
}

/** "a, b or c" */
export function orList(values: readonly (string | number)[]): string {
  return values.length <= 1 ? String(values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** "--name, --severity and --message" */
export function andList(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

/** Body paths → the flag that gives them, for naming what a request schema finds there. */
export function bodyNames(flags: FlagTable): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [key, flag] of Object.entries(flags))
    for (const path of flag.body ?? []) names[path] = flagName(key, flag);
  return names;
}

/** The table's spelling of an enum value typed in any case (and with spaces around); undefined when it is none of them. */
export function canonicalValue(values: readonly string[], input: string): string | undefined {
  const typed = input.trim().toUpperCase();
  return values.find((value) => value.toUpperCase() === typed);
}
