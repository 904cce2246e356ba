/**
 * The command line is read once (core/flags/read.ts), and a line that reads cleanly runs from
 * that reading without commander: whatever such a line gives (the global flags, the command's
 * path, the verb's arguments and input) is what commander gives for it, on every verb, in
 * every spelling (long, `=`, short, groups, repeated, `--`, global flags anywhere); and what
 * the reading refuses, commander refuses too. What a line run through commander prints and sends:
 * commander-run.test.ts.
 */
import fc from 'fast-check';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL } from '../../../src/commands/index';
import { createContext } from '../../../src/core/context';
import { commandPath, rawArguments, rawFlags } from '../../../src/core/flags/commander';
import { convertInput } from '../../../src/core/flags/convert';
import { GLOBAL_FLAGS } from '../../../src/core/flags/globals';
import {
  commandPathAt,
  globalsOf,
  named,
  programNode,
  rawInput,
  readLine,
  readsCleanly,
  type Reading,
} from '../../../src/core/flags/read';
import { spellingsOf, type ArgSpec, type Flag, type Spelling, type VerbSpec } from '../../../src/core/flags/spec';
import { isVerb, type CommandNode, type VerbNode } from '../../../src/core/flags/tree';
import { exitCodeFor } from '../../../src/main';
import { testIO } from '../../../src/io';
import { buildProgram } from '../../../src/program';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';
import { openIncident } from '../../commands/incidents/fixture';
import { words } from '../../words';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const tops = await Promise.all(TOP_LEVEL.map((entry) => entry.load()));
const ROOT = programNode(tops);
const UUID = '3f0c2a9e-1111-4222-8333-444455556666';

const read = (argv: readonly string[]) => readLine(argv, ROOT);

class Reached extends Error {
  constructor(
    readonly globals: Record<string, unknown>,
    readonly action: Command,
  ) {
    super();
  }
}

type Commanders = { reached: Reached } | { error: unknown };

/** What commander makes of argv: the verb it would run and what it hands over (the verb is not run), or the error it stops with. */
async function commanderReading(argv: readonly string[]): Promise<Commanders> {
  const ctx = createContext({ io: testIO(), env: {} });
  const program = await buildProgram(ctx, read(argv));
  program.hook('preAction', (_program, action) => {
    throw new Reached(program.opts(), action);
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (caught) {
    return caught instanceof Reached ? { reached: caught } : { error: caught };
  }
  throw new Error(`mon ${argv.join(' ')}: commander ran nothing`);
}

/** A verb's input, or the message of the error that refuses it. */
function converted(spec: VerbSpec, flags: Record<string, unknown>, args: readonly unknown[]): unknown {
  try {
    return convertInput(spec, flags, args, NOW);
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

/** The reading and commander agree on a line that reads cleanly; throws (with the line) when they do not. */
async function expectTheSameAsCommander(argv: readonly string[], reading: Reading): Promise<void> {
  const commander = await commanderReading(argv);
  const line = `mon ${argv.join(' ')}`;
  if (!('reached' in commander))
    throw new Error(`${line}: reads cleanly, but commander stops: ${String(commander.error)}`);
  const { globals, action } = commander.reached;
  const verb = named(reading) as VerbNode;
  const mine = rawInput(reading);
  expect(globalsOf(reading), line).toEqual(globals);
  expect(commandPathAt(reading), line).toBe(commandPath(action));
  const theirs = rawArguments(verb.spec, action, reading);
  expect(mine.args, line).toEqual(theirs);
  expect(converted(verb.spec, mine.flags, mine.args), line).toEqual(converted(verb.spec, rawFlags(action), theirs));
}

/** Every verb of the tree with the path that names it (a verb's own commands included). */
function verbs(node: CommandNode, path: string[] = []): [string[], VerbNode][] {
  const here = [...path, node.spec.name];
  const mine: [string[], VerbNode][] = isVerb(node) ? [[here, node]] : [];
  return [...mine, ...node.children.flatMap((child) => verbs(child, here))];
}
const VERBS = tops.flatMap((top) => verbs(top));

/** An argument as a user would give it. */
const argument = (arg: ArgSpec) =>
  arg.kind === 'enum' ? (arg.values ?? [])[0]! : arg.kind === 'id' ? UUID : arg.kind === 'words' ? 'echo' : 'x';

/** Values a flag takes, and some it does not: each kind's bounds, an enum's values in any case, text. */
function valuesOf(flag: Flag): string[] {
  switch (flag.kind) {
    case 'enum':
      return [...flag.values, flag.values[0]!.toLowerCase(), 'bogus'];
    case 'int':
      return [String(flag.min), String(flag.max ?? flag.min + 1), String(flag.min - 1), '2.5'];
    case 'time':
      return ['2h', '2026-03-01', 'yesterday'];
    case 'duration':
      return ['90s', '5'];
    case 'number':
      return ['12', 'x'];
    case 'id':
      return ['abc123', '../x'];
    default:
      return ['Rolled back', 'x', '-5', ''];
  }
}

/** Every spelling of each flag of a verb, with values. */
function spelled(key: string, flag: Flag): string[][] {
  return spellingsOf(key, flag).flatMap((spelling) => {
    const names = [spelling.long, ...(spelling.short ? [spelling.short] : [])];
    if (spelling.sets !== undefined) return names.map((name) => [name]);
    return valuesOf(flag).flatMap((value) => [
      ...names.map((name) => [name, value]),
      [`${spelling.long}=${value}`],
      ...(spelling.short ? [[`${spelling.short}${value}`]] : []),
    ]);
  });
}

/** Command lines for every verb: alone, with each flag in each spelling, global flags anywhere, `--`. */
const LINES: string[][] = VERBS.flatMap(([path, verb]) => {
  const base = [...path, ...(verb.spec.args ?? []).map(argument)];
  const [first, ...rest] = base;
  return [
    base,
    ...Object.entries(verb.spec.flags).flatMap(([key, flag]) => spelled(key, flag).map((typed) => [...base, ...typed])),
    ['--json', ...base, '--no-color'],
    ['--profile=work', first!, '--debug', ...rest, '--timeout', '5', '-q', '.', '--format=JSON'],
    [
      ...base,
      '--base-url',
      'http://127.0.0.1:1',
      '--no-input',
      '--insecure',
      '--sandbox',
      '--account',
      'a-1',
      '--format',
      'md',
    ],
    [...base, '--'],
    [...base, '--json', '--json'],
  ];
});

describe('a line that reads cleanly is read as commander reads it', () => {
  it('most lines of the list read cleanly (the reading is not silently refused)', () => {
    expect(LINES.filter((argv) => readsCleanly(read(argv))).length).toBeGreaterThan(LINES.length * 0.8);
  });

  it.each(LINES.filter((argv) => readsCleanly(read(argv))).map((argv) => [argv.join(' '), argv]))(
    'mon %s',
    async (_, argv) => {
      await expectTheSameAsCommander(argv, read(argv));
    },
  );

  it.each([
    'incidents list --status all --limit 20 --json',
    'incidents list --status=ALL --limit=20 --jq .entries',
    'incidents list -s all -L20 -q .entries',
    'incidents list --',
    'incidents list --json --json',
    'incidents list --limit -1',
    'incidents get 3f1c9a2e',
    'incidents list --status opne',
    'checks list --limit 20 --json',
    'status',
    'completion bash',
    '--profile work heartbeats list --no-color',
    'sandbox --port 0',
    'sandbox info --data x.jsonl',
    'api /v1/runtimes -X GET -H a:b -H c:d -iF x=1',
    'incidents resolve ID -ym "Rolled back"',
    'heartbeats exec tok -- job --json --help',
  ])('mon %s reads cleanly', (line) => {
    expect(readsCleanly(read(words(line)))).toBe(true);
  });

  it.each([
    ['help', 'incidents list --help'],
    ['help in a group', 'incidents resolve ID -yh'],
    ['a help word', 'help incidents list'],
    ['a noun alone', 'incidents'],
    ['an unknown command', 'incidnets list'],
    ['an unknown flag', 'incidents list --bogus'],
    ["a global short flag in a verb's group", 'incidents resolve ID -yq .'],
    ['a value missing at the end', 'incidents list --limit'],
    ['a value given to a switch', 'incidents list --json=yes'],
    ['a flag where a value belongs', 'incidents update ID --message --dry-run'],
    ["a verb's flag before the verb", 'incidents --status all list'],
    ['an argument too many', 'completion bash zsh'],
    ['an argument missing', 'completion'],
    ['--version', 'status --version'],
  ])('%s is left to the guards or commander: mon %s', (_, line) => {
    expect(readsCleanly(read(words(line)))).toBe(false);
  });
});

/* Command lines made up at random from the tree: the two readings agree on each. */

/** A short word a flag may be given, or an argument: plain, with spaces, empty, dashed, an enum's value. */
const WORDS = [
  'x',
  'a b',
  '',
  '-',
  '-5',
  '--',
  '-x',
  '-h',
  '-y',
  '-L',
  '-yL',
  '--bogus',
  'all',
  'minor',
  'MONITORING',
  '5',
  '0',
  '2h',
  UUID,
];

/** A flag among `spellings`, typed in any way: --long [value], --long=value, -s value, -svalue, a group of short switches perhaps ending with one that takes a value. */
function flagOf(spellings: Spelling[]) {
  const switches = spellings.filter((spelling) => spelling.short && spelling.sets !== undefined);
  const valued = spellings.filter((spelling) => spelling.short && spelling.sets === undefined);
  const value = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...spellings.map((s) => s.long)));
  const long = fc
    .tuple(fc.constantFrom(...spellings), value, fc.boolean())
    .map(([spelling, typed, joined]) =>
      spelling.sets !== undefined ? [spelling.long] : joined ? [`${spelling.long}=${typed}`] : [spelling.long, typed],
    );
  if (!switches.length && !valued.length) return long;
  const short = fc
    .tuple(
      switches.length ? fc.array(fc.constantFrom(...switches), { maxLength: 2 }) : fc.constant([]),
      valued.length ? fc.option(fc.constantFrom(...valued), { nil: undefined }) : fc.constant(undefined),
      value,
      fc.boolean(),
    )
    .map(([group, last, typed, joined]) => {
      const letters = [...group, ...(last ? [last] : [])].map((spelling) => spelling.short!.slice(1)).join('');
      if (!letters) return [];
      if (last === undefined || last.sets !== undefined) return [`-${letters}`];
      return joined ? [`-${letters}${typed}`] : [`-${letters}`, typed];
    });
  return fc.oneof(long, short);
}

/**
 * A table's spellings. --jq and --format are left out: the expression is compiled, and the
 * format checked against output/present.ts's, before the verb runs (a cost per line, and most
 * words are neither); the lines of LINES give them.
 */
const spellingsOfTable = (table: Record<string, Flag>) =>
  Object.entries(table).flatMap(([key, flag]) => (key === 'jq' || key === 'format' ? [] : spellingsOf(key, flag)));
const globalFlag = flagOf(spellingsOfTable(GLOBAL_FLAGS));

/** A line of a verb: global flags, its path, its arguments, its flags and the global ones, and words after `--`. */
function lineOf([path, verb]: [string[], VerbNode]) {
  const flag = flagOf(spellingsOfTable({ ...GLOBAL_FLAGS, ...verb.spec.flags }));
  const args = (verb.spec.args ?? []).map((arg) => fc.constantFrom(argument(arg), ...WORDS.slice(0, 3)));
  return fc
    .tuple(
      fc.array(globalFlag, { maxLength: 2 }),
      fc.tuple(...args),
      fc.array(flag, { maxLength: 4 }),
      fc.option(fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }), { nil: undefined }),
    )
    .map(([before, given, after, end]) => [
      ...before.flat(),
      ...path,
      ...given,
      ...after.flat(),
      ...(end ? ['--', ...end] : []),
    ]);
}

const anyLine = fc.constantFrom(...VERBS).chain(lineOf);

describe('command lines made up from the tree', () => {
  it('a line that reads cleanly is the same line to commander', async () => {
    await fc.assert(
      fc.asyncProperty(anyLine, async (argv) => {
        const reading = read(argv);
        if (readsCleanly(reading)) await expectTheSameAsCommander(argv, reading);
      }),
      { numRuns: Number(process.env.READ_RUNS ?? 300), seed: Number(process.env.READ_SEED ?? 20261127) },
    );
  }, 300_000);

  it('an option the reading does not know, or a value missing at the end, commander refuses too', async () => {
    await fc.assert(
      fc.asyncProperty(anyLine, async (argv) => {
        const reading = read(argv);
        // A flag where a value belongs is the guard's refusal (commander would take it as the value).
        if (reading.help || reading.version || reading.swallowed.length) return;
        if (!(reading.unknown.length || reading.valueMissing)) return;
        const commander = await commanderReading(argv);
        expect('error' in commander && exitCodeFor(commander.error), `mon ${argv.join(' ')}`).toBe(2);
      }),
      { numRuns: Number(process.env.READ_RUNS ?? 300), seed: Number(process.env.READ_SEED ?? 20261127) },
    );
  }, 300_000);
});

/* The whole grammar a user types, as a user sees it. */
describe('the grammar a user types', () => {
  let sandbox: Sandbox;
  let id: string;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    id = (await openIncident(sandbox, 'Checkout errors')).id;
  });
  afterAll(() => sandbox.close());
  /** What was sent (changes only: --dry-run sends none), and the request line of each read. */
  const sent = () => sandbox.requests.map(({ method, path, body }) => ({ method, path, body }));
  const run = async (line: string) => {
    sandbox.requests.length = 0;
    const { code, stdout, stderr } = await mon(line, { sandbox });
    return { code, stdout, stderr, requests: sent() };
  };

  it('short flags alone, joined to their value and in groups (-ym TEXT) say what the long ones say', async () => {
    const long = await run(`incidents resolve ${id} --yes --message "Rolled back" --no-notify --dry-run`);
    expect(long.code, long.stderr).toBe(0);
    expect(long.stdout).toContain('"description": "Rolled back"');
    for (const line of [
      `incidents resolve ${id} -ym "Rolled back" --no-notify --dry-run`,
      `incidents resolve ${id} -y "-mRolled back" --no-notify --dry-run`,
      `incidents resolve ${id} --no-notify -y -m "Rolled back" --dry-run`,
    ])
      expect(await run(line), line).toEqual(long);
  });

  it('--flag=value, global flags anywhere, a flag given again (the last one counts)', async () => {
    const plain = await run('incidents list --status all --limit 1 --json');
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.requests).toEqual([{ method: 'GET', path: '/v1/status-pages/incidents?limit=1', body: undefined }]);
    for (const line of [
      'incidents list --status=all --limit=1 --json',
      '--json incidents list --status all --limit 1',
      'incidents --json list -L 1 -s ALL',
      'incidents list --limit 5 --status all --limit 1 --json',
      'incidents list --status all --limit 1 --json --',
    ])
      expect(await run(line), line).toEqual(plain);
  });

  it('a repeated flag keeps each value, in order', async () => {
    const result = await run('api /v1/things -X POST --dry-run --json -F a=1 --field b=2 -F c=3');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'dry_run',
      request: { method: 'POST', path: '/v1/things', body: { a: 1, b: 2, c: 3 } },
    });
  });

  it('a typo is refused with what was meant, before anything is sent', async () => {
    const option = await run('incidents list --jsno');
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(
      "error: unknown option '--jsno'\nDid you mean --json? Run `mon incidents list --help` for usage.\n",
    );
    const command = await run('incidnets list');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'incidnets'");
    expect(command.stderr).toContain('incidents');
    expect([...option.requests, ...command.requests]).toEqual([]);
  });

  it('-h anywhere, and `mon help A B`, print the help of the command the line names; nothing is sent', async () => {
    const help = await run('incidents update --help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mon incidents update /);
    for (const line of [
      'help incidents update',
      'incidents update -h',
      '-h incidents update',
      'incidents -h update',
      `--profile config incidents update ${id} --message "x" -h`,
      `incidents update ${id} -yh`,
    ])
      expect(await run(line), line).toEqual(help);
  });

  it('-h after `--` is an argument of the job, not the help', async () => {
    const result = await run('heartbeats exec tok_0123456789abcdef --dry-run -- echo -h');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Would run: echo -h');
  });
});
