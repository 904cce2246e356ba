import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runMon, tempDir } from './harness';
import { words } from '../words';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

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

describe('--version', () => {
  it('prints the version (bin/mon.js answers it)', async () => {
    expect((await runMon('--version')).stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
  });

  it('answers --version without loading the rest of mon: it runs with no dist/ at all, and compiles nothing', () => {
    // bin/ and package.json alone, as if the bundle were missing.
    const root = tempDir();
    mkdirSync(join(root, 'bin'));
    copyFileSync(BIN, join(root, 'bin', 'mon.js'));
    copyFileSync(join(dirname(BIN), 'package.json'), join(root, 'bin', 'package.json'));
    copyFileSync(join(dirname(BIN), '..', 'package.json'), join(root, 'package.json'));
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const run = (args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin', 'mon.js'), ...args], { env, encoding: 'utf8' });
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
    expect(version.stderr).toBe('');
    expect(existsSync(env.MON_CACHE_DIR!) ? filesUnder(env.MON_CACHE_DIR!) : []).toEqual([]);
    // Anything else needs the bundle, which this copy does not have.
    expect(run(['runtimes', '--help']).status).not.toBe(0);
  });
});

describe('help', () => {
  it('answers --help for every top-level command, and a verb, with examples (every verb in-process: test/core/help.test.ts)', async () => {
    const env = cleanEnv();
    const top = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env });
    const nouns = [...top.split('\n\nExamples:')[0]!.matchAll(/^ {2}([a-z][a-z-]*)(?: \S+)* {2,}/gm)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'help');
    expect(nouns).toEqual(
      expect.arrayContaining(['incidents', 'checks', 'heartbeats', 'runtimes', 'status-pages', 'api']),
    );
    // The binary builds only the subtree a command line asks for: each noun's help is its own path.
    const helps = await Promise.all(nouns.map((noun) => runMon(`${noun} --help`, { env })));
    helps.forEach((help, index) => {
      expect(help.code, nouns[index]).toBe(0);
      expect(help.stdout, nouns[index]).toMatch(new RegExp(`^Usage: mon ${nouns[index]}`));
      expect(help.stdout, nouns[index]).toMatch(/\nExamples:\n {2}\$ .*\bmon /);
    });
    const verb = execFileSync(process.execPath, [BIN, 'status-pages', 'list', '--help'], { encoding: 'utf8', env });
    expect(verb).toContain('--limit <n>');
    expect(verb).toContain('Examples:');
    expect(verb).toContain('Global options: --version, --profile');
    expect(verb).toContain('--json');
  });
});
