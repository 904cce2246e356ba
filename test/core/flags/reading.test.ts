/**
 * What a command line is read as (core/flags/read.ts), on a small tree: the commands it
 * names, what each command is given, its arguments, and what the guards refuse. Held against
 * commander on every verb of mon: read.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  argumentsOf,
  commandPathAt,
  globalsOf,
  programNode,
  rawInput,
  readLine,
  readsCleanly,
  type Reading,
  type ReadNode,
} from '../../../src/core/flags/read';
import type { ArgSpec } from '../../../src/core/flags/spec';

const ID: ArgSpec = { key: 'id', label: 'ID', kind: 'id', help: 'h' };
const WORDS: ArgSpec = { key: 'words', label: 'WORDS', kind: 'words', help: 'h', optional: true };
const run = async () => undefined;

/** `mon things post ID [WORDS...]` and `mon things list`, with flags of their own, one of them also `things`', one also mon's. */
const THINGS: ReadNode = {
  spec: { name: 'things', flags: { limit: { kind: 'int', min: 1, help: 'h' } } },
  children: [
    {
      spec: {
        name: 'post',
        args: [ID, WORDS],
        flags: {
          message: { kind: 'text', short: 'm', help: 'h' },
          tag: { kind: 'text', short: 't', repeatable: true, help: 'h' },
          yes: { kind: 'bool', short: 'y', help: 'h' },
          force: { kind: 'bool', short: 'f', help: 'h' },
          notify: { kind: 'bool', forms: 'both', help: 'h' },
          limit: { kind: 'int', min: 1, help: 'h' },
          // Spelled as a global flag is (`mon checks run --timeout`).
          timeout: { kind: 'int', min: 1, help: 'h' },
        },
      },
      load: run,
    },
    { spec: { name: 'list', flags: { all: { kind: 'bool', help: 'h' } } }, load: run },
  ],
};
const ROOT = programNode([THINGS]);
const read = (line: string) => readLine(line ? line.split(' ') : [], ROOT);

/** The parts of a reading that `expected` names, for an exact comparison. */
function partsOf(reading: Reading, expected: Partial<Reading>): Partial<Reading> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, reading[key as keyof Reading]]));
}

describe('what a line is read as', () => {
  it.each([
    ['', { path: [], given: [{}], operands: [], help: false, version: false }],
    ['things post abc', { path: ['things', 'post'], operands: [{ word: 'abc', at: 2 }], given: [{}, {}, {}] }],
    // A command's name comes before any other word: after an argument, `list` is a word.
    [
      'things post abc list',
      {
        path: ['things', 'post'],
        operands: [
          { word: 'abc', at: 2 },
          { word: 'list', at: 3 },
        ],
      },
    ],
    ['things nope', { path: ['things'], operands: [{ word: 'nope', at: 1 }] }],
    // Flags anywhere: the global ones are the program's (depth 0), the verb's its own.
    ['--json things post abc -m hi', { given: [{ json: true }, {}, { message: 'hi' }] }],
    ['things post abc -m hi --json', { given: [{ json: true }, {}, { message: 'hi' }] }],
    ['things post abc --message=a=b', { given: [{}, {}, { message: 'a=b' }] }],
    ['things post abc --message=', { given: [{}, {}, { message: '' }] }],
    ['things post abc -mhi', { given: [{}, {}, { message: 'hi' }] }],
    // A group of switches, perhaps ending with one that takes its value, joined or as the next word.
    ['things post abc -yf', { given: [{}, {}, { yes: true, force: true }] }],
    ['things post abc -yfmhi', { given: [{}, {}, { yes: true, force: true, message: 'hi' }] }],
    ['things post abc -ym hi', { given: [{}, {}, { yes: true, message: 'hi' }], valueAt: new Map([[4, '-ym']]) }],
    ['things post abc -ymy', { given: [{}, {}, { yes: true, message: 'y' }] }],
    // Given again: the last one counts; a repeatable flag keeps each value in order.
    ['things post abc -m a -m b', { given: [{}, {}, { message: 'b' }] }],
    ['things post abc -t a --tag b -tc', { given: [{}, {}, { tag: ['a', 'b', 'c'] }] }],
    ['things post abc --notify --no-notify', { given: [{}, {}, { notify: false }] }],
    ['--no-color --no-input things list', { given: [{ color: false, input: false }, {}, {}] }],
    // A flag two commands of the line have is the first's.
    ['things --limit 5 post abc', { given: [{}, { limit: '5' }, {}] }],
    ['things post abc --limit 5', { given: [{}, { limit: '5' }, {}] }],
    // `-` is a word (stdin), not a flag; after `--`, every word is an argument.
    [
      'things post - x',
      {
        operands: [
          { word: '-', at: 2 },
          { word: 'x', at: 3 },
        ],
      },
    ],
    ['things post abc -- -m --json', { afterEnd: ['-m', '--json'], given: [{}, {}, {}] }],
    ['things post abc --', { afterEnd: [] }],
    ['things post abc', { afterEnd: undefined }],
  ] as [string, Partial<Reading>][])('mon %s', (line, reading) => {
    expect(partsOf(read(line), reading)).toEqual(reading);
  });

  it.each([
    ['-h', { help: true, helpTopic: undefined }],
    ['things --help', { help: true, path: ['things'] }],
    ['things post abc -yh', { help: true }],
    // -h is the help alone or at the end of a group; elsewhere in a group it is no letter of the verb's.
    ['things post abc -hy', { help: false, unknown: [{ word: '-hy', depth: 2 }] }],
    ['things post abc -yhf', { help: false, unknown: [{ word: '-hf', depth: 2 }] }],
    ['help things post', { help: true, helpTopic: ['things', 'post'] }],
    ['help', { help: true, helpTopic: [] }],
    ['things help', { help: false, helpTopic: undefined }],
    ['--version', { version: true, help: false }],
    ['things --version', { version: true }],
  ] as [string, Partial<Reading>][])('mon %s: help and version', (line, reading) => {
    expect(partsOf(read(line), reading)).toEqual(reading);
  });

  it.each([
    // Unknown to every command named so far, with the depth of the command it came after.
    ['--bogus things list', [{ word: '--bogus', depth: 0 }]],
    ['things list --bogus', [{ word: '--bogus', depth: 2 }]],
    ['things list -z', [{ word: '-z', depth: 2 }]],
    ['things list -yz', [{ word: '-yz', depth: 2 }]],
    ['things post abc -yz', [{ word: '-z', depth: 2 }]],
    // A switch, --help and --version take no value; `-m` is the verb's, unknown before it.
    ['things list --all=yes', [{ word: '--all=yes', depth: 2 }]],
    ['things list --help=me', [{ word: '--help=me', depth: 2 }]],
    ['--version=1', [{ word: '--version=1', depth: 0 }]],
    ['things -m x post abc', [{ word: '-m', depth: 1 }]],
    ['things list --all', []],
    ['things post abc -yf', []],
    ['things post abc -yfmx', []],
  ])('mon %s: unknown %j', (line, unknown) => {
    expect(read(line).unknown).toEqual(unknown);
  });

  it.each([
    ['things post abc --message --json', [{ typed: '--message', long: '--message', next: '--json' }], undefined],
    ['things post abc -m --whatever', [{ typed: '-m', long: '--message', next: '--whatever' }], undefined],
    ['things post abc -m -y', [{ typed: '-m', long: '--message', next: '-y' }], undefined],
    ['things post abc -m -5', [], undefined],
    ['things post abc -m', [], { typed: '-m', long: '--message' }],
    ['things post abc --tag x --message', [], { typed: '--message', long: '--message' }],
  ])('mon %s: a flag where a value belongs %j, a value missing %j', (line, swallowed, valueMissing) => {
    const reading = read(line);
    expect(reading.swallowed).toEqual(swallowed);
    expect(reading.valueMissing).toEqual(valueMissing);
  });

  it('says which flag each value in argv belongs to, as typed', () => {
    expect([...read('things post abc -m hi --tag t -tu -y').valueAt]).toEqual([
      [4, '-m'],
      [6, '--tag'],
    ]);
  });
});

describe('what a verb is given', () => {
  it.each([
    ['things post abc', { flags: {}, args: ['abc', []] }],
    ['things list --all', { flags: { all: true }, args: [] }],
    ['things post abc x y', { flags: {}, args: ['abc', ['x', 'y']] }],
    ['things post abc x -- y', { flags: {}, args: ['abc', ['x', 'y']] }],
    ['things post -- abc', { flags: {}, args: ['abc', []] }],
    // A flag the verb shares with a command above it, given to that one.
    ['things --limit 5 post abc', { flags: { limit: '5' }, args: ['abc', []] }],
    ['things --limit 5 post abc -y', { flags: { limit: '5', yes: true }, args: ['abc', []] }],
    // Given before and after the verb: both are the command above's (as commander has them), the last counts.
    ['things --limit 5 post abc --limit 7', { flags: { limit: '7' }, args: ['abc', []] }],
    // A flag the verb shares with mon's global flags, given before the command.
    ['--timeout 5 things post abc', { flags: { timeout: '5' }, args: ['abc', []] }],
    ['things post abc --notify', { flags: { notify: true }, args: ['abc', []] }],
  ])('mon %s: %j', (line, input) => {
    expect(rawInput(read(line))).toEqual(input);
  });

  it('the global flags as commander has them: a switch with only its --no- form is true unless given', () => {
    expect(globalsOf(read('things list'))).toEqual({ input: true, color: true });
    expect(globalsOf(read('--no-color --json things list'))).toEqual({ input: true, color: false, json: true });
  });

  it('names the command at each depth as typed', () => {
    const reading = read('things post abc');
    expect(commandPathAt(reading)).toBe('mon things post');
    expect(commandPathAt(reading, 1)).toBe('mon things');
    expect(commandPathAt(reading, 0)).toBe('mon');
  });

  it.each([
    ['a list takes the words left', [ID, WORDS], ['a', 'b', 'c'], [], ['a', ['b', 'c']]],
    ['an argument not given', [ID, { ...ID, key: 'two', optional: true }], ['a'], [], ['a', undefined]],
    ['words after -- are arguments too', [ID, WORDS], ['a'], ['--x'], ['a', ['--x']]],
    [
      'a list that takes only the words after --',
      [ID, { ...WORDS, afterDashDash: true }],
      ['tok'],
      ['job', '--full'],
      ['tok', ['job', '--full']],
    ],
    [
      'words before -- that such a list would take are kept apart',
      [ID, { ...WORDS, afterDashDash: true }],
      ['tok', 'job.sh'],
      ['--full'],
      ['tok', { beforeEnd: ['job.sh'], afterEnd: ['--full'] }],
    ],
    ['such a list, no -- at all', [ID, { ...WORDS, afterDashDash: true }], ['tok'], undefined, ['tok', []]],
  ] as [string, ArgSpec[], string[], string[] | undefined, unknown[]][])(
    '%s',
    (_what, declared, before, after, args) => {
      expect(argumentsOf(declared, before, after)).toEqual(args);
    },
  );
});

describe('a line that runs as it is read', () => {
  it.each([
    ['things post abc', true],
    ['things post abc x y', true],
    ['things list', true],
    ['things list --all', true],
    ['things post', false],
    ['things post --', false],
    ['things', false],
    ['', false],
    ['things list extra', false],
    ['things list --help', false],
    ['things list --version', false],
    ['things list --bogus', false],
    ['things post abc -m', false],
    ['things post abc -m --json', false],
  ])('mon %s: %s', (line, clean) => {
    expect(readsCleanly(read(line))).toBe(clean);
  });

  it('a required list needs a word', () => {
    const root = programNode([
      { spec: { name: 'exec', args: [{ ...WORDS, optional: false }] }, load: run },
      { spec: { name: 'pair', args: [ID, { ...ID, key: 'two' }] }, load: run },
    ]);
    expect(readsCleanly(readLine(['exec'], root))).toBe(false);
    expect(readsCleanly(readLine(['exec', '--'], root))).toBe(false);
    expect(readsCleanly(readLine(['exec', 'a', 'b'], root))).toBe(true);
    expect(readsCleanly(readLine(['exec', '--', 'a'], root))).toBe(true);
    expect(readsCleanly(readLine(['pair', 'a'], root))).toBe(false);
    expect(readsCleanly(readLine(['pair', 'a', '--', 'b'], root))).toBe(true);
    expect(readsCleanly(readLine(['pair', 'a', '--', 'b', 'c'], root))).toBe(false);
    expect(readsCleanly(readLine(['pair', 'a', 'b', 'c'], root))).toBe(false);
  });
});
