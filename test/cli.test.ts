/** Every module `mon` loads before a command runs: the static imports reachable from src/cli.ts (plain-data modules, which import nothing, left out). */
import { describe, expect, it, vi } from 'vitest';
import { build } from 'esbuild';
import { builtOutput } from './build-output';
import type * as ChalkModule from 'chalk';

/** How many chalk instances mon made: one when it loads chalk for colour (each test below loads mon afresh). */
const chalkLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('chalk', async (importOriginal) => {
  const chalk = await importOriginal<typeof ChalkModule>();
  return {
    ...chalk,
    Chalk: function Chalk(options?: ConstructorParameters<typeof chalk.Chalk>[0]) {
      chalkLoads.count++;
      return new chalk.Chalk(options);
    },
  };
});

async function eagerModules(entry = 'src/cli.ts'): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    define: { MON_VERSION: '"0.0.0"' },
    logLevel: 'silent',
    outdir: 'unused',
  });
  const inputs = result.metafile.inputs;
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' || imported.kind === 'require-call') stack.push(imported.path);
    }
  }
  // A table of constants that imports nothing (e.g. the sandbox's limits, quoted in a help) costs nothing to load.
  return [...seen].filter((file) => !file.startsWith('src/') || (inputs[file]?.imports.length ?? 0) > 0);
}

describe('start-up', () => {
  it('loads only our light modules before a command runs (commander, for a line that is not plain, chalk, for colour, and heavy ones are import()ed)', async () => {
    const modules = await eagerModules();
    // jq-wasm: --jq's engine, loaded only when --jq is given (test/e2e/jq.test.ts checks the running mon).
    // commander: only to build the program, for a command line that does not read cleanly (core/flags/read.ts).
    const heavyPackages = ['commander', 'zod', 'undici', 'conf', '@inquirer', 'cli-table3', 'jq-wasm'].map(
      (name) => `node_modules/${name}/`,
    );
    for (const heavy of [...heavyPackages, 'node_modules/chalk/', 'src/sandbox/', 'src/api/client.ts']) {
      expect(
        modules.filter((file) => file.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
    expect(modules.some((file) => file.includes('src/io.ts'))).toBe(true);
  });

  it('the start-up (dist/start.cjs, run before every command but --version) imports no package and only light modules of mon', async () => {
    const modules = await eagerModules('src/start/start.ts');
    expect(modules.filter((file) => !file.startsWith('src/') && !file.startsWith('node:'))).toEqual([]);
    // Beside those that import nothing (tables, env.ts, descriptor.ts): config/paths.ts, for the cache
    // directory, whose error (not in dist/start.cjs: see below) is worded by errors.ts with text/next.ts.
    expect(modules.filter((file) => file.startsWith('src/') && !file.startsWith('src/start/')).sort()).toEqual([
      'src/config/paths.ts',
      'src/errors.ts',
      'src/text/next.ts',
    ]);
  });

  it('the launch (dist/launch.cjs) adds the reading of the line: the global flag table and the early reading', async () => {
    const modules = await eagerModules('src/start/launch.ts');
    expect(modules.filter((file) => !file.startsWith('src/') && !file.startsWith('node:'))).toEqual([]);
    // The global flag table takes --format's values from output/formats/names.ts, a table.
    expect(modules.filter((file) => file.startsWith('src/') && !file.startsWith('src/start/')).sort()).toEqual([
      'src/config/paths.ts',
      'src/core/flags/globals.ts',
      'src/core/flags/read.ts',
      'src/errors.ts',
      'src/text/next.ts',
    ]);
  });

  it('dist/start.cjs, compiled at every start without a code cache, holds no more than a kept output and loading the launch need', () => {
    const start = builtOutput('dist/start.cjs');
    const inputs = Object.keys(start.inputs).filter((file) => start.inputs[file]!.bytesInOutput > 0);
    // The reading of the line, the launch, and the words of errors are the launch's or the bundle's.
    for (const file of ['src/core/flags/read.ts', 'src/core/flags/globals.ts', 'src/start/launch.ts', 'src/errors.ts'])
      expect(inputs, file).not.toContain(file);
    expect(inputs).toContain('src/start/code-cache.ts');
    // ~0.15 M instructions per KB at every start (README, Performance): 10.2 KB when this was written.
    expect(start.bytes).toBeLessThan(11 * 1024);
    expect(builtOutput('dist/launch.cjs').inputs['src/core/flags/read.ts']!.bytesInOutput).toBeGreaterThan(0);
  });
});

describe('chalk, loaded only when a stream gets colour', () => {
  /** mon loaded afresh: the first colour of this run loads chalk. */
  async function freshMon() {
    vi.resetModules();
    chalkLoads.count = 0;
    return import('./helpers');
  }

  it('is not loaded by piped commands, parse errors included, and is loaded by the first one with FORCE_COLOR=1', async () => {
    const { mon, memorySandbox, testEnv } = await freshMon();
    const sandbox = await memorySandbox();
    try {
      const listed = await mon('incidents list --status all', { sandbox });
      const status = await mon('status', { sandbox });
      const wrong = await mon('incidents list --bogus', { sandbox });
      expect([listed.code, status.code, wrong.code]).toEqual([0, 0, 2]);
      expect(listed.stdout + status.stdout + wrong.stderr).not.toContain('\u001b[');
      expect(chalkLoads.count).toBe(0);
      const forced = await mon('incidents list --bogus', {
        sandbox,
        env: testEnv({ sandbox, env: { FORCE_COLOR: '1' } }),
      });
      expect(forced.code).toBe(2);
      expect(forced.stderr).toContain('\u001b[31merror:\u001b[39m');
      expect(chalkLoads.count).toBe(1);
    } finally {
      await sandbox.close();
    }
  });

  it('is loaded on a terminal (and not with --no-color there)', async () => {
    const { mon } = await freshMon();
    const plain = await mon('incidents list --bogus --no-color', { tty: true });
    expect(plain.stderr).toContain('error:');
    expect(plain.stderr).not.toContain('\u001b[');
    expect(chalkLoads.count).toBe(0);
    const coloured = await mon('incidents list --bogus', { tty: true });
    expect(coloured.stderr).toContain('\u001b[31merror:\u001b[39m');
    expect(chalkLoads.count).toBe(1);
  });
});
