/*
 * Issue 16, item 13: one lock per real file, and a stale lock taken over by exactly one process.
 * Issue 45, item 2: a lock left by a killed container (its mon was process 1, as the next one's).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inContainer, requireContainers } from './container';
import { BIN, cleanEnv, collect, runMon, startSandbox, tempDir } from './harness';
import { hostileServer } from './hostile';

describe('a data file named through a symlink', () => {
  it('a second mon sandbox on the same file through a symlinked directory is refused', async () => {
    const dir = tempDir('mon-real-');
    const link = join(tempDir('mon-link-'), 'data');
    symlinkSync(dir, link);
    const first = await startSandbox([], { dataFile: join(dir, 'sandbox.jsonl') });
    try {
      const second = await runMon(['sandbox', '--port', '0', '--data', join(link, 'sandbox.jsonl')]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('is in use by mon sandbox');
      expect(second.stderr).toContain(first.url);
    } finally {
      await first.stop();
    }
  });

  it('a symlink to the data file itself is the same file too', async () => {
    const dir = tempDir('mon-real-');
    const file = join(dir, 'sandbox.jsonl');
    const first = await startSandbox([], { dataFile: file });
    try {
      const alias = join(tempDir('mon-link-'), 'alias.jsonl');
      symlinkSync(file, alias);
      const second = await runMon(['sandbox', '--port', '0', '--data', alias]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('is in use by mon sandbox');
    } finally {
      await first.stop();
    }
  });

  it('mon --sandbox with MON_DATA_DIR through a symlink talks to the sandbox serving that file', async () => {
    const dir = tempDir('mon-real-');
    const link = join(tempDir('mon-link-'), 'data');
    symlinkSync(dir, link);
    const served = await startSandbox([], { dataFile: join(dir, 'sandbox.jsonl') });
    try {
      await served.clearRequests();
      const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: link }) });
      expect(result.code).toBe(0);
      const paths = (await served.requests()).map((request) => `${request.method} ${request.path}`);
      expect(paths).toContain('GET /v1/runtimes');
    } finally {
      await served.stop();
    }
  });
});

const SLOW = fileURLToPath(new URL('../fixtures/slow-lock-takeover.cjs', import.meta.url));

/** What a `mon config set` says when it waited out its bound for the config lock (src/config/store.ts: 10 s). */
const LOCKED = /^error: The config file .+ is locked by another mon process \(pid (\d+)\)\.\n/;

describe('a stale config lock', () => {
  it('20 concurrent mon config set after a lock left by a dead process: taken over once, no value lost', async () => {
    const env = cleanEnv();
    const configDir = env.MON_CONFIG_DIR!;
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    // A process that has ended: its pid is free, so its lock is stale.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const stale = {
      pid: Number(dead.stdout),
      host: hostname(),
      what: 'mon (writing the config file)',
      since: '2026-01-01T00:00:00Z',
    };
    writeFileSync(join(configDir, 'config.json.lock'), JSON.stringify(stale), { mode: 0o600 });
    // All 20 try the lock at the same moment, once they have all started (see the fixture).
    const at = String(Date.now() + 4000);
    const runs = Array.from({ length: 20 }, (_, i) =>
      collect(
        spawn(
          process.execPath,
          ['--require', SLOW, BIN, '--profile', `p${i}`, 'config', 'set', 'timeout', String(i + 1)],
          {
            env: { ...env, MON_TEST_LOCK_AT: at, MON_TEST_UNLINK_DELAY: String(i * 10) },
            stdio: ['pipe', 'pipe', 'pipe'],
          },
        ),
      ),
    );
    const results = await Promise.all(runs);
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { timeout?: number }>;
    };
    // The 20 take the lock in turn, each waiting its bound at most. Idle, all 20 have it in
    // time; on a loaded machine the last ones may wait their bound out: they then say so (exit
    // 1, the lock's live holder named, nothing written), as a user would see, and try again.
    // What must never happen: the stale lock taken over twice (a value written, then lost),
    // or a mon still waiting on the dead process.
    const gaveUp = results.flatMap((result, i) => (result.code === 0 ? [] : [i]));
    for (const [i, result] of results.entries()) {
      if (result.code === 0) {
        expect(result.stderr).toBe(`✓ Set timeout to ${i + 1} in profile "p${i}".\n`);
        expect(stored.profiles[`p${i}`]?.timeout, `p${i}`).toBe(i + 1);
      } else {
        expect(result.code, result.stderr).toBe(1);
        const holder = LOCKED.exec(result.stderr)?.[1];
        expect(holder, result.stderr).toBeDefined();
        expect(Number(holder)).not.toBe(stale.pid);
        expect(stored.profiles[`p${i}`]).toBeUndefined();
      }
    }
    expect(gaveUp.length).toBeLessThan(20);
    // Those that gave up, run again one at a time: every value is then kept.
    for (const i of gaveUp) {
      const again = await runMon(['--profile', `p${i}`, 'config', 'set', 'timeout', String(i + 1)], { env });
      expect(again.code, again.stderr).toBe(0);
    }
    const after = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as typeof stored;
    for (let i = 0; i < 20; i++) expect(after.profiles[`p${i}`]?.timeout).toBe(i + 1);
  });
});

describe('a config write that fails half-way (a full disk)', () => {
  it('says why, exit 1, and leaves no lock file (nor any other) behind', async () => {
    // A file size limit of 0 makes every write fail after its file was created, as a full
    // disk does (EFBIG rather than ENOSPC; SIGXFSZ ignored so that the write returns an error).
    const env = cleanEnv({ MON_CACHE_DIR: tempDir('mon-cache-') });
    const child = spawn(
      'sh',
      [
        '-c',
        `trap '' XFSZ; ulimit -f 0; exec "$0" "$@"`,
        process.execPath,
        BIN,
        'config',
        'set',
        'base-url',
        'https://api.example.com',
      ],
      {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const result = await collect(child);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot write in the config directory ${env.MON_CONFIG_DIR}`);
    expect(result.stderr).not.toContain('locked by another mon process');
    expect(readdirSync(env.MON_CONFIG_DIR!)).toEqual([]);
    expect(readdirSync(env.MON_CACHE_DIR!)).toEqual([]);
  });
});

describe('a config write cut short (a file size limit below the new file)', () => {
  it('keeps every stored profile and template: the file is replaced only when written whole', async () => {
    const env = cleanEnv({ MON_CACHE_DIR: tempDir('mon-cache-') });
    const stored = {
      profiles: {
        default: {
          'base-url': 'https://api.example.com',
          templates: { monitoring: { message: `A fix is deployed; we are watching. ${'x'.repeat(600)}` } },
        },
      },
    };
    mkdirSync(env.MON_CONFIG_DIR!, { recursive: true });
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    writeFileSync(file, JSON.stringify(stored, null, '\t'), { mode: 0o600 });
    const before = readFileSync(file, 'utf8');
    // 1 KiB may be written (the lock file fits), the new config (~2 KiB) does not: conf's own
    // atomic write took the short write for a whole one and renamed it over the profiles.
    const child = spawn(
      'sh',
      [
        '-c',
        `trap '' XFSZ; ulimit -f 2; exec "$0" "$@"`,
        process.execPath,
        BIN,
        'templates',
        'add',
        'identified',
        '--message',
        `We found the cause. ${'y'.repeat(600)}`,
      ],
      { env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const result = await collect(child);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`Cannot write the config file ${file}`);
    expect(result.stderr).toContain('It was left as it was.');
    expect(result.stderr).not.toContain('Stored template');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(env.MON_CONFIG_DIR!)).toEqual(['config.json']);
  });
});

describe('a --no-overlap lock left by a killed container (issue 45, item 2)', () => {
  const TOKEN = 'hb_locks_container_token_0123456789';
  /** Where mon keeps the lock of a monitor: named by a hash of its token. */
  const lockFile = (env: NodeJS.ProcessEnv) =>
    join(env.MON_DATA_DIR!, 'exec-locks', `${createHash('sha256').update(TOKEN).digest('hex').slice(0, 32)}.lock`);
  const exec = (script: string) => [
    process.execPath,
    BIN,
    'heartbeats',
    'exec',
    TOKEN,
    '--no-overlap',
    '--',
    'sh',
    '-c',
    script,
  ];

  it("the next container's mon, process 1 as well, is not held up for good; a run going on in another container is never taken over", async (context) => {
    requireContainers(context);
    const pings = await hostileServer((_req, res) => res.writeHead(200).end());
    const containers: ReturnType<typeof inContainer>[] = [];
    try {
      // Containers of one machine sharing a volume: the same data directory.
      const env = cleanEnv({ MON_PING_URL: pings.url });
      const first = inContainer('box-a', exec('echo ready; while :; do sleep 0.05; done'), env);
      containers.push(first);
      const firstDone = collect(first.child);
      let seen = '';
      await new Promise<void>((resolve) =>
        first.child.stdout!.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('ready')) resolve();
        }),
      );
      const owner = JSON.parse(readFileSync(lockFile(env), 'utf8')) as { pid: number; host: string };
      expect(owner).toMatchObject({ pid: 1, host: 'box-a' });

      // While it runs, another container's run does not start.
      const running = await collect(inContainer('box-b', exec('echo ran'), env).child);
      expect(running.code).toBe(75);
      expect(running.stdout).toBe('');
      expect(running.stderr).toMatch(
        /the previous run of this monitor is still going \(its job is pid \d+, mon pid 1 on box-a, since /,
      );

      // The container is killed (SIGKILL to its process 1): its lock stays, naming pid 1.
      first.kill();
      await firstDone;
      expect(existsSync(lockFile(env))).toBe(true);
      // Its holder cannot be seen from another container (another PID namespace): the lock
      // holds while it is fresh (refreshed every 15 s by a live holder), and nothing once a
      // minute has passed. (Right after the kill, the next namespace may get the killed one's
      // number, and judge the lock by PID and start time instead: gone, too.)
      const stale = (Date.now() - 61_000) / 1000;
      utimesSync(lockFile(env), stale, stale);
      const next = await collect(inContainer('box-d', exec('echo ran'), env).child);
      expect(next.stderr).toBe('');
      expect(next).toMatchObject({ code: 0, stdout: 'ran\n' });
      expect(existsSync(lockFile(env))).toBe(false);
    } finally {
      await pings.close();
      for (const container of containers) container.kill();
    }
  });
});
