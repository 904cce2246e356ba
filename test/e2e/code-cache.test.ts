/**
 * The V8 code cache (bin/mon.js) runs only the code of the installed build: it is keyed by
 * the content of each file, and kept in a directory only the user can write.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cleanEnv, collect, runMon, tempDir } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HELP_LINE = 'The runtimes checks run on: Node.js, stage, packages';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A copy of the installed package (bin/, dist/, package.json) that a test may change. */
function copyOfMon(): string {
  const app = tempDir('mon-app-');
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, part), join(app, part), { recursive: true });
  return app;
}

function runFrom(app: string, args: string[], env: NodeJS.ProcessEnv) {
  return collect(
    spawn(process.execPath, [join(app, 'bin', 'mon.js'), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] }),
  );
}

describe('the code cache', () => {
  it('is keyed by content: a new build of the same size and mtime runs its own code, not the cached one', async () => {
    const app = copyOfMon();
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const bundle = join(app, 'dist', 'mon.cjs');
    // npm gives every file it installs this mtime.
    const npmTime = new Date('1985-10-26T08:15:00Z');
    utimesSync(bundle, npmTime, npmTime);
    const before = await runFrom(app, ['runtimes', '--help'], env);
    expect(before.stdout).toContain(HELP_LINE);
    expect(filesUnder(env.MON_CACHE_DIR!).length).toBeGreaterThan(0);

    // The next version, installed over it: one string changed, same length, and npm gives
    // every file the same mtime. Its build lists the new content's hash, as every build does.
    const { size } = statSync(bundle);
    const changed = HELP_LINE.toUpperCase();
    const source = readFileSync(bundle, 'utf8');
    expect(source.split(HELP_LINE)).toHaveLength(2);
    writeFileSync(bundle, source.replace(HELP_LINE, changed));
    utimesSync(bundle, npmTime, npmTime);
    expect(statSync(bundle)).toMatchObject({ size, mtimeMs: npmTime.getTime() });
    const list = join(app, 'dist', 'sha256.json');
    const hashes = (existsSync(list) ? JSON.parse(readFileSync(list, 'utf8')) : {}) as Record<string, string>;
    hashes['mon.cjs'] = createHash('sha256').update(readFileSync(bundle)).digest('hex');
    writeFileSync(list, JSON.stringify(hashes));

    const after = await runFrom(app, ['runtimes', '--help'], env);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(changed);
    expect(after.stdout).not.toContain(HELP_LINE);
  });

  it('is kept in a directory only the user can read and write (0700)', async () => {
    const dir = join(tempDir(), 'nested', 'cache');
    const result = await runMon(['runtimes', '--help'], { env: cleanEnv({ MON_CACHE_DIR: dir }) });
    expect(result.code).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(filesUnder(dir).length).toBeGreaterThan(0);
  });

  it('is not used in a directory others can write to: mon runs, without a cache', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    for (let run = 0; run < 2; run++) {
      const result = await runMon(['runtimes', '--help'], { env });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain(HELP_LINE);
    }
    chmodSync(dir, 0o775);
    expect((await runMon(['runtimes', '--help'], { env })).code).toBe(0);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('is not used in a directory that belongs to another user', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip('needs root, to give the directory to another user');
    const dir = tempDir();
    chmodSync(dir, 0o755);
    chownSync(dir, 65534, 65534);
    // Even one with a cache in it, as the other user might leave: it is not read, nor replaced.
    mkdirSync(join(dir, 'compile-cache-default'));
    writeFileSync(join(dir, 'planted.v8cache'), 'not code');
    const result = await runMon(['runtimes', '--help'], { env: cleanEnv({ MON_CACHE_DIR: dir }) });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(HELP_LINE);
    expect(filesUnder(dir)).toEqual([join(dir, 'planted.v8cache')]);
    expect(readdirSync(join(dir, 'compile-cache-default'))).toEqual([]);
  });

  it('runs mon whatever the cache directory is (a file, under a file): it only costs speed', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    for (const dir of [file, join(file, 'cache')]) {
      const result = await runMon(['runtimes', '--help'], { env: cleanEnv({ MON_CACHE_DIR: dir }) });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain(HELP_LINE);
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('the code cache on first use', () => {
  it('is written on first use, and a corrupt or foreign cache is ignored and replaced', async () => {
    // A cache of its own: the rest of the suite shares one (see harness.ts).
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const first = await runMon(['runtimes', '--help'], { env });
    expect(first.code).toBe(0);
    const files = filesUnder(env.MON_CACHE_DIR!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) writeFileSync(file, Buffer.alloc(statSync(file).size, 0x5a));
    const second = await runMon(['runtimes', '--help'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
  });

  it('is optional: an unwritable cache directory costs speed, not correctness', async () => {
    // Under a regular file: no directory can be made there, whoever runs the test.
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const env = cleanEnv({ MON_CACHE_DIR: join(blocker, 'cache') });
    const result = await runMon(['runtimes', '--help'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: mon runtimes');
    expect(result.stderr).toBe('');
  });
});
