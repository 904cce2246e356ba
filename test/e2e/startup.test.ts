import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runMon, tempDir } from './harness';

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

  it('answers --version without loading the rest of mon', async () => {
    const env = cleanEnv();
    const result = await runMon(['--version'], { env });
    expect(result.stdout).toMatch(/^mon \d+\.\d+\.\d+\n$/);
  });
});
