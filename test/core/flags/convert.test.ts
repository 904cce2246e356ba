/**
 * One converter per kind of flag (core/flags/convert.ts): the value a run function gets, or an
 * error naming the flag and the rule (exit 2). Each bound is tried on both sides. What a user
 * sees of these on the command line: parse.test.ts and each verb's tests.
 */
import { describe, expect, it } from 'vitest';
import { READ_ONLY } from '../../../src/core/flags/common';
import { answerCheck, convertInput, missingFlagsError, ownGlobals } from '../../../src/core/flags/convert';
import { verb, type ArgSpec, type Flag } from '../../../src/core/flags/spec';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

/** `--x TYPED` of a verb whose only flag is `flag`: its value, or the error's message. */
function convert(flag: Flag, typed: unknown): unknown {
  const spec = verb({ name: 'v', summary: '', effect: READ_ONLY, examples: [], flags: { x: flag } });
  try {
    return convertInput(spec, { x: typed }, [], NOW).flags.x;
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The verb's only argument, given as `typed`. */
function convertArgument(arg: ArgSpec, typed: unknown): unknown {
  const spec = verb({ name: 'v', summary: '', effect: READ_ONLY, examples: [], flags: {}, args: [arg] });
  try {
    return convertInput(spec, {}, [typed], NOW).args.a;
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const refused = (message: string) => ({ error: message });

describe('each kind of flag', () => {
  it.each<[string, Flag, unknown, unknown]>([
    // text: trimmed, never empty, at most `max` characters
    ['text', { kind: 'text', help: '', max: 3 }, ' abc ', 'abc'],
    ['text', { kind: 'text', help: '', max: 3 }, 'abcd', refused('--x must be at most 3 characters (got "abcd").')],
    ['text', { kind: 'text', help: '' }, '   ', refused('--x must not be empty (got "").')],
    // id: what cannot change which path is requested
    ['id', { kind: 'id', help: '' }, 'a'.repeat(200), 'a'.repeat(200)],
    [
      'id',
      { kind: 'id', help: '' },
      'a'.repeat(201),
      refused(`--x must be at most 200 characters (got "${'a'.repeat(56)}...).`),
    ],
    [
      'id',
      { kind: 'id', help: '' },
      ' a/b ',
      refused(
        '2 problems:\n  --x must not contain "/", "\\", "?", "#" or "%" (got " a/b ")\n  --x must not start or end with spaces (got " a/b ")',
      ),
    ],
    ['id', { kind: 'id', help: '' }, '..', refused('--x must not be "." or ".." (got "..").')],
    ['id', { kind: 'id', help: '' }, 'a\u0007', refused('--x must not contain control characters (got "a\\u0007").')],
    // file: any name but ""
    ['file', { kind: 'file', help: '' }, '-', '-'],
    ['file', { kind: 'file', help: '' }, '', refused('--x must not be empty (got "").')],
    // int: a whole number in range, as typed
    ['int', { kind: 'int', help: '', min: 1, max: 100 }, '1', 1],
    ['int', { kind: 'int', help: '', min: 1, max: 100 }, ' 100 ', 100],
    [
      'int',
      { kind: 'int', help: '', min: 1, max: 100 },
      '0',
      refused('--x must be a whole number from 1 to 100 (got 0).'),
    ],
    [
      'int',
      { kind: 'int', help: '', min: 1, max: 100 },
      '101',
      refused('--x must be a whole number from 1 to 100 (got 101).'),
    ],
    [
      'int',
      { kind: 'int', help: '', min: 1, max: 100 },
      '2.5',
      refused('--x must be a whole number from 1 to 100 (got 2.5).'),
    ],
    [
      'int',
      { kind: 'int', help: '', min: 1, max: 100 },
      '1e1',
      refused('--x must be a whole number from 1 to 100 (got "1e1").'),
    ],
    [
      'int',
      { kind: 'int', help: '', min: 0 },
      '9'.repeat(400),
      refused(`--x must be a whole number >= 0 (got "${'9'.repeat(56)}...).`),
    ],
    // number: as written in JavaScript
    ['number', { kind: 'number', help: '' }, ' -1.5e2 ', -150],
    ['number', { kind: 'number', help: '' }, '0x10', refused('--x must be a number (got "0x10").')],
    ['number', { kind: 'number', help: '' }, '1e999', refused('--x must be a number (got "1e999").')],
    // enum: in any case, sent as the table spells it; a near value suggested, in lower case
    ['enum', { kind: 'enum', help: '', values: ['OPEN', 'RESOLVED'] }, ' open ', 'OPEN'],
    [
      'enum',
      { kind: 'enum', help: '', values: ['OPEN', 'RESOLVED'] },
      'opne',
      refused('--x must be one of OPEN or RESOLVED (got "opne"): did you mean open?'),
    ],
    ['enum', { kind: 'enum', help: '', values: ['1', '5'], numeric: true }, '5', 5],
    [
      'enum',
      { kind: 'enum', help: '', values: ['1', '5'], numeric: true },
      '6',
      refused('--x must be one of 1 or 5 (got "6").'),
    ],
    // time: a date, a date-time or a time ago; `past`: not after now
    ['time', { kind: 'time', help: '' }, '2h', new Date(NOW - 2 * 3600_000)],
    ['time', { kind: 'time', help: '', past: true }, 'now', new Date(NOW)],
    [
      'time',
      { kind: 'time', help: '', past: true },
      '2026-03-02T10:00:01Z',
      refused('--x must not be in the future (got "2026-03-02T10:00:01Z").'),
    ],
    [
      'time',
      { kind: 'time', help: '' },
      'soon',
      refused('--x must be a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (got "soon").'),
    ],
    // duration: a number and its unit, in milliseconds; 0 only with `zero`
    ['duration', { kind: 'duration', help: '' }, '90s', 90_000],
    ['duration', { kind: 'duration', help: '', zero: true }, '0s', 0],
    [
      'duration',
      { kind: 'duration', help: '' },
      '0s',
      refused('--x must be a duration like 90s, 30m, 2h, 7d or 2w (got "0s").'),
    ],
    [
      'duration',
      { kind: 'duration', help: '' },
      '5',
      refused('--x needs a unit: 5s, 5m, 5h or 5d (a duration like 90s, 30m, 2h, 7d or 2w) (got "5").'),
    ],
    // enum values spelled in mixed case are suggested as the table spells them
    [
      'enum',
      { kind: 'enum', help: '', values: ['Linux', 'macOS'] },
      'Linus',
      refused('--x must be one of Linux or macOS (got "Linus"): did you mean Linux?'),
    ],
    [
      'enum',
      { kind: 'enum', help: '', values: ['Linux', 'macOS'] },
      'macOX',
      refused('--x must be one of Linux or macOS (got "macOX"): did you mean macOS?'),
    ],
    // bool and raw: as read; a switch given text (not through commander) is refused
    ['bool', { kind: 'bool', help: '' }, false, false],
    ['bool', { kind: 'bool', help: '' }, 'yes', refused('--x takes no value (got "yes").')],
    // what was typed is shown whole up to 60 characters (quotes included), cut after that
    [
      'text',
      { kind: 'text', help: '', max: 3 },
      'a'.repeat(58),
      refused(`--x must be at most 3 characters (got "${'a'.repeat(58)}").`),
    ],
    [
      'text',
      { kind: 'text', help: '', max: 3 },
      'a'.repeat(59),
      refused(`--x must be at most 3 characters (got "${'a'.repeat(56)}...).`),
    ],
    // a value that is no text (a reading gives text, or a list of texts for a repeated flag)
    ['text', { kind: 'text', help: '' }, 5, refused('--x is not text (got 5).')],
    ['raw', { kind: 'raw', help: '', value: 'v' }, ' a=b ', ' a=b '],
  ])('%s: %j → %j', (_kind, flag, typed, expected) => {
    expect(convert(flag, typed)).toEqual(expected);
  });

  it('a flag not given: its default, or true for a switch with only its --no- form, or nothing', () => {
    expect(convert({ kind: 'int', help: '', min: 1, default: 10 }, undefined)).toBe(10);
    expect(convert({ kind: 'bool', help: '', forms: 'negative' }, undefined)).toBe(true);
    expect(convert({ kind: 'bool', help: '', forms: 'both' }, undefined)).toBeUndefined();
    // null, as undefined: not given
    expect(convert({ kind: 'int', help: '', min: 1, default: 10 }, null)).toBe(10);
  });

  it('a repeated flag: each value converted, each problem named', () => {
    const tag: Flag = { kind: 'text', help: '', max: 2, repeatable: true };
    expect(convert(tag, ['a ', ' b'])).toEqual(['a', 'b']);
    expect(convert(tag, ['abc', 'ok', 'xyz'])).toEqual(
      refused(
        '2 problems:\n  --x must be at most 2 characters (got "abc")\n  --x must be at most 2 characters (got "xyz")',
      ),
    );
    // given once: a list of one; a flag that is not repeatable: its value alone
    expect(convert(tag, 'a')).toEqual(['a']);
    expect(convert({ kind: 'text', help: '', repeatable: false }, 'a')).toBe('a');
    expect(convert(tag, ['a', 5])).toEqual(refused('--x is not text (got 5).'));
  });

  it('every problem of a line at once, in the order of the table, flags before arguments', () => {
    const spec = verb({
      name: 'v',
      summary: '',
      effect: READ_ONLY,
      examples: [],
      flags: {
        limit: { kind: 'int', help: '', min: 1, max: 10 },
        status: { kind: 'enum', help: '', values: ['OPEN', 'RESOLVED'] },
      },
      args: [{ key: 'id', label: 'ID', kind: 'id', help: '', min: 6 }],
    });
    expect(() => convertInput(spec, { status: 'x', limit: '0' }, ['abc'], NOW)).toThrow(
      '3 problems:\n  --limit must be a whole number from 1 to 10 (got 0)\n  --status must be one of OPEN or RESOLVED (got "x")\n  ID must be the whole ID or at least its first 6 characters (got "abc")',
    );
  });
});

describe('each kind of argument', () => {
  it.each<[string, ArgSpec, unknown, unknown]>([
    ['id with a shortest prefix', { key: 'a', label: 'ID', kind: 'id', help: '', min: 6 }, 'abcdef', 'abcdef'],
    [
      'id with a shortest prefix',
      { key: 'a', label: 'ID', kind: 'id', help: '', min: 6 },
      'abcde',
      refused('ID must be the whole ID or at least its first 6 characters (got "abcde").'),
    ],
    ['enum', { key: 'a', label: 'SHELL', kind: 'enum', help: '', values: ['bash', 'zsh'] }, 'ZSH', 'zsh'],
    [
      'enum',
      { key: 'a', label: 'SHELL', kind: 'enum', help: '', values: ['bash', 'zsh'] },
      'bsh',
      refused('SHELL must be one of bash or zsh (got "bsh"): did you mean bash?'),
    ],
    ['text', { key: 'a', label: 'NAME', kind: 'text', help: '' }, ' n ', 'n'],
    ['text', { key: 'a', label: 'NAME', kind: 'text', help: '' }, ' ', refused('NAME must not be empty (got "").')],
    ['raw', { key: 'a', label: 'TOKEN', kind: 'raw', help: '' }, ' t ', ' t '],
    ['words', { key: 'a', label: 'COMMAND', kind: 'words', help: '', optional: true }, ['a', '--b'], ['a', '--b']],
    ['left out', { key: 'a', label: 'ID', kind: 'id', help: '', optional: true }, undefined, undefined],
    ['left out (null)', { key: 'a', label: 'ID', kind: 'id', help: '', optional: true }, null, undefined],
    ['required, left out', { key: 'a', label: 'ID', kind: 'id', help: '' }, undefined, refused('ID is required.')],
    ['id with no shortest prefix', { key: 'a', label: 'ID', kind: 'id', help: '' }, 'abc', 'abc'],
    [
      'id with a shortest prefix, empty',
      { key: 'a', label: 'ID', kind: 'id', help: '', min: 6 },
      '',
      refused('ID must not be empty (got "").'),
    ],
    [
      'id, not text',
      { key: 'a', label: 'ID', kind: 'id', help: '' },
      ['a', 'b'],
      refused('ID is not text (got ["a","b"]).'),
    ],
    ['words, one', { key: 'a', label: 'COMMAND', kind: 'words', help: '', optional: true }, 'a', ['a']],
    [
      'words typed before -- that only the list after it takes',
      { key: 'a', label: 'COMMAND', kind: 'words', help: '', optional: true },
      { beforeEnd: ['x'] },
      refused('COMMAND goes after --: 1 word typed where no argument takes them; nothing was run.'),
    ],
    [
      'words typed before -- that only the list after it takes',
      { key: 'a', label: 'COMMAND', kind: 'words', help: '', optional: true },
      { beforeEnd: ['x', 'y'] },
      refused('COMMAND goes after --: 2 words typed where no argument takes them; nothing was run.'),
    ],
  ])('%s: %j → %j', (_kind, arg, typed, expected) => {
    expect(convertArgument(arg, typed)).toEqual(expected);
  });
});

describe("a prompt's answer is checked with its flag's converter", () => {
  it('true, or what is wrong as a sentence', () => {
    const check = answerCheck({ kind: 'text', help: '', max: 3 }, NOW);
    expect(check('abc')).toBe(true);
    expect(check('abcd')).toBe('It must be at most 3 characters.');
    expect(check('  ')).toBe('It must not be empty.');
    const status = answerCheck({ kind: 'enum', help: '', values: ['OPEN', 'RESOLVED'] }, NOW);
    expect(status('opne')).toBe('It must be one of OPEN or RESOLVED: did you mean open?');
  });
});

describe('required values missing where no prompt can ask for them', () => {
  it('names each flag, says why no prompt asked, and gives a line to type', () => {
    const one = missingFlagsError(['--name'], 'incidents create --name N');
    expect(one.message).toBe('--name is required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).');
    expect(one.hint).toBe('For example: `mon incidents create --name N`');
    expect(missingFlagsError(['--name', '--severity'], 'x').message).toBe(
      '--name and --severity are required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).',
    );
  });
});

describe("a verb's own flag named as a global one (--timeout DURATION beside the global --timeout SECONDS)", () => {
  const waits = verb({
    name: 'v',
    summary: '',
    effect: READ_ONLY,
    examples: [],
    flags: { timeout: { kind: 'duration', help: '' }, json: { kind: 'bool', help: '' } },
  });

  it("takes the value both readings gave the global, which keeps the requests' own deadline", () => {
    expect(ownGlobals(waits, {}, { timeout: '5m', json: true })).toEqual({
      flags: { timeout: '5m' },
      globals: { json: true },
    });
  });

  it('keeps a value of its own, and leaves switches and globals not given alone', () => {
    expect(ownGlobals(waits, { timeout: '2m' }, { timeout: '5m' })).toEqual({ flags: { timeout: '2m' }, globals: {} });
    expect(ownGlobals(waits, { json: true }, { json: true, debug: true })).toEqual({
      flags: { json: true },
      globals: { json: true, debug: true },
    });
  });
});
