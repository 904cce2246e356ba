/**
 * src/lock.ts: when a lock left behind holds nothing. Its holder and the process it shares the
 * lock with (`child`, the job of `mon heartbeats exec`) must both be gone; a zombie (ended,
 * never reaped: a container whose first process reaps no orphans) is gone. A holder is its PID
 * and the PID's start time, in this boot and PID namespace, whatever the host name (issue 45:
 * mon is process 1 in every container); one that cannot be seen from here is judged by its
 * lease, the lock file it keeps fresh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEASE_MS, LEASE_REFRESH_MS, lockHolder, tryLock, type HeldLock } from '../src/lock';
import { FakeTimers } from './fake-timers';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function lockFileHeldBy(owner: Record<string, unknown> & { pid: number; child?: number }): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mon-lock-')), 'x.lock');
  writeFileSync(
    path,
    JSON.stringify({ host: hostname(), what: 'a test', since: '2026-01-01T00:00:00.000Z', ...owner }),
  );
  return path;
}

const taken = (result: ReturnType<typeof tryLock>): result is HeldLock => 'release' in result;

/** A PID that ran and is gone (reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** A process that runs until the test ends. */
function runningPid(): number {
  const child = spawn('sleep', ['60']);
  started.push(child);
  return child.pid!;
}

/**
 * A zombie: `sleep 60` never waits for the child its shell left it. The child outlives the
 * shell's exec (half a second): one that ended at once could be reaped by the shell first.
 */
async function zombiePid(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 60']);
  started.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk))),
  );
  const state = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2);
  };
  for (let tries = 0; state() !== 'Z'; tries++) {
    if (tries > 500) throw new Error(`process ${pid} did not become a zombie`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return pid;
}

describe('a lock left behind', () => {
  it('is taken over when its holder is gone and it shares it with no process', async () => {
    const result = tryLock(lockFileHeldBy({ pid: await deadPid() }), 'me');
    expect('release' in result).toBe(true);
  });

  it('holds while the process it shares it with runs, though its holder is gone; not once that one has ended too', async () => {
    const child = runningPid();
    const path = lockFileHeldBy({ pid: await deadPid(), child });
    const result = tryLock(path, 'me');
    expect(result).toEqual({ heldBy: expect.objectContaining({ child }) });
    process.kill(child, 'SIGKILL');
    await new Promise((resolve) => started[0]!.once('exit', resolve));
    expect('release' in tryLock(path, 'me')).toBe(true);
  });

  it.runIf(process.platform === 'linux')('is taken over when its holder is a zombie', async () => {
    const result = tryLock(lockFileHeldBy({ pid: await zombiePid() }), 'me');
    expect('release' in result).toBe(true);
  });

  it('holds while its holder runs', () => {
    const pid = runningPid();
    expect(tryLock(lockFileHeldBy({ pid }), 'me')).toEqual({ heldBy: expect.objectContaining({ pid }) });
  });
});

const linux = process.platform === 'linux';

/** This machine's boot and this process's PID namespace, as a lock file written here holds them. */
const here = () => ({
  boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  pidns: readlinkSync('/proc/self/ns/pid'),
});

/** A process's start time in clock ticks since boot (/proc/PID/stat, field 22). */
function startOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

/** Sets the lock file's mtime to `ms` (a whole second), and returns it. */
function touchedAt(path: string, ms: number): number {
  const at = Math.floor(ms / 1000) * 1000;
  utimesSync(path, at / 1000, at / 1000);
  return at;
}

describe.runIf(linux)('a lock judged by what identifies its holder (issue 45)', () => {
  it('a live PID with another start time is a later process (the PID was reused): taken over; with its own, held', () => {
    const pid = runningPid();
    const reused = lockFileHeldBy({ pid, start: startOf(pid) - 1, ...here() });
    expect(taken(tryLock(reused, 'me'))).toBe(true);
    const live = lockFileHeldBy({ pid, start: startOf(pid), ...here() });
    expect(tryLock(live, 'me')).toEqual({ heldBy: expect.objectContaining({ pid }) });
  });

  it("process 1 with another start time (a killed container's mon; this one is process 1 too) is taken over; with its own, held", () => {
    const killed = lockFileHeldBy({ pid: 1, start: startOf(1) + 12345, ...here() });
    expect(taken(tryLock(killed, 'me'))).toBe(true);
    const live = lockFileHeldBy({ pid: 1, start: startOf(1), ...here() });
    expect(tryLock(live, 'me')).toEqual({ heldBy: expect.objectContaining({ pid: 1 }) });
  });

  it("a lock naming this very process, which does not hold it, was left by an earlier one with its PID: taken over (an older mon's lock too)", () => {
    expect(taken(tryLock(lockFileHeldBy({ pid: process.pid, start: startOf(process.pid), ...here() }), 'me'))).toBe(
      true,
    );
    expect(taken(tryLock(lockFileHeldBy({ pid: process.pid }), 'me'))).toBe(true);
  });

  it('a lock this process holds is its own: not taken over by another taking of it in this process', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mon-lock-')), 'x.lock');
    const mine = tryLock(path, 'me');
    expect(taken(mine)).toBe(true);
    expect(tryLock(path, 'again')).toEqual({ heldBy: expect.objectContaining({ pid: process.pid, what: 'me' }) });
    (mine as HeldLock).release();
    expect(taken(tryLock(path, 'again'))).toBe(true);
  });

  it('another host name with the same boot and PID namespace (a container renamed, or sharing the PIDs): judged by its PID and start time', () => {
    const gone = lockFileHeldBy({ pid: 1 << 22, start: 5, host: 'a-container-gone', ...here() });
    expect(taken(tryLock(gone, 'me'))).toBe(true);
    const pid = runningPid();
    const live = lockFileHeldBy({ pid, start: startOf(pid), host: 'a-container-running', ...here() });
    expect(tryLock(live, 'me')).toEqual({ heldBy: expect.objectContaining({ host: 'a-container-running' }) });
  });

  it('another boot: a lock last written before this machine booted is taken over, whatever its host and PID', () => {
    const path = lockFileHeldBy({ pid: 1, start: startOf(1), boot: 'another-boot', pidns: here().pidns });
    touchedAt(path, Date.now() - uptime() * 1000 - 60_000);
    expect(taken(tryLock(path, 'me'))).toBe(true);
  });

  it.each([
    ['another PID namespace (another container)', { boot: undefined, pidns: 'pid:[1]' }],
    ['another boot (another machine sharing the directory)', { boot: 'another-boot', pidns: undefined }],
    ['no boot ID (an older mon), on another host', { boot: null, pidns: null, host: 'elsewhere' }],
  ])(
    'a holder that cannot be seen from here, %s, holds while its lease is fresh: LEASE_MS old, not one ms older',
    (_what, differs) => {
      const self = here();
      const owner = {
        pid: 1,
        start: startOf(1),
        host: 'elsewhere',
        boot: differs.boot === null ? undefined : (differs.boot ?? self.boot),
        pidns: differs.pidns === null ? undefined : (differs.pidns ?? self.pidns),
      };
      const path = lockFileHeldBy(owner);
      const at = touchedAt(path, Date.now() - 5_000);
      expect(tryLock(path, 'me', { now: () => at + LEASE_MS })).toEqual({
        heldBy: expect.objectContaining({ host: 'elsewhere' }),
      });
      expect(lockHolder(path, { now: () => at + LEASE_MS })).toMatchObject({ host: 'elsewhere' });
      expect(lockHolder(path, { now: () => at + LEASE_MS + 1 })).toBeUndefined();
      expect(taken(tryLock(path, 'me', { now: () => at + LEASE_MS + 1 }))).toBe(true);
    },
  );

  it('its holder keeps the lock file fresh: every LEASE_REFRESH_MS, until it releases it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mon-lock-')), 'x.lock');
    const timers = new FakeTimers();
    let now = Date.parse('2026-03-02T10:00:00Z');
    const lock = tryLock(path, 'me', { now: () => now, timers }) as HeldLock;
    const written = JSON.parse(readFileSync(path, 'utf8'));
    expect(written).toMatchObject({ pid: process.pid, start: startOf(process.pid), ...here() });
    now += LEASE_REFRESH_MS;
    timers.advance(LEASE_REFRESH_MS - 1);
    expect(statSync(path).mtimeMs).not.toBe(now);
    timers.advance(1);
    expect(statSync(path).mtimeMs).toBe(now);
    now += LEASE_REFRESH_MS;
    timers.advance(LEASE_REFRESH_MS);
    expect(statSync(path).mtimeMs).toBe(now);
    lock.release();
    expect(timers.waiting).toBe(0);
  });
});
