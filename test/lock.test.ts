/**
 * src/lock.ts: when a lock left behind holds nothing. Its holder and the process it shares the
 * lock with (`child`, the job of `mon heartbeats exec`) must both be gone; a zombie (ended,
 * never reaped: a container whose first process reaps no orphans) is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tryLock } from '../src/lock';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function lockFileHeldBy(owner: { pid: number; child?: number }): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mon-lock-')), 'x.lock');
  writeFileSync(
    path,
    JSON.stringify({ ...owner, host: hostname(), what: 'a test', since: '2026-01-01T00:00:00.000Z' }),
  );
  return path;
}

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
