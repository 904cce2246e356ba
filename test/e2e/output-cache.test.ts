/**
 * bin/mon.js keeps what a help or a completion script printed (the bundle says which; in
 * process, test/core/help.test.ts checks that nothing but the command line and the width
 * changes them) and prints it again from the cache directory without loading the bundle.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runMon, tempDir } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

const kept = (dir: string) => readdirSync(dir).filter((file) => file.startsWith('out-'));

/** A cache directory of the test's own (0700, as mon makes it) and the environment that uses it. */
function ownCache() {
  const dir = join(tempDir(), 'cache');
  return { dir, env: cleanEnv({ MON_CACHE_DIR: dir }) };
}

describe('the output cache', () => {
  it('prints a help again from what it kept: the same text, read from the cache', async () => {
    const { dir, env } = ownCache();
    const first = await runMon('incidents --help', { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Usage: mon incidents/);
    expect(kept(dir)).toEqual([expect.stringMatching(/-80-incidents%00--help\.txt$/)]);
    const again = await runMon('incidents --help', { env });
    expect(again).toEqual(first);
    // What the file holds is what is printed: the bundle was not asked.
    writeFileSync(join(dir, kept(dir)[0]!), 'from the cache\n');
    expect((await runMon('incidents --help', { env })).stdout).toBe('from the cache\n');
  });

  it('keeps `mon help X`, a bare noun and completion scripts too, each under its own command line', async () => {
    const { dir, env } = ownCache();
    for (const line of ['help incidents update', 'heartbeats', 'completion bash', 'completion fish']) {
      const first = await runMon(line, { env });
      expect(first.code).toBe(0);
      expect(await runMon(line, { env })).toEqual(first);
    }
    expect(kept(dir)).toHaveLength(4);
  });

  it('keeps nothing of a command line with a flag, of a failed command, or of one that depends on more', async () => {
    const { dir, env } = ownCache();
    expect((await runMon('incidents --help --no-color', { env })).code).toBe(0);
    expect((await runMon('--sandbox incidents --help', { env })).code).toBe(0);
    expect((await runMon('nope', { env })).code).toBe(2);
    expect((await runMon('completion tcsh', { env })).code).toBe(2);
    expect((await runMon('config path', { env })).code).toBe(0);
    mkdirSync(dir, { recursive: true });
    expect(kept(dir)).toEqual([]);
  });

  it("removes another build's outputs when it keeps one", async () => {
    const { dir, env } = ownCache();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = 'out-00000000000000000000000000000000-1000-1000-80-incidents%00--help.txt';
    writeFileSync(join(dir, old), 'an old build said this\n');
    const result = await runMon('incidents --help', { env });
    expect(result.stdout).toMatch(/^Usage: mon incidents/);
    expect(kept(dir)).toEqual([expect.stringMatching(/-80-incidents%00--help\.txt$/)]);
    expect(kept(dir)).not.toContain(old);
  });

  it('is not read from a directory others can write to: the help is the real one', async () => {
    const { dir, env } = ownCache();
    await runMon('incidents --help', { env });
    const [file] = kept(dir);
    writeFileSync(join(dir, file!), 'planted\n');
    chmodSync(dir, 0o777);
    const result = await runMon('incidents --help', { env });
    expect(result.stdout).toMatch(/^Usage: mon incidents/);
    expect(readFileSync(join(dir, file!), 'utf8')).toBe('planted\n');
  });

  it('wraps to the terminal it prints on: a help kept for a pipe (80 columns) is not shown on a 60-column terminal', async (ctx) => {
    requireScreen(ctx);
    const { dir, env } = ownCache();
    await runMon('checks create-dns --help', { env });
    for (let run = 0; run < 2; run++) {
      const screen = await openScreen('checks create-dns --help', env, { columns: 60, rows: 24 });
      await screen.done();
      const history = screen.history();
      expect(history.join('\n')).toContain('Usage: mon checks create-dns');
      expect(overWidth(history, 60)).toEqual([]);
    }
    expect(
      kept(dir)
        .map((file) => /-(80|tty60)-checks/.exec(file)?.[1])
        .sort(),
    ).toEqual(['80', 'tty60']);
  });
});
