import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runMon, tempDir } from './harness';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the code cache', () => {
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
