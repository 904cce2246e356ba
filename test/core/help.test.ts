import type { Command } from 'commander';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/core/context';
import { testIO } from '../../src/io';
import { main } from '../../src/main';
import { buildProgram } from '../../src/program';
import { TOP_LEVEL } from '../../src/commands/index';
import { effectLine, type VerbSpec } from '../../src/core/flags/spec';
import { examplesText } from '../../src/core/help';
import { isVerb, type CommandNode } from '../../src/core/flags/tree';
import { cli } from '../helpers';
import { words } from '../words';

function paths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...paths(sub, path)];
  });
}

const all = paths(await buildProgram(createContext({ io: testIO(), env: {} })));

/** `mon LINE` in-process with no configuration at all (or `env`), on a terminal `columns` wide. */
async function mon(line: string, columns = 80, env: NodeJS.ProcessEnv = {}) {
  const io = testIO({ columns });
  const ctx = createContext({ io, env });
  const code = await main(words(line), ctx);
  return { code, out: io.stdout, err: io.stderr, reusable: ctx.outputReusable ?? false };
}

/** Every verb with its table: ["incidents update", spec]. */
function verbs(node: CommandNode, prefix: string[]): [string, VerbSpec][] {
  const path = [...prefix, node.spec.name];
  const own: [string, VerbSpec][] = isVerb(node) ? [[path.join(' '), node.spec]] : [];
  return [...own, ...node.children.flatMap((child) => verbs(child, path))];
}
const allVerbs = (await Promise.all(TOP_LEVEL.map(async (entry) => verbs(await entry.load(), [])))).flat();

describe('help', () => {
  it.each(allVerbs)(
    'mon %s --help says what it does to the world in one line under its summary',
    async (path, spec) => {
      const { out } = await mon(`${path} --help`);
      const line = effectLine(spec);
      expect(line).toMatch(/^Effect: /);
      expect(line.length).toBeLessThanOrEqual(80);
      // The paragraph after the usage line: the summary, then the effect.
      const description = out.split('\n\n')[1]!;
      expect(description.split('\n').at(-1)).toBe(line);
    },
  );

  // One verb of each kind: what it does to the world, whether it touches only this machine, whether it plans.
  it.each([
    ['incidents list', 'Effect: read-only'],
    ['config get', 'Effect: read-only · local (reads only this machine)'],
    ['config set', 'Effect: write, idempotent · local (changes only this machine)'],
    ['templates add', 'Effect: write, not idempotent · local (changes only this machine)'],
    ['sandbox reset', 'Effect: destructive, idempotent · local (changes only this machine)'],
    ['heartbeats ping', 'Effect: write, not idempotent · never planned'],
    ['incidents create', 'Effect: write, not idempotent · plans: --plan, --plan-token'],
    ['incidents ensure', 'Effect: write, idempotent · plans: --plan, --plan-token'],
    ['checks delete', 'Effect: destructive, idempotent · plans: --plan, --plan-token'],
    ['api', 'Effect: GET/HEAD read-only, PUT/PATCH/POST write, DELETE destructive (by -X)'],
  ])('mon %s --help says "%s"', async (path, effect) => {
    const { code, out } = await mon(`${path} --help`);
    expect(code).toBe(0);
    expect(out.split('\n')).toContain(effect);
  });

  // The arguments as the table declares them: <required>, [optional], [a list...].
  it.each([
    ['incidents list', 'Usage: mon incidents list [options]'],
    ['runtimes get', 'Usage: mon runtimes get [options] <RUNTIME>'],
    ['incidents update', 'Usage: mon incidents update [options] [INCIDENT_ID]'],
    ['heartbeats exec', 'Usage: mon heartbeats exec [options] [token] [command...]'],
  ])('mon %s --help: "%s"', async (path, usage) => {
    const { out } = await mon(`${path} --help`);
    expect(out.split('\n')[0]).toBe(usage);
  });

  it("lists a verb's options under the table's headings, each heading once, in order", async () => {
    const { out } = await mon('checks create --help');
    expect(out.split('\n').filter((line) => /^[A-Z][^ ].*:$/.test(line))).toEqual([
      'Combined create:',
      'Check:',
      'DNS request:',
      'Schedule and locations:',
      'Alerts:',
      'Retries:',
      'Incident trigger (on failure):',
      'Scripts and environment:',
      'Input and output:',
      'Locations (--location):',
      'Assertions (--assert "SOURCE COMPARISON TARGET"):',
      'Examples:',
    ]);
    expect(out).toMatch(/^ {2}--tag <tag> +a tag \(repeatable\)$/m);
    // A table without headings: its options under commander's one.
    const update = await mon('incidents update --help');
    expect(update.out.split('\n').filter((line) => /^[A-Z][^ ].*:$/.test(line))).toEqual([
      'Arguments:',
      'Options:',
      'Examples:',
    ]);
  });

  it('covers every command', () => {
    expect(all.length).toBeGreaterThan(25);
  });

  it.each([[''], ...all.map((path) => [path.join(' ')])])(
    'mon %s --help: exit 0 on stdout, a usage line, an example, no line wider than 80 columns',
    async (joined) => {
      const { code, out, err } = await mon(`${joined} --help`);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toMatch(/^Usage: mon/);
      expect(out.split('\nExamples:\n')[1] ?? '').toMatch(/^ {2}\$ .*\bmon /m);
      const wide = out.split('\n').filter((line) => line.length > 80);
      expect(wide).toEqual([]);
    },
  );

  it("never breaks an example's trailing comment: its words on a line of their own would run as a command", () => {
    const line = 'mon checks delete "Old DNS" --profile production   # asks; without a terminal: its plan, exit 9';
    // Too long for 60 columns with its comment: the comment goes whole on a continuation line.
    expect(examplesText([line], 60)).toBe(
      '\nExamples:\n  $ mon checks delete "Old DNS" --profile production \\\n      # asks; without a terminal: its plan, exit 9\n',
    );
    // Room for it: on the same line.
    expect(examplesText([line], 120)).toBe(
      '\nExamples:\n  $ mon checks delete "Old DNS" --profile production # asks; without a terminal: its plan, exit 9\n',
    );
  });

  it('fits a narrower terminal too', async () => {
    const { out } = await mon('checks create-dns --help', 60);
    expect(out.split('\n').filter((line) => line.length > 60)).toEqual([]);
  });

  it("lists a subcommand's own options first and the global ones last, in one short block", async () => {
    const { out } = await mon('incidents update --help');
    expect(out.indexOf('--message')).toBeLessThan(out.indexOf('Global options: '));
    expect(out).not.toContain('Global Options:');
    expect(out.trimEnd()).toMatch(/Global options: --version, --profile, [^]*\(see\s+`mon\s+--help`\)$/);
  });

  it('groups the top-level commands', async () => {
    const { out } = await mon('');
    for (const group of [
      'Status pages and incidents:',
      'Checks and runtimes:',
      'Setup:',
      'Tools:',
      'Global options:',
      'Examples:',
    ]) {
      expect(out).toContain(`\n${group}\n`);
    }
  });

  it('is data: `mon` and `mon NOUN` print help on stdout and exit 0', async () => {
    for (const line of ['', 'incidents', 'incidents updates', '--no-color']) {
      const { code, out, err } = await mon(line);
      expect(code, line).toBe(0);
      expect(err).toBe('');
      expect(out).toMatch(/^Usage: mon/);
    }
    expect((await mon('incidents')).out).toMatch(/^Usage: mon incidents \[options\] \[command\]/);
  });

  it('`mon help A B` is the help of `mon A B`', async () => {
    const help = await mon('help incidents list');
    expect(help.code).toBe(0);
    expect(help.out).toBe((await mon('incidents list --help')).out);
  });

  it('`mon help help` is the help of the help command (exit 0)', async () => {
    const help = await mon('help help');
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out).toMatch(/^Usage: mon help \[COMMAND\.\.\.\]\n/);
    expect(help.out).toContain('`mon help A B` is the help of `mon A B`');
    expect(help.out).toContain('$ mon help incidents update');
  });

  it('an unknown option is exit 2 even where help would be shown: `mon -v`, `mon --verbose`, `mon incidents --bogus`', async () => {
    for (const line of ['-v', '--verbose', 'incidents --bogus', 'help -x']) {
      const { code, out, err } = await mon(line);
      expect(code, line).toBe(2);
      expect(out, line).toBe('');
      expect(err, line).toContain(`error: unknown option '${words(line).at(-1)}'`);
    }
    expect((await mon('-v')).err).toContain("Did you mean --version (mon's version) or --debug (log each request)?");
    expect((await mon('incidents --bogus')).err).toContain('Run `mon incidents --help` for usage.');
  });

  it('`mon help nope` is exit 2 "unknown command" with a suggestion', async () => {
    const typo = await mon('help incidnets');
    expect(typo.code).toBe(2);
    expect(typo.out).toBe('');
    expect(typo.err).toContain("error: unknown command 'incidnets'.");
    expect(typo.err).toContain('Did you mean `mon incidents`?');
    const deeper = await mon('help incidents lst');
    expect(deeper.code).toBe(2);
    expect(deeper.err).toContain("unknown command 'lst' for 'mon incidents'");
    expect(deeper.err).toContain('`mon incidents list`');
  });

  it('an unknown command under a noun is still a usage error (exit 2)', async () => {
    const { code, err } = await mon('incidents lsit');
    expect(code).toBe(2);
    expect(err).toContain("unknown command 'lsit'");
    expect(err).toContain('list');
  });
});

describe('help of a noun', () => {
  it('lists `help` among its verbs in the words of `mon help`', async () => {
    for (const noun of ['incidents', 'runtimes', 'sandbox clock']) {
      expect((await mon(`${noun} --help`)).out).toMatch(/^ {2}help \[command\] +Show help for a command$/m);
    }
    expect((await mon('runtimes help get')).out).toMatch(/^Usage: mon runtimes get /);
  });

  it('shows the help of a noun given without a verb on stdout (exit 0: help is data)', async () => {
    const result = await mon('runtimes');
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toContain('Usage: mon runtimes [options] [command]');
  });
});

/*
 * bin/mon.js prints a help (or a completion script) it printed before from its cache, keyed by
 * the command line and the width alone: nothing else may change what they print.
 */
describe('help and completion scripts depend on the command line and the width only', () => {
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    env = {
      MON_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mon-help-')),
      MON_ACCESSIBLE: '1',
      MON_PROFILE: 'staging',
      NO_COLOR: '1',
      FORCE_COLOR: '3',
      CI: '1',
      MON_NO_INPUT: '1',
      TERM: 'dumb',
      MON_BASE_URL: 'http://127.0.0.1:9',
    };
    // A stored profile with settings of its own.
    expect((await mon('--profile staging config set accessible false', 80, env)).code).toBe(0);
  });

  it.each([[''], ...all.map((path) => [path.join(' ')])])(
    'mon %s --help: the same with another environment and configuration, and marked as reusable',
    async (joined) => {
      const plain = await mon(`${joined} --help`);
      const other = await mon(`${joined} --help`, 80, env);
      expect(other.out).toBe(plain.out);
      expect([plain.reusable, other.reusable]).toEqual([true, true]);
    },
  );

  it.each(['help incidents update', 'incidents', 'completion bash', 'completion zsh', 'completion fish'])(
    'mon %s: the same with another environment and configuration, and marked as reusable',
    async (line) => {
      const plain = await mon(line);
      expect(plain.code).toBe(0);
      expect(await mon(line, 80, env)).toEqual(plain);
      expect(plain.reusable).toBe(true);
    },
  );

  it.each(['--version --no-color', 'config path', 'incidents list', 'nope', 'completion tcsh'])(
    'mon %s: not marked as reusable (it depends on more, or failed)',
    async (line) => {
      expect((await mon(line)).reusable).toBe(false);
    },
  );
});

describe('--version', () => {
  it('prints the version with other global flags too, not the help of mon', async () => {
    const { code, out } = await mon('--version --no-color');
    expect(code).toBe(0);
    expect(out).toBe(`mon ${MON_VERSION}\n`);
  });
});

describe('help is data', () => {
  it('`mon` alone prints its help on stdout and exits 0', async () => {
    const result = await cli([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: mon \[options\] \[command\]/);
    expect(result.stdout).toContain('Status pages and incidents:');
  });

  it('`mon help incidents list` is the help of `mon incidents list`; every line fits 80 columns when piped', async () => {
    // Piped, a real stdout has no width: mon takes 80 columns.
    const help = await cli(words('help incidents list'), { columns: 80 });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mon incidents list \[options\]/);
    expect(help.stdout).toBe((await cli(words('incidents list --help'), { columns: 80 })).stdout);
    expect(help.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});
