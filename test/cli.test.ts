/** Every module `mon` loads before a command runs: the static imports reachable from src/cli.ts (plain-data modules, which import nothing, left out). */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';

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
  it('loads only chalk and our light modules before a command runs (commander, for a line that is not plain, and heavy ones are import()ed)', async () => {
    const modules = await eagerModules();
    // jq-wasm: --jq's engine, loaded only when --jq is given (test/e2e/jq.test.ts checks the running mon).
    // commander: only to build the program, for a command line that does not read cleanly (core/flags/read.ts).
    const heavyPackages = ['commander', 'zod', 'undici', 'conf', '@inquirer', 'cli-table3', 'jq-wasm'].map(
      (name) => `node_modules/${name}/`,
    );
    for (const heavy of [...heavyPackages, 'src/sandbox/', 'src/api/client.ts']) {
      expect(
        modules.filter((file) => file.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
    expect(modules.some((file) => file.includes('node_modules/chalk/'))).toBe(true);
  });

  it('the start-up (dist/start.cjs, run before every command but --version) imports no package and only light modules of mon', async () => {
    const modules = await eagerModules('src/start/start.ts');
    expect(modules.filter((file) => !file.startsWith('src/') && !file.startsWith('node:'))).toEqual([]);
    // Beside those that import nothing (tables, env.ts, text/shell.ts, descriptor.ts); errors.ts words
    // its hints with text/next.ts (the command to type next), which needs only shell quoting; the
    // global flag table takes --format's values from output/formats/names.ts, a table too.
    expect(modules.filter((file) => file.startsWith('src/') && !file.startsWith('src/start/')).sort()).toEqual([
      'src/config/paths.ts',
      'src/core/flags/globals.ts',
      'src/core/flags/read.ts',
      'src/errors.ts',
      'src/text/next.ts',
    ]);
  });
});
