/**
 * Plain command lines are read without commander (core/flags/plain.ts): whatever such a line
 * gives (the global flags, the command's path, the verb's input) is what commander and the
 * validator give for it, and every other line is left to them.
 */
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL } from '../../../src/commands/index';
import { LIST } from '../../../src/commands/incidents/spec';
import { createContext } from '../../../src/core/context';
import { rawFlags } from '../../../src/core/flags/commander';
import { earlyFacts } from '../../../src/core/flags/early';
import { parseInput } from '../../../src/core/flags/parse';
import { plainInput, readPlainLine } from '../../../src/core/flags/plain';
import { flagName, kebab, type Flag } from '../../../src/core/flags/spec';
import { isVerb, type CommandNode, type VerbNode } from '../../../src/core/flags/tree';
import { commandPath } from '../../../src/core/flags/walk';
import { testIO } from '../../../src/io';
import { buildProgram } from '../../../src/program';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';
import { words } from '../../words';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const tops = new Map(await Promise.all(TOP_LEVEL.map(async (entry) => [entry.spec.name, await entry.load()] as const)));

/** `mon LINE` read the plain way, or undefined. */
function plain(line: string) {
  const argv = words(line);
  const top = tops.get(earlyFacts(argv, {}).words[0] ?? '');
  return top && readPlainLine(argv, top);
}

class Reached extends Error {
  constructor(
    readonly globals: Record<string, unknown>,
    readonly action: Command,
  ) {
    super();
  }
}

/** What commander reads of `mon LINE`: the program's options and the verb it would run (which is not run). */
async function commanderReading(line: string): Promise<Reached> {
  const argv = words(line);
  const ctx = createContext({ io: testIO(), env: {} });
  const program = await buildProgram(ctx, earlyFacts(argv, {}));
  program.hook('preAction', (_program, action) => {
    throw new Reached(program.opts(), action);
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (reached) {
    if (reached instanceof Reached) return reached;
    throw reached;
  }
  throw new Error(`mon ${line}: commander ran nothing`);
}

/** Every verb of the tree with the path that names it (a verb's own commands are commander's alone). */
function verbs(node: CommandNode, path: string[] = []): [string, VerbNode][] {
  const here = [...path, node.spec.name];
  if (isVerb(node)) return [[here.join(' '), node]];
  return node.children.flatMap((child) => verbs(child, here));
}

/** Plain spellings of a flag with a value: each form of a switch, an enum's values, a range's ends. */
function spellings(key: string, flag: Flag): string[] {
  const long = `--${flag.long ?? kebab(key)}`;
  switch (flag.kind) {
    case 'bool':
      return flag.forms === 'both' ? [long, `--no-${long.slice(2)}`] : [flagName(key, flag)];
    case 'enum':
      return flag.numeric ? [] : flag.values.flatMap((value) => [`${long} ${value}`, `${long}=${value.toLowerCase()}`]);
    case 'int':
      return [`${long} ${flag.min}`, `${long}=${flag.max ?? flag.min + 1}`];
    default:
      return [];
  }
}

/** Command lines for every verb: alone, with each plain flag, its enum arguments, and global flags anywhere. */
const LINES = [...tops.values()].flatMap((top) =>
  verbs(top).flatMap(([path, verb]) => {
    const args = (verb.spec.args ?? []).map((arg) => (arg.kind === 'enum' ? (arg.values ?? [])[0] : 'x'));
    const base = [path, ...args].join(' ');
    const flagged = Object.entries(verb.spec.flags).flatMap(([key, flag]) =>
      spellings(key, flag).map((typed) => `${base} ${typed}`),
    );
    const [first, ...rest] = path.split(' ');
    return [
      base,
      ...flagged,
      `--json ${base} --no-color`,
      `--profile=work ${first} --debug ${[...rest, ...args].join(' ')} --timeout 5`,
      `${base} --base-url http://127.0.0.1:1 --no-input --insecure --sandbox --account a-1 --ping-url=http://p`,
    ];
  }),
);

describe('a plain command line is read as commander reads it', () => {
  it('most lines of the list are plain (the fast path is not silently off)', () => {
    const read = LINES.filter((line) => plain(line));
    expect(read.length).toBeGreaterThan(LINES.length / 3);
  });

  it.each(LINES.filter((line) => plain(line)))('mon %s', async (line) => {
    const read = plain(line)!;
    const commander = await commanderReading(line);
    expect(read.globals).toEqual(commander.globals);
    expect(read.path).toBe(commandPath(commander.action));
    expect(read.input).toEqual(
      parseInput(read.verb.spec, rawFlags(commander.action), commander.action.processedArgs, NOW),
    );
  });

  it.each([
    'incidents list --status all --limit 20 --json',
    'incidents list --status=ALL --limit=20 --jq .entries',
    'checks list --limit 20 --json',
    'status',
    'status --json',
    'completion bash',
    '--profile work heartbeats list --no-color',
  ])('mon %s is plain', (line) => {
    expect(plain(line)).toBeDefined();
  });

  it.each([
    ['help', 'incidents list --help'],
    ['a help word', 'help incidents list'],
    ['a noun alone', 'incidents'],
    ['an unknown command', 'incidnets list'],
    ['an unknown flag', 'incidents list --bogus'],
    ['a short flag', 'incidents list -q .entries'],
    ['the end of flags', 'incidents list --'],
    ['a flag twice', 'incidents list --json --json'],
    ['a value that starts with a dash', 'incidents list --limit -1'],
    ['a value missing at the end', 'incidents list --limit'],
    ['a value given to a switch', 'incidents list --json=yes'],
    ["a verb's flag before the verb", 'incidents --status all list'],
    ['a value to check (an ID)', 'incidents get 3f1c9a2e'],
    ['a value out of range', 'incidents list --limit 0'],
    ['an unknown enum value', 'incidents list --status opne'],
    ['an argument too many', 'completion bash zsh'],
    ['a verb with commands under it', 'sandbox --port 0'],
    ['a command under a verb', 'sandbox info'],
    ['--version', 'status --version'],
  ])('%s is left to commander: mon %s', (_, line) => {
    expect(plain(line)).toBeUndefined();
  });
});

/*
 * What a user sees is the same both ways: `LINE --` says the same as LINE (`--` ends the flags,
 * and nothing follows it), but it is not plain, so commander reads it.
 */
describe('a plain command line does what commander does with it', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await memorySandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    'incidents list --status all --limit 2 --json',
    'incidents list --limit=1',
    '--no-color status',
    'status --json',
    'checks list --limit 2',
    'heartbeats list --json',
    'status-pages list',
    'runtimes list',
    'templates list',
    'completion fish',
  ])('mon %s', async (line) => {
    expect(plain(line)).toBeDefined();
    expect(plain(`${line} --`)).toBeUndefined();
    const run = async (typed: string) => {
      sandbox.requests.length = 0;
      const { code, stdout, stderr } = await mon(typed, { sandbox });
      return {
        code,
        stdout,
        stderr,
        requests: sandbox.requests.map(({ method, path, body }) => ({ method, path, body })),
      };
    };
    const fast = await run(line);
    expect(fast.code, fast.stderr).toBe(0);
    expect(await run(`${line} --`)).toEqual(fast);
  });
});

/*
 * The plain command lines that skip the validator (zod): what they give must be what the
 * validator gives, and anything it would word an error for, or convert, goes to it.
 */
describe('plainInput (the command lines that need no validator)', () => {
  const plainValues: [string, Record<string, unknown>][] = [
    ['nothing given: the defaults', {}],
    ['an enum in any case, a whole number, a switch', { status: 'ALL', limit: '20', all: true }],
    ['the bounds of a range', { limit: '1' }],
    ['the upper bound', { limit: '100', status: 'resolved' }],
  ];
  it.each(plainValues)('%s: the same input as the validator gives', (_, raw) => {
    const fast = plainInput(LIST, raw, []);
    expect(fast).toBeDefined();
    expect(fast).toEqual(parseInput(LIST, raw, [], NOW));
  });

  const unusual: [string, Record<string, unknown>][] = [
    ['a number out of range', { limit: '0' }],
    ['a number past the maximum', { limit: '101' }],
    ['a number with spaces', { limit: ' 20' }],
    ['a number that is not whole', { limit: '2.5' }],
    ['a number with a leading zero', { limit: '020' }],
    ['an unknown enum value', { status: 'opne' }],
    ['an ID (checked by its rule)', { nextId: 'abc' }],
    ['a time (converted)', { since: '2h' }],
    ['a repeatable flag', { severity: ['minor'] }],
  ];
  it.each(unusual)('%s: left to the validator', (_, raw) => {
    expect(plainInput(LIST, raw, [])).toBeUndefined();
  });

  it('a value the fast path leaves alone is still judged, naming the flag (exit 2)', async () => {
    const sandbox = await memorySandbox();
    const result = await mon('incidents list --status all --limit 0', { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 100 (got 0)');
    const typo = await mon('incidents list --status opne', { sandbox });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean open?');
    await sandbox.close();
  });
});
