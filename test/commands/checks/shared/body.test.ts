/**
 * Property tests: the frequencyOffset rules against the spec's wording, the schema and the
 * CLI message agreeing with them, and the body builder (flags over --file, the fields mon
 * always sends, assertions as typed).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyFromFlags,
  type CheckFlags,
  isPlainObject,
  mergeBody,
  parseAssertion,
  SHAPED_FLAGS,
  withRequiredFillers,
} from '../../../../src/commands/checks/shared/body';
import { type BodyFlag, CREATE } from '../../../../src/commands/checks/spec';
import type { Flag } from '../../../../src/core/flags/spec';

// ---------------------------------------------------------------------------------------

/** The flags that set one body field each, from the flag table: how each is written into the body. */
const FLAG_FIELDS = Object.entries(CREATE.flags as Record<string, Flag & { convert?: BodyFlag['convert'] }>)
  .filter(([key, flag]) => flag.body && !SHAPED_FLAGS.has(key) && !('repeatable' in flag && flag.repeatable))
  .map(([option, flag]) => ({
    option,
    path: flag.body![0]!.split('.'),
    kind: flag.kind === 'bool' ? 'switch' : (flag.convert ?? 'text'),
  }));
const textFlags = FLAG_FIELDS.filter((spec) => spec.kind === 'text');
const numberFlags = FLAG_FIELDS.filter((spec) => spec.kind === 'number');
const switchFlags = FLAG_FIELDS.filter((spec) => spec.kind === 'switch');

/** Any set of single-value flags, as commander hands them over. */
const flagsArbitrary = fc
  .record({
    texts: fc
      .subarray(textFlags)
      .chain((specs) => fc.tuple(...specs.map((spec) => fc.tuple(fc.constant(spec), fc.string())))),
    numbers: fc
      .subarray(numberFlags)
      .chain((specs) =>
        fc.tuple(...specs.map((spec) => fc.tuple(fc.constant(spec), fc.integer({ min: -1000, max: 100_000 })))),
      ),
    switches: fc
      .subarray(switchFlags)
      .chain((specs) => fc.tuple(...specs.map((spec) => fc.tuple(fc.constant(spec), fc.boolean())))),
  })
  .map(({ texts, numbers, switches }) => {
    const flags: Record<string, unknown> = {};
    const expected: [string[], unknown][] = [];
    for (const [spec, value] of texts) {
      flags[spec.option] = value;
      expected.push([spec.path, value]);
    }
    for (const [spec, value] of numbers) {
      flags[spec.option] = String(value);
      expected.push([spec.path, value]);
    }
    for (const [spec, value] of switches) {
      flags[spec.option] = value;
      expected.push([spec.path, value]);
    }
    return { flags: flags as CheckFlags, expected };
  });

const FIELD_NAMES = [
  'name',
  'description',
  'frequency',
  'request',
  'alertSettings',
  'retryStrategy',
  'tags',
  'locations',
  'script',
  'heartbeat',
  'muted',
  'extra',
];
const jsonLeaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
);
const fileArbitrary = fc.dictionary(
  fc.constantFrom(...FIELD_NAMES),
  fc.oneof(
    jsonLeaf,
    fc.dictionary(
      fc.constantFrom('query', 'recordType', 'port', 'type', 'reminders', 'x'),
      fc.oneof(jsonLeaf, fc.dictionary(fc.constantFrom('amount', 'interval'), jsonLeaf)),
    ),
  ),
);

function get(body: unknown, path: readonly string[]): unknown {
  let current = body;
  for (const key of path) {
    if (!isPlainObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

function leaves(body: Record<string, unknown>, prefix: string[] = []): [string[], unknown][] {
  return Object.entries(body).flatMap(([key, value]) =>
    isPlainObject(value) && Object.keys(value).length > 0
      ? leaves(value, [...prefix, key])
      : [[[...prefix, key], value] as [string[], unknown]],
  );
}

const isPrefix = (a: string[], b: string[]) => a.length <= b.length && a.every((key, i) => b[i] === key);

describe('the body builder', () => {
  it('puts every flag at its field, converted (numbers as numbers)', () => {
    fc.assert(
      fc.property(flagsArbitrary, ({ flags, expected }) => {
        const { body } = bodyFromFlags(flags);
        for (const [path, value] of expected) expect(get(body, path)).toEqual(value);
      }),
    );
  });

  it('flags win over --file; what the flags do not touch stays as the file has it', () => {
    fc.assert(
      fc.property(fileArbitrary, flagsArbitrary, (file, { flags, expected }) => {
        const merged = mergeBody(file, bodyFromFlags(flags).body);
        for (const [path, value] of expected) expect(get(merged, path)).toEqual(value);
        for (const [path, value] of leaves(file)) {
          const touched = expected.some(([flagPath]) => isPrefix(flagPath, path) || isPrefix(path, flagPath));
          if (!touched) expect(get(merged, path)).toEqual(value);
        }
      }),
    );
  });

  it('always sends heartbeat and script (null counts as not given), keeping what was given', () => {
    fc.assert(
      fc.property(fileArbitrary, (file) => {
        const body = withRequiredFillers(file);
        expect(body.heartbeat).toEqual(file.heartbeat ?? {});
        expect(body.script).toEqual(file.script ?? '');
      }),
    );
  });

  it('reads --assert as SOURCE COMPARISON and the rest, spaces and all, as the target', () => {
    const word = fc.stringMatching(/^[A-Za-z_]{1,12}$/);
    fc.assert(
      fc.property(word, word, fc.string(), (source, comparison, target) => {
        expect(parseAssertion(`${source} ${comparison} ${target}`)).toEqual({
          source: source.toUpperCase(),
          comparison: comparison.toUpperCase(),
          target,
        });
      }),
    );
    expect(parseAssertion('TEXT_ANSWER NOT_EMPTY')).toEqual({
      source: 'TEXT_ANSWER',
      comparison: 'NOT_EMPTY',
      target: '',
    });
  });

  it('a --env / --secret-env list becomes the environment variables, secret ones marked', () => {
    const key = fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,10}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string())), fc.array(fc.tuple(key, fc.string())), (plain, secret) => {
        const { body, problems } = bodyFromFlags({
          env: plain.map(([k, v]) => `${k}=${v}`),
          secretEnv: secret.map(([k, v]) => `${k}=${v}`),
        });
        expect(problems).toEqual([]);
        expect(body.environmentVariables).toEqual([
          ...plain.map(([k, v]) => ({ key: k, value: v })),
          ...secret.map(([k, v]) => ({ key: k, value: v, secret: true })),
        ]);
      }),
    );
  });
});
