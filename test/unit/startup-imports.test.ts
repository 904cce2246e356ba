import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { words } from '../words';

const BIN = fileURLToPath(new URL('../../bin/mon.js', import.meta.url));

/** Every module `mon` loads before a command runs: the static imports reachable from src/cli.ts (plain-data modules, which import nothing, left out). */
async function eagerModules(): Promise<string[]> {
  const result = await build({
    entryPoints: ['src/cli.ts'],
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
  const stack = ['src/cli.ts'];
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
  it('loads only commander, chalk and our light modules before a command runs (heavy ones are import()ed)', async () => {
    const modules = await eagerModules();
    // jq-wasm: --jq's engine, loaded only when --jq is given (test/e2e/jq.test.ts checks the running mon).
    const heavyPackages = ['zod', 'undici', 'conf', '@inquirer', 'cli-table3', 'jq-wasm'].map(
      (name) => `node_modules/${name}/`,
    );
    for (const heavy of [...heavyPackages, 'src/sandbox/', 'src/api/client.ts']) {
      expect(
        modules.filter((file) => file.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
    expect(modules.some((file) => file.includes('node_modules/commander/'))).toBe(true);
  });
});

/**
 * The files of dist/ a real `mon ARGS` reads (bin/mon.js, then the bundle and its vendor
 * files, through require or, on Node 20, through readFileSync for its own code cache).
 */
function distFilesRead(line: string): string[] {
  const args = words(line);
  const tracer = join(mkdtempSync(join(tmpdir(), 'mon-startup-')), 'trace.cjs');
  writeFileSync(
    tracer,
    `const fs = require('node:fs'); const Module = require('node:module'); const seen = new Set();
const note = (file) => { const at = String(file).split('/dist/')[1]; if (at !== undefined) seen.add(at.replace(/^\\.\\//, '')); };
const read = fs.readFileSync; fs.readFileSync = function (file, ...rest) { note(file); return read.call(this, file, ...rest); };
const load = Module._load; Module._load = function (request, parent, ...rest) { if (request.includes('vendor/') || request.includes('/dist/')) note(request.includes('/dist/') ? request : '/dist/' + request.replace(/^\\.\\//, '')); return load.call(this, request, parent, ...rest); };
process.on('exit', () => process.stderr.write('\\nDIST ' + JSON.stringify([...seen]) + '\\n'));
`,
  );
  const result = spawnSync(process.execPath, ['-r', tracer, BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tmpdir(), MON_CACHE_DIR: mkdtempSync(join(tmpdir(), 'mon-cache-')) },
  });
  const trace = result.stderr.split('\n').find((text) => text.startsWith('DIST '));
  if (!trace) throw new Error(`mon ${line}: no trace (${result.stderr})`);
  return JSON.parse(trace.slice(5)) as string[];
}

describe('what a start-up reads of dist/', () => {
  const HEAVY = [
    'vendor/zod.cjs',
    'vendor/undici.cjs',
    'vendor/cli-table3.cjs',
    'vendor/conf.cjs',
    'vendor/prompts.cjs',
  ];

  it('--version reads none of dist/ (bin/mon.js answers it)', () => {
    expect(distFilesRead('--version')).toEqual([]);
  });

  it.each(['--help', 'incidents --help', 'completion bash', 'completion fish'])(
    'mon %s loads the bundle and none of zod, undici, cli-table3, conf or the prompts',
    (line) => {
      const read = distFilesRead(line);
      expect(read).toContain('mon.cjs');
      expect(read.filter((file) => HEAVY.includes(file))).toEqual([]);
    },
  );

  it('the trace sees a vendor file when one is loaded (a bad shell is worded by the validator, zod)', () => {
    expect(distFilesRead('completion tcsh')).toContain('vendor/zod.cjs');
  });
});
