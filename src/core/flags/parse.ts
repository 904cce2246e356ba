import { z } from 'zod';
import { pathIdSchema, wholeNumber } from '../../api/schemas/common';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { closest } from '../../text/similar';
import { longestPrefix, formatPath } from '../../text/path';
import { parseTime, readDuration, timeRule } from '../../text/time';
import {
  andList,
  bodyNames,
  canonicalValue,
  flagName,
  orList,
  type ArgSpec,
  type Flag,
  type Input,
  type VerbSpec,
} from './spec';

/*
 * Validation built from the flag tables (spec.ts), when a verb runs. Every problem is
 * reported at once, each naming the flag or argument it came from, as exit 2 before
 * anything is sent.
 */

/** The value as sent: the table's spelling of an enum value typed in any case. */
function canonical(values: readonly string[]) {
  return (input: unknown) => (typeof input === 'string' ? (canonicalValue(values, input) ?? input) : input);
}

const nonEmptyText = () => z.string().trim().min(1, { error: 'must not be empty' });

/** "12" → 12, "1e3" → 1000; what is not a number stays text, so the message can quote it. */
const toNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value) ? Number(value) : value;

function scalarSchema(flag: Flag, now: number): z.ZodType {
  switch (flag.kind) {
    case 'text':
      return flag.max === undefined
        ? nonEmptyText()
        : nonEmptyText().max(flag.max, { error: `must be at most ${flag.max} characters` });
    case 'id':
      return pathIdSchema;
    case 'file':
      return z.string().min(1, { error: 'must not be empty' });
    case 'int':
      return wholeNumber(flag.min, flag.max);
    case 'number':
      return z.preprocess(toNumber, z.number({ error: 'must be a number' }));
    case 'enum': {
      const known = enumSchema(flag.values, !flag.numeric);
      return flag.numeric ? known.transform(Number) : known;
    }
    case 'time':
      return z.string().transform((value, context) => {
        const time = parseTime(value, now);
        if (!time) {
          context.addIssue({ code: 'custom', message: timeRule(value, now), input: value });
          return z.NEVER;
        }
        if (flag.past && time.getTime() > now) {
          context.addIssue({ code: 'custom', message: 'must not be in the future', input: value });
          return z.NEVER;
        }
        return time;
      });
    case 'duration':
      return z.string().transform((value, context) => {
        const read = readDuration(value, { zero: flag.zero, ago: flag.ago ? now : undefined });
        if ('ms' in read) return read.ms;
        context.addIssue({ code: 'custom', message: read.problem, input: value });
        return z.NEVER;
      });
    case 'bool':
      return z.boolean();
    case 'raw':
      return z.string();
  }
}

/** The rule for one flag's value (repeatable flags: for each of their values). */
export function flagSchema(flag: Flag, now: number): z.ZodType {
  const scalar = scalarSchema(flag, now);
  const schema = 'repeatable' in flag && flag.repeatable ? z.array(scalar) : scalar;
  const fallback = 'default' in flag ? flag.default : undefined;
  return fallback === undefined ? schema.optional() : schema.default(fallback as never);
}

/** Marks the "did you mean" part of a message: the value given goes before it. */
const SUGGESTION = ': did you mean ';

/**
 * One of `values`, typed in any case. A value close to one of them says which (`--status
 * identifed` → "did you mean identified?", in lower case as the docs write them).
 */
function enumSchema(values: readonly string[], suggest: boolean): z.ZodType {
  const rule = `must be one of ${orList(values)}`;
  return z.preprocess(
    canonical(values),
    z.enum(values as [string, ...string[]], {
      error: (issue) => {
        const near = suggest && typeof issue.input === 'string' ? closest(issue.input, values, 1)[0] : undefined;
        return near ? `${rule}${SUGGESTION}${/^[A-Z_]+$/.test(near) ? near.toLowerCase() : near}?` : rule;
      },
    }),
  );
}

function argSchema(arg: ArgSpec): z.ZodType {
  const schema =
    arg.kind === 'id'
      ? arg.min
        ? pathIdSchema.refine((id) => id === '' || id.length >= arg.min!, {
            error: `must be the whole ID or at least its first ${arg.min} characters`,
          })
        : pathIdSchema
      : arg.kind === 'enum'
        ? enumSchema(arg.values ?? [], true)
        : arg.kind === 'words'
          ? z.array(z.string())
          : arg.kind === 'raw'
            ? z.string()
            : nonEmptyText();
  return arg.optional ? schema.optional() : schema;
}

/** The flags commander parsed and the positional arguments → the run function's input. */
export function parseInput<S extends VerbSpec>(
  spec: S,
  rawFlags: Record<string, unknown>,
  rawArgs: unknown[],
  now: number,
): Input<S> {
  const args = spec.args ?? [];
  const flagShape = Object.fromEntries(Object.entries(spec.flags).map(([key, flag]) => [key, flagSchema(flag, now)]));
  const argShape = Object.fromEntries(args.map((arg) => [arg.key, argSchema(arg)]));
  const raw = {
    flags: rawFlags,
    args: Object.fromEntries(args.map((arg, index) => [arg.key, rawArgs[index] ?? undefined])),
  };
  const names = {
    ...Object.fromEntries(Object.entries(spec.flags).map(([key, flag]) => [`flags.${key}`, flagName(key, flag)])),
    ...Object.fromEntries(args.map((arg) => [`args.${arg.key}`, arg.label])),
  };
  const parsed = parseOptions(z.object({ flags: z.object(flagShape), args: z.object(argShape) }), raw, names);
  const defined = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return { flags: defined(parsed.flags), args: defined(parsed.args) } as Input<S>;
}

/**
 * Validates a value (a request body, a command's options) with a zod schema. `names` maps
 * schema keys or dotted body paths to what the user typed, so every message names a flag.
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown, names: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  throw usageErrorFrom(result.error.issues, names);
}

/** A request body the flags built, checked with the request schema; problems named by the verb's table. */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown, spec: Pick<VerbSpec, 'flags'>): z.infer<S> {
  return parseOptions(schema, body, bodyNames(spec.flags));
}

export function usageErrorFrom(issues: readonly z.core.$ZodIssue[], names: Record<string, string>): UsageError {
  const lines = issues.map((issue) => {
    const path = formatPath(issue.path);
    const name = longestPrefix(path, names)?.name ?? path;
    const input = 'input' in issue && issue.input !== undefined ? ` (got ${show(issue.input)})` : '';
    const [rule, suggestion = ''] = issue.message.split(new RegExp(`(?=${SUGGESTION})`));
    return `${name ? `${name} ` : ''}${rule}${input}${suggestion}`;
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

/** Required values that are missing where no prompt can ask for them: exit 2 naming the flags (`example`: the words after `mon`). */
export function missingFlagsError(flags: string[], example: string): UsageError {
  return new UsageError(
    `${andList(flags)} ${flags.length === 1 ? 'is' : 'are'} required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).`,
    (next) => `For example: ${next(example)}`,
  );
}

/** A prompt's check of a typed answer, with the flag's own rule: true, or what is wrong. */
export function answerCheck(flag: Flag, now: number): (value: string) => true | string {
  const schema = scalarSchema(flag, now);
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? true : `It ${result.error.issues[0]?.message ?? 'is not valid'}.`;
  };
}
