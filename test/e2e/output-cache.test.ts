/**
 * The start-up (src/start/output-cache.ts) keeps what a help or a completion script printed
 * (the bundle says which; in process, test/core/help.test.ts checks that nothing but the
 * command line and the width changes them) and prints it again from the cache directory
 * without loading the bundle. In process: test/start/output-cache.test.ts.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../src/start/sealed';
import { BIN, cleanEnv, runMon, tempDir } from './harness';
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
    writeFileSync(join(dir, kept(dir)[0]!), seal('output', Buffer.from('from the cache\n')));
    expect((await runMon('incidents --help', { env })).stdout).toBe('from the cache\n');
  });

  it('a damaged file is not printed: the help is the real one, and kept again', async () => {
    const { dir, env } = ownCache();
    const first = await runMon('incidents --help', { env });
    const file = join(dir, kept(dir)[0]!);
    const sealed = readFileSync(file);
    for (const damaged of [
      Buffer.from(sealed.toString('latin1').replace('Usage: mon incidents', 'Usage: mon incidentz'), 'latin1'),
      sealed.subarray(0, sealed.length - 10),
      Buffer.from('Usage: planted, no header\n'),
    ]) {
      writeFileSync(file, damaged);
      expect(await runMon('incidents --help', { env })).toEqual(first);
      expect(unseal('output', readFileSync(file))?.toString()).toBe(first.stdout);
    }
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

  it("removes another build's outputs when it keeps one: only those mon wrote, never another file named out-*", async () => {
    const { dir, env } = ownCache();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = (line: string) => `out-${'0'.repeat(32)}-1000-1000-80-${line}.txt`;
    const elsewhere = join(tempDir(), 'precious.txt');
    writeFileSync(elsewhere, seal('output', Buffer.from('not in the cache directory\n')));
    writeFileSync(join(dir, old('incidents%00--help')), seal('output', Buffer.from('an old build said this\n')));
    const foreign = {
      [old('checks%00--help')]: 'a file mon did not write, named as mon names its own\n',
      'out-notes.txt': 'notes\n',
      'out-of-office.md': 'away\n',
    };
    for (const [file, text] of Object.entries(foreign)) writeFileSync(join(dir, file), text);
    symlinkSync(elsewhere, join(dir, old('status%00--help')));
    const result = await runMon('incidents --help', { env });
    expect(result.stdout).toMatch(/^Usage: mon incidents/);
    expect(
      readdirSync(dir)
        .filter((file) => file.startsWith('out-'))
        .sort(),
    ).toEqual(
      [
        ...Object.keys(foreign),
        old('status%00--help'),
        kept(dir).find((file) => file.endsWith('-80-incidents%00--help.txt') && !file.startsWith(old(''))),
      ].sort(),
    );
    for (const [file, text] of Object.entries(foreign)) expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
    expect(unseal('output', readFileSync(elsewhere))?.toString()).toBe('not in the cache directory\n');
  });

  it('is not used through a symbolic link (one planted in /tmp could lead to a directory of yours): nothing read, written or removed there', async () => {
    const target = join(tempDir(), 'yours');
    mkdirSync(target, { mode: 0o700 });
    const planted = join(tempDir(), 'mon-cache');
    symlinkSync(target, planted);
    const theirs = `out-${'0'.repeat(32)}-1000-1000-80-incidents%00--help.txt`;
    writeFileSync(join(target, theirs), seal('output', Buffer.from('an old build said this\n')));
    writeFileSync(join(target, 'out-report.txt'), 'yours\n');
    const env = cleanEnv({ MON_CACHE_DIR: planted });
    for (let run = 0; run < 2; run++) {
      const result = await runMon('incidents --help', { env });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(/^Usage: mon incidents/);
    }
    expect((await runMon('runtimes --help --no-color', { env })).code).toBe(0);
    expect(readdirSync(target).sort()).toEqual([theirs, 'out-report.txt']);
  });

  it('is not read from a directory others can write to: the help is the real one', async () => {
    const { dir, env } = ownCache();
    await runMon('incidents --help', { env });
    const [file] = kept(dir);
    writeFileSync(join(dir, file!), seal('output', Buffer.from('planted\n')));
    chmodSync(dir, 0o777);
    const result = await runMon('incidents --help', { env });
    expect(result.stdout).toMatch(/^Usage: mon incidents/);
    expect(unseal('output', readFileSync(join(dir, file!)))?.toString()).toBe('planted\n');
  });

  it('a kept help printed to a full disk (/dev/full): one line saying so, exit 1', async (ctx) => {
    if (process.platform !== 'linux') ctx.skip('needs /dev/full (Linux)');
    const { dir, env } = ownCache();
    expect((await runMon('incidents --help', { env })).code).toBe(0);
    expect(kept(dir)).toHaveLength(1);
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, 'incidents', '--help'], {
        env,
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 1,
        stderr: 'error: cannot write to stdout: no space left on device\n',
      });
    } finally {
      closeSync(full);
    }
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
