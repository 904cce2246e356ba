import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { ExitStatus } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { errorWords } from '../../../text/codes';
import { spawnPlan, thisSystem } from './spawn';

/*
 * How `mon heartbeats exec` runs its job: with mon's stdio, in mon's environment without its
 * secrets, the signals that end or direct a job passed on to it, and (--max-runtime) stopped
 * when it runs too long.
 */

export interface JobOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** --max-runtime ran out: the job was sent SIGTERM (and `killed`: SIGKILL after the grace). */
  timedOut?: { killed: boolean };
}

/** After SIGTERM, a job that runs too long gets this long to end before SIGKILL (or --max-runtime itself, if shorter). */
export const KILL_GRACE_MS = 10_000;

export function killGraceMs(maxRuntimeMs: number): number {
  return Math.min(KILL_GRACE_MS, maxRuntimeMs);
}

/** 128 + the signal's number for a job killed by a signal, as shells report it. */
export function exitCodeOf(outcome: JobOutcome): number {
  if (outcome.code !== null) return outcome.code;
  return 128 + (outcome.signal ? (constants.signals[outcome.signal] ?? 0) : 0);
}

/**
 * The signals that end or direct a job, passed on to it while it runs: what a supervisor, a
 * terminal or `kill` sends to mon is the job's to decide (mon then ends with its status),
 * and none of them ends mon alone, leaving the job to run on without anyone keeping its
 * status. (SIGUSR1 is not passed on: bin/mon.js ignores it, so that it opens no inspector.)
 */
const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'].filter(
  // Windows has only these of them (a listener for another would throw there).
  (signal) => process.platform !== 'win32' || ['SIGINT', 'SIGTERM', 'SIGHUP'].includes(signal),
) as NodeJS.Signals[];
/** What a terminal sends to its whole foreground process group (Ctrl-C, Ctrl-\, a hang-up). */
const FROM_TERMINAL: ReadonlySet<NodeJS.Signals> = new Set(['SIGINT', 'SIGQUIT', 'SIGHUP']);
/** Mon's secrets: the job is given mon's environment without them. */
const NOT_FOR_THE_JOB = ['MON_API_KEY', 'MON_PING_TOKEN'];

/** The environment of the job: mon's, without the API key and the ping token. */
function jobEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of NOT_FOR_THE_JOB) delete out[name];
  return out;
}

/**
 * Is mon in the foreground process group of a terminal? Then a Ctrl-C (or Ctrl-\, a hang-up)
 * has reached the job already (it is in the same group): passing it on would make the job
 * see it twice.
 * Linux says so in /proc (pgrp and tpgid); elsewhere, a terminal on stdio is the best guess.
 */
function inTerminalForeground(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const processGroup = Number(fields[2]);
    const terminalForegroundGroup = Number(fields[5]);
    return terminalForegroundGroup > 0 && terminalForegroundGroup === processGroup;
  } catch {
    return Boolean(process.stdin.isTTY || process.stdout.isTTY || process.stderr.isTTY);
  }
}

export interface JobOptions {
  /** --max-runtime: SIGTERM after this long, SIGKILL after the grace (killGraceMs). */
  maxRuntimeMs?: number;
  /** Called once the job runs, with its process ID. */
  onStart?: (pid: number) => void;
}

/**
 * Runs the job with mon's stdin, stdout and stderr, in mon's environment without its secrets.
 * While it runs, the FORWARDED signals are passed on to it and it decides what they mean
 * (mon's own handlers, which would cancel mon, are set aside until it ends); mon then ends
 * with the job's status. Should mon exit while the job runs (a crash), the job is ended too.
 *
 * With a maximum run time, a job still running then gets SIGTERM, and SIGKILL after the
 * grace. Outside a terminal's foreground (cron, a supervisor) the job runs in a process
 * group of its own, and both go to the whole group: a shell script's children stop with
 * it. In a terminal's foreground the job stays in mon's group (it reads the terminal and
 * gets its Ctrl-C), and they go to the job alone.
 */
export function runJob(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: JobOptions = {},
): Promise<JobOutcome> {
  return new Promise((resolve, reject) => {
    const plan = spawnPlan(command, args, thisSystem(env));
    let child: ChildProcess | undefined;
    const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
    const forward = (signal: NodeJS.Signals) => {
      if (FROM_TERMINAL.has(signal) && inTerminalForeground()) return;
      if (running()) child!.kill(signal);
    };
    const orphaned = () => {
      if (running()) child!.kill('SIGTERM');
    };
    const ownGroup = options.maxRuntimeMs !== undefined && process.platform !== 'win32' && !inTerminalForeground();
    /** The job's whole process group when it has one, else the job. */
    const stop = (signal: NodeJS.Signals) => {
      if (!child?.pid) return;
      try {
        if (ownGroup) process.kill(-child.pid, signal);
        else if (running()) child.kill(signal);
      } catch {
        // Gone already.
      }
    };
    let timedOut: JobOutcome['timedOut'];
    const timers: NodeJS.Timeout[] = [];
    // Passed on from before the job starts: a signal sent once the job is running (as soon as
    // it prints something) must not find mon still without its listener, and end mon alone.
    // Ours is added before the others are taken off (and the others are back before ours goes):
    // Node stops watching a signal left without listeners, losing one that arrived meanwhile.
    const saved = FORWARDED.map((signal) => ({ signal, listeners: process.listeners(signal) }));
    for (const { signal, listeners } of saved) {
      process.on(signal, forward);
      for (const listener of listeners) process.off(signal, listener);
    }
    process.once('exit', orphaned);
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      process.off('exit', orphaned);
      for (const { signal, listeners } of saved) {
        for (const listener of listeners) process.on(signal, listener);
        process.off(signal, forward);
      }
      done();
    };
    try {
      child = spawn(plan.file, plan.args, {
        stdio: 'inherit',
        env: jobEnvironment(env),
        windowsVerbatimArguments: plan.windowsVerbatimArguments,
        detached: ownGroup,
      });
    } catch (error) {
      return settle(() => reject(startFailure(command, error as NodeJS.ErrnoException)));
    }
    // Its PID is known as soon as spawn returns: told at once (the --no-overlap lock records it).
    if (child.pid) options.onStart?.(child.pid);
    child.once('error', (error: NodeJS.ErrnoException) => settle(() => reject(startFailure(command, error))));
    child.once('spawn', () => {
      const limit = options.maxRuntimeMs;
      if (limit === undefined) return;
      timers.push(
        setTimeout(() => {
          timedOut = { killed: false };
          stop('SIGTERM');
          timers.push(
            setTimeout(() => {
              timedOut = { killed: true };
              stop('SIGKILL');
            }, killGraceMs(limit)),
          );
        }, limit),
      );
    });
    child.once('exit', (code, signal) => {
      // What is left of its group after a stop (a child that ignored SIGTERM) ends with it.
      if (timedOut) stop('SIGKILL');
      settle(() => resolve({ code, signal, ...(timedOut ? { timedOut } : {}) }));
    });
  });
}

/** Exit 127 for a command that does not exist and 126 for one that cannot be run, as shells do. */
function startFailure(command: string, error: NodeJS.ErrnoException): ExitStatus {
  const name = sanitize(command);
  if (error.code === 'ENOENT') {
    return new ExitStatus(
      127,
      `Cannot run "${name}": command not found; no ping was sent.`,
      'Check the spelling, or give the full path of the command.',
    );
  }
  if (error.code === 'EACCES') {
    return new ExitStatus(
      126,
      `Cannot run "${name}": ${errorWords(error)}; no ping was sent.`,
      'Make it executable (chmod +x), or run it through its interpreter (e.g. sh script.sh).',
    );
  }
  return new ExitStatus(126, `Cannot run "${name}" (${errorWords(error)}); no ping was sent.`);
}
