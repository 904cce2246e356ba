import { isWholeNumber, numberOfText, pathIdProblems, wholeNumberRule } from '../../api/rules';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { closest } from '../../text/similar';
import { parseTime, readDuration, timeRule } from '../../text/time';
import { GLOBAL_FLAGS } from './globals';
import type { SpilledWords } from './read';
import {
  andList,
  canonicalValue,
  flagName,
  orList,
  takesValue,
  type ArgSpec,
  type Flag,
  type Input,
  type VerbSpec,
} from './spec';

/*
 * One converter per kind of flag (spec.ts): a value as typed → the value the run function
 * gets, or each rule it breaks. The line read without commander (read.ts) and the line
 * commander parsed (commander.ts) are converted here alike, and a prompt's answer is
 * checked with its flag's converter. Every problem of a command line is reported at once,
 * each naming the flag or argument it came from, as exit 2 before anything is sent.
 */

/** A rule a value breaks: what it must be, what was given, and perhaps the value meant ("did you mean"). */
export interface Broken {
  rule: string;
  got?: unknown;
  near?: string;
}

type Converted = { value: unknown } | { broken: Broken[] };

const breaks = (rule: string, got: unknown, near?: string): Converted => ({ broken: [{ rule, got, near }] });

/** Free text, trimmed; never empty. */
function text(typed: string, max?: number): Converted {
  const value = typed.trim();
  if (value === '') return breaks('must not be empty', value);
  if (max !== undefined && value.length > max) return breaks(`must be at most ${max} characters`, value);
  return { value };
}

/** An ID that goes into a URL path (api/rules.ts); `min`: the shortest prefix of one that is taken. */
function pathId(typed: string, min?: number): Converted {
  const broken: Broken[] = pathIdProblems(typed).map((rule) => ({ rule, got: typed }));
  if (min && typed !== '' && typed.length < min)
    broken.push({ rule: `must be the whole ID or at least its first ${min} characters`, got: typed });
  return broken.length ? { broken } : { value: typed };
}

/**
 * One of `values`, typed in any case (and with spaces around), as the table spells it. A value
 * close to one of them says which (`--status identifed` → "did you mean identified?", in lower
 * case as the docs write them).
 */
function oneOf(typed: string, values: readonly string[], suggest: boolean): Converted {
  const value = canonicalValue(values, typed);
  if (value !== undefined) return { value };
  const near = suggest ? closest(typed, values, 1)[0] : undefined;
  return breaks(`must be one of ${orList(values)}`, typed, near && /^[A-Z_]+$/.test(near) ? near.toLowerCase() : near);
}

/** A number as written in JavaScript (`12`, `-1.5`, `.5`, `1e3`), with spaces around. */
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The converter of each kind of flag, for one value as typed. */
const CONVERTERS: { [K in Flag['kind']]: (typed: string, flag: Extract<Flag, { kind: K }>, now: number) => Converted } =
  {
    text: (typed, flag) => text(typed, flag.max),
    id: (typed) => pathId(typed),
    file: (typed) => (typed === '' ? breaks('must not be empty', typed) : { value: typed }),
    int: (typed, flag) => {
      const value = numberOfText(typed);
      // What is shown of a bad value: the number it reads as, else the text.
      return isWholeNumber(value, flag.min, flag.max)
        ? { value }
        : breaks(wholeNumberRule(flag.min, flag.max), Number.isFinite(value) ? value : typed);
    },
    number: (typed) => {
      const value = NUMBER.test(typed) ? Number(typed) : NaN;
      return Number.isFinite(value) ? { value } : breaks('must be a number', typed);
    },
    enum: (typed, flag) => {
      const converted = oneOf(typed, flag.values, !flag.numeric);
      return flag.numeric && 'value' in converted ? { value: Number(converted.value) } : converted;
    },
    time: (typed, flag, now) => {
      const time = parseTime(typed, now);
      if (!time) return breaks(timeRule(typed, now), typed);
      if (flag.past && time.getTime() > now) return breaks('must not be in the future', typed);
      return { value: time };
    },
    duration: (typed, flag, now) => {
      const read = readDuration(typed, { zero: flag.zero, ago: flag.ago ? now : undefined });
      return 'ms' in read ? { value: read.ms } : breaks(read.problem, typed);
    },
    // A switch is read as true or false (read.ts, commander), never as text.
    bool: (typed) => breaks('takes no value', typed),
    raw: (typed) => ({ value: typed }),
  };

/** One value as typed → the flag's value, or the rules it breaks. */
export function convertValue(flag: Flag, typed: string, now: number): Converted {
  return (CONVERTERS[flag.kind] as (typed: string, flag: Flag, now: number) => Converted)(typed, flag, now);
}

/**
 * A flag as read (its text, the texts of a repeated flag, a switch's state; undefined when not
 * given) → its value: the table's default when not given (a switch with only its `--no-`
 * form is on unless given), each value of a repeated one converted.
 */
export function convertFlag(flag: Flag, raw: unknown, now: number): Converted {
  if (raw === undefined || raw === null) {
    if ('default' in flag && flag.default !== undefined) return { value: flag.default };
    return { value: flag.kind === 'bool' && flag.forms === 'negative' ? true : undefined };
  }
  if (flag.kind === 'bool') return typeof raw === 'boolean' ? { value: raw } : breaks('takes no value', raw);
  const repeatable = 'repeatable' in flag && flag.repeatable;
  const typed = repeatable && !Array.isArray(raw) ? [raw] : raw;
  if (!Array.isArray(typed))
    return typeof typed === 'string' ? convertValue(flag, typed, now) : breaks('is not text', typed);
  const values: unknown[] = [];
  const broken: Broken[] = [];
  for (const item of typed) {
    const converted = typeof item === 'string' ? convertValue(flag, item, now) : breaks('is not text', item);
    if ('value' in converted) values.push(converted.value);
    else broken.push(...converted.broken);
  }
  return broken.length ? { broken } : { value: values };
}

/** An argument as read (a word, the words of a list, undefined when left out) → its value, or the rules it breaks. */
export function convertArg(arg: ArgSpec, raw: unknown): Converted {
  if (raw === undefined || raw === null) return arg.optional ? { value: undefined } : breaks('is required', undefined);
  if (arg.kind === 'words') {
    if (typeof raw === 'object' && 'beforeEnd' in raw) {
      // Words before `--` that only the list after it takes (read.ts): not quoted (one may be a token).
      const { length } = (raw as SpilledWords).beforeEnd;
      return breaks(
        `goes after --: ${length === 1 ? '1 word' : `${length} words`} typed where no argument takes them; nothing was run`,
        undefined,
      );
    }
    return { value: Array.isArray(raw) ? raw.map(String) : [String(raw)] };
  }
  if (typeof raw !== 'string') return breaks('is not text', raw);
  switch (arg.kind) {
    case 'id':
      return pathId(raw, arg.min);
    case 'enum':
      return oneOf(raw, arg.values ?? [], true);
    case 'text':
      return text(raw);
    case 'raw':
      return { value: raw };
  }
}

/** A problem, named as the user typed it: one line of an error. */
export interface Problem extends Broken {
  /** `--limit`, `INCIDENT_ID`, `--tag` (each value of a repeated flag). */
  name: string;
}

/**
 * The flags and arguments as read → the run function's input, every value converted and
 * defaults filled in; exit 2 naming every problem at once.
 */
export function convertInput<S extends VerbSpec>(
  spec: S,
  rawFlags: Record<string, unknown>,
  rawArgs: readonly unknown[],
  now: number,
): Input<S> {
  const flags: Record<string, unknown> = {};
  const args: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const keep = (into: Record<string, unknown>, key: string, name: string, converted: Converted) => {
    if (!('value' in converted)) problems.push(...converted.broken.map((broken) => ({ name, ...broken })));
    else if (converted.value !== undefined) into[key] = converted.value;
  };
  for (const [key, flag] of Object.entries(spec.flags))
    keep(flags, key, flagName(key, flag), convertFlag(flag, rawFlags[key], now));
  for (const [index, arg] of (spec.args ?? []).entries())
    keep(args, arg.key, arg.label, convertArg(arg, rawArgs[index]));
  if (problems.length) throw problemsError(problems);
  return { flags, args } as Input<S>;
}

/**
 * Problems as one error: "--limit must be a whole number from 1 to 100 (got 0)." alone, or
 * "2 problems:" and a line each (the same line twice is said once).
 */
export function problemsError(problems: readonly Problem[]): UsageError {
  const lines = problems.map(({ name, rule, got, near }) => {
    const input = got !== undefined ? ` (got ${show(got)})` : '';
    return `${name ? `${name} ` : ''}${rule}${input}${near !== undefined ? `: did you mean ${near}?` : ''}`;
  });
  const unique = [...new Set(lines)];
  if (unique.length === 1) return new UsageError(/[.?]$/.test(unique[0]!) ? unique[0]! : `${unique[0]}.`);
  return new UsageError(`${unique.length} problems:\n${unique.map((line) => `  ${line}`).join('\n')}`);
}

/** The value the user gave, quoted; escaped so that a pasted control character cannot act on the terminal. */
function show(input: unknown): string {
  const text = sanitize(JSON.stringify(input) ?? String(input));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A prompt's check of a typed answer, with the flag's own converter: true, or what is wrong. */
export function answerCheck(flag: Flag, now: number): (value: string) => true | string {
  return (value) => {
    const converted = convertValue(flag, value, now);
    if ('value' in converted) return true;
    const [first] = converted.broken;
    return first?.near !== undefined
      ? `It ${first.rule}: did you mean ${first.near}?`
      : `It ${first?.rule ?? 'is not valid'}.`;
  };
}

/** Why no prompt asks for a missing value, for a verb that asks where it can. */
const PROMPTS_OFF = 'prompts are off: no terminal, --no-input, MON_NO_INPUT or CI';

/**
 * Required values that are missing where no prompt can ask for them: exit 2 naming the flags
 * (`example`: the words after `mon`; `why`: why nothing asks, for a verb that never does).
 */
export function missingFlagsError(flags: string[], example: string, why = PROMPTS_OFF): UsageError {
  return new UsageError(
    `${andList(flags)} ${flags.length === 1 ? 'is' : 'are'} required (${why}).`,
    (next) => `For example: ${next(example)}`,
  );
}

/**
 * A value given to a global flag that the verb declares too (`--timeout DURATION` of the verbs
 * that wait, beside the global `--timeout SECONDS` of each request) is the verb's: both readings
 * (read.ts and commander) give it to the global, and it is handed over here, so that the
 * requests keep their own deadline (MON_TIMEOUT, the profile, or the default).
 */
export function ownGlobals<G extends object>(
  spec: Pick<VerbSpec, 'flags'>,
  flags: Record<string, unknown>,
  globals: G,
): { flags: Record<string, unknown>; globals: G } {
  const given = globals as Record<string, unknown>;
  const keys = Object.entries(spec.flags)
    .filter(([key, flag]) => {
      const global = (GLOBAL_FLAGS as Record<string, Flag>)[key];
      return global !== undefined && takesValue(global) && takesValue(flag) && given[key] !== undefined;
    })
    .map(([key]) => key);
  if (!keys.length) return { flags, globals };
  const rest = { ...given };
  const own = { ...flags };
  for (const key of keys) {
    own[key] ??= rest[key];
    delete rest[key];
  }
  return { flags: own, globals: rest as G };
}
