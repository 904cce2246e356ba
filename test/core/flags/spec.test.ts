/**
 * The names and words derived from a flag table (core/flags/spec.ts): how a flag is spelled,
 * how lists of values read in messages, which body paths a flag names, what a verb's effect
 * is classified as.
 */
import { describe, expect, it } from 'vitest';
import {
  andList,
  bodyNames,
  canonicalValue,
  classificationOf,
  effectsOf,
  flagName,
  isPlanned,
  kebab,
  orList,
  singleEffect,
  spellingsOf,
  type Effect,
  type Flag,
} from '../../../src/core/flags/spec';

describe('lists of values, as messages say them', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [[5], '5'],
    [['a', 'b'], 'a or b'],
    [['a', 'b', 'c'], 'a, b or c'],
  ])('orList(%j) is "%s"', (values, said) => {
    expect(orList(values)).toBe(said);
  });

  it.each([
    [[], ''],
    [['--name'], '--name'],
    [['--name', '--severity'], '--name and --severity'],
    [['--name', '--severity', '--message'], '--name, --severity and --message'],
  ])('andList(%j) is "%s"', (values, said) => {
    expect(andList(values)).toBe(said);
  });
});

describe('how a flag is spelled', () => {
  const text: Flag = { kind: 'text', help: 'h' };
  it.each([
    ['dryRun', text, '--dry-run'],
    ['baseUrlOfIt', text, '--base-url-of-it'],
    ['name', { kind: 'text', long: 'title', help: 'h' } as Flag, '--title'],
    ['json', { kind: 'bool', help: 'h' } as Flag, '--json'],
    ['input', { kind: 'bool', forms: 'negative', help: 'h' } as Flag, '--no-input'],
    ['notify', { kind: 'bool', forms: 'both', help: 'h' } as Flag, '--notify'],
    ['notify', { kind: 'bool', forms: 'both', hide: 'negative', help: 'h' } as Flag, '--notify'],
    // Both forms, the positive kept out of the help: the table's name is the one shown.
    ['paused', { kind: 'bool', forms: 'both', hide: 'positive', help: 'h' } as Flag, '--no-paused'],
  ])('%s (%j) is typed %s', (key, flag, typed) => {
    expect(flagName(key, flag)).toBe(typed);
  });

  it('kebab-cases each capital of a table key', () => {
    expect(kebab('nextId')).toBe('next-id');
    expect(kebab('json')).toBe('json');
  });

  it.each([
    [
      'a flag that takes a value: one spelling, with its short form',
      'message',
      { kind: 'text', short: 'm', help: 'h' },
      [{ long: '--message', short: '-m', sets: undefined, hidden: false }],
    ],
    [
      'a hidden flag',
      'legacy',
      { kind: 'text', hidden: true, help: 'h' },
      [{ long: '--legacy', short: undefined, sets: undefined, hidden: true }],
    ],
    [
      'a switch',
      'yes',
      { kind: 'bool', short: 'y', help: 'h' },
      [{ long: '--yes', short: '-y', sets: true, hidden: false }],
    ],
    [
      'a switch with only its --no- form',
      'color',
      { kind: 'bool', forms: 'negative', help: 'h' },
      [{ long: '--no-color', short: undefined, sets: false, hidden: false }],
    ],
    [
      'a switch with both forms, the positive first',
      'notify',
      { kind: 'bool', forms: 'both', help: 'h' },
      [
        { long: '--notify', short: undefined, sets: true, hidden: false },
        { long: '--no-notify', short: undefined, sets: false, hidden: false },
      ],
    ],
    [
      'both forms, the negative hidden',
      'x',
      { kind: 'bool', forms: 'both', hide: 'negative', help: 'h' },
      [
        { long: '--x', short: undefined, sets: true, hidden: false },
        { long: '--no-x', short: undefined, sets: false, hidden: true },
      ],
    ],
    [
      'both forms, the positive hidden',
      'x',
      { kind: 'bool', forms: 'both', hide: 'positive', help: 'h' },
      [
        { long: '--x', short: undefined, sets: true, hidden: true },
        { long: '--no-x', short: undefined, sets: false, hidden: false },
      ],
    ],
    [
      'both forms of a hidden switch: both hidden',
      'x',
      { kind: 'bool', forms: 'both', hidden: true, help: 'h' },
      [
        { long: '--x', short: undefined, sets: true, hidden: true },
        { long: '--no-x', short: undefined, sets: false, hidden: true },
      ],
    ],
  ] as [string, string, Flag, object[]][])('%s', (_what, key, flag, spellings) => {
    expect(spellingsOf(key, flag).map(({ long, short, sets, hidden }) => ({ long, short, sets, hidden }))).toEqual(
      spellings,
    );
    // Made once: the same list each time.
    expect(spellingsOf(key, flag)).toBe(spellingsOf(key, flag));
  });
});

describe('body paths name the flag that gave them', () => {
  it('maps each body path of each flag to the flag as typed', () => {
    expect(
      bodyNames({
        message: { kind: 'text', help: 'h', body: ['incidentUpdates[0].description', 'description'] },
        notify: { kind: 'bool', forms: 'both', hide: 'positive', help: 'h', body: ['notifySubscribers'] },
        dryRun: { kind: 'bool', help: 'h' },
      }),
    ).toEqual({
      'incidentUpdates[0].description': '--message',
      description: '--message',
      notifySubscribers: '--no-notify',
    });
  });
});

describe('an enum value typed in any case', () => {
  it.each([
    ['major', 'MAJOR'],
    [' Minor ', 'MINOR'],
    ['CRITICAL', 'CRITICAL'],
    ['majo', undefined],
    ['', undefined],
  ])('%j is %j', (typed, value) => {
    expect(canonicalValue(['MINOR', 'MAJOR', 'CRITICAL'], typed)).toBe(value);
  });
});

describe("a verb's effect", () => {
  it.each([
    [
      'a read',
      { kind: 'read-only', idempotent: true },
      false,
      { readOnly: true, destructive: false, idempotent: true, local: false },
    ],
    [
      'a write',
      { kind: 'write', idempotent: false },
      true,
      { readOnly: false, destructive: false, idempotent: false, local: false },
    ],
    [
      'a removal',
      { kind: 'destructive', idempotent: true },
      true,
      { readOnly: false, destructive: true, idempotent: true, local: false },
    ],
    [
      'a write on this machine',
      { kind: 'write', idempotent: true, local: true },
      false,
      { readOnly: false, destructive: false, idempotent: true, local: true },
    ],
    [
      'a write never planned',
      { kind: 'write', idempotent: false, unplanned: 'a signal' },
      false,
      { readOnly: false, destructive: false, idempotent: false, local: false },
    ],
    [
      'a write never planned, with no reason worded',
      { kind: 'write', idempotent: false, unplanned: '' },
      false,
      { readOnly: false, destructive: false, idempotent: false, local: false },
    ],
  ] as [string, Effect, boolean, object][])(
    '%s: planned %s, classified %j',
    (_what, effect, planned, classification) => {
      expect(isPlanned(effect)).toBe(planned);
      expect(classificationOf(effect)).toEqual(classification);
    },
  );

  it('the effects a verb can have: its one, or one per method', () => {
    const write: Effect = { kind: 'write', idempotent: false };
    const read: Effect = { kind: 'read-only', idempotent: true };
    expect(effectsOf({ effect: write })).toEqual([write]);
    expect(effectsOf({ effect: { byMethod: { GET: read, POST: write } } })).toEqual([read, write]);
  });

  it("one effect is the verb's; an effect by method is not one", () => {
    const write: Effect = { kind: 'write', idempotent: false };
    expect(singleEffect({ name: 'create', effect: write })).toBe(write);
    expect(() => singleEffect({ name: 'api', effect: { byMethod: { POST: write } } })).toThrow(
      'api: its effect depends on the method.',
    );
  });
});
