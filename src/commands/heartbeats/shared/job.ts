import { constants } from 'node:os';
import { ExitStatus } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { errorWords } from '../../../text/codes';
import { setLongTimeout, type TimerFunctions } from '../../../timers';

/*
 * How `mon heartbeats exec` runs its job: with mon's stdio, in mon's environment without its
 * secrets, in a process group of its own, the signals that end or direct a job passed on to
 * that group, and (--max-runtime) the group stopped when the job runs too long. How a process
 * is started on this machine is a JobSystem's (launch.ts: the real one); everything else is
 * here, the same for a test's system that starts no process at all.
 */

/** How a job ended: its exit code, or the signal that ended it. */
export interface JobStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface JobOutcome extends JobStatus {
  /** How long it ran, in ms (the system's clock). */
  tookMs: number;
  /**
   * --max-runtime ran out: SIGTERM was sent to the job's process group; `killed`: SIGKILL
   * followed after the grace, to the job that had not ended ('job'), or to what was left of
   * its group after the job itself had ended ('rest').
   */
  timedOut?: { killed?: 'job' | 'rest' };
  /** Its signals went to its whole process group (false on Windows: to the job alone). */
  group: boolean;
}

/** A started job, as the system that started it lets mon reach it. */
export interface JobProcess {
  /** Signals go to the job's whole process group (not on Windows). */
  readonly group: boolean;
  /** Sends `signal` to the job's process group (to the job alone without one). */
  signal(signal: NodeJS.Signals): void;
  /** Is a process of its group still running (a zombie, ended but not yet reaped, is not)? */
  alive(): boolean;
}

/** What a system tells runJob about the job it started. */
export interface JobEvents {
  /** It runs, with this process ID (its process group's ID too). */
  started(pid: number): void;
  /** It ended (after `started`). */
  ended(status: JobStatus): void;
  /** It could not be started (ENOENT: no such command; EACCES: not executable); instead of `started`. */
  failed(error: NodeJS.ErrnoException): void;
  /** Something the user should know about how it runs (said on stderr as a note). */
  note(text: string): void;
}

type SignalListener = (signal: NodeJS.Signals) => void;

/** Where mon's own signals (and its 'exit') come from: Node's process, or a test's EventEmitter. */
export interface SignalSource {
  on(event: string, listener: SignalListener): unknown;
  off(event: string, listener: SignalListener): unknown;
  listeners(event: string): unknown[];
}

/** How jobs are started and timed: this machine's (launch.ts), or a test's. */
export interface JobSystem {
  start(command: string, args: string[], env: NodeJS.ProcessEnv, events: JobEvents): JobProcess;
  timers: TimerFunctions;
  /** A clock in ms, for how long the job ran. */
  now(): number;
  signals: SignalSource;
}

/** After SIGTERM, a job that runs too long gets this long to end before SIGKILL (or --max-runtime itself, if shorter). */
export const KILL_GRACE_MS = 10_000;

/** How often the rest of a stopped job's group is looked at during the grace (signals are delivered in no time, but not at once). */
const GROUP_POLL_MS = 100;

export function killGraceMs(maxRuntimeMs: number): number {
  return Math.min(KILL_GRACE_MS, maxRuntimeMs);
}

/** 128 + the signal's number for a job killed by a signal, as shells report it. */
export function exitCodeOf(outcome: JobStatus): number {
  if (outcome.code !== null) return outcome.code;
  return 128 + (outcome.signal ? (constants.signals[outcome.signal] ?? 0) : 0);
}

/**
 * The signals that end or direct a job, passed on to its process group while it runs: what a
 * supervisor or `kill` sends to mon is the job's to decide (mon then ends with its status),
 * and none of them ends mon alone, leaving the job to run on without anyone keeping its
 * status. (SIGUSR1 is not passed on: bin/mon.js ignores it, so that it opens no inspector.)
 * At a terminal, its own (Ctrl-C, Ctrl-\) reach the job directly, in the terminal's
 * foreground where mon is not (launch.ts; without Perl, mon has the foreground and they come
 * through here).
 */
const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'].filter(
  // Windows has only these of them (a listener for another would throw there).
  (signal) => process.platform !== 'win32' || ['SIGINT', 'SIGTERM', 'SIGHUP'].includes(signal),
) as NodeJS.Signals[];
/** Mon's secrets: the job is given mon's environment without them. */
const NOT_FOR_THE_JOB = ['MON_API_KEY', 'MON_PING_TOKEN'];

/** The environment of the job: mon's, without the API key and the ping token. */
function jobEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of NOT_FOR_THE_JOB) delete out[name];
  return out;
}

export interface JobOptions {
  /** --max-runtime: SIGTERM to the job's group after this long, SIGKILL after the grace (killGraceMs). */
  maxRuntimeMs?: number;
  /** Called once the job runs, with its process ID. */
  onStart?: (pid: number) => void;
  /** A note about how the job runs (see JobEvents.note). */
  onNote?: (text: string) => void;
  /** Told of each signal mon received and passed on to the job (`maintenance run` ends with 128 + its number). */
  onSignal?: (signal: NodeJS.Signals) => void;
  /** What a command that cannot start means, after its reason (default "no ping was sent"). */
  consequence?: string;
}

/**
 * Runs the job through `system`, in mon's environment without its secrets. While it runs, the
 * FORWARDED signals are passed on to its process group and it decides what they mean (mon's
 * own handlers, which would cancel mon, are set aside until it ends); mon then ends with the
 * job's status. Should mon exit while the job runs (a crash), the job's group gets SIGTERM.
 *
 * With a maximum run time, the job's group gets SIGTERM when it runs out, and SIGKILL after
 * the grace if the job has not ended by then; if it has but left processes in its group that
 * have not, they get SIGKILL at the end of the grace. The outcome says which.
 */
export function runJob(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: JobOptions,
  system: JobSystem,
): Promise<JobOutcome> {
  return new Promise((resolve, reject) => {
    const { signals, timers } = system;
    let job: JobProcess | undefined;
    let running = false;
    let status: JobStatus | undefined;
    let timedOut: JobOutcome['timedOut'];
    const cancels: (() => void)[] = [];
    // Until it has ended (a system that learns the job's PID late passes them on then).
    const forward = (signal: NodeJS.Signals) => {
      options.onSignal?.(signal);
      if (!status) job?.signal(signal);
    };
    const orphaned = () => {
      if (!status) job?.signal('SIGTERM');
    };
    // Passed on from before the job starts: a signal sent once the job is running (as soon as
    // it prints something) must not find mon still without its listener, and end mon alone.
    // Ours is added before the others are taken off (and the others are back before ours goes):
    // Node stops watching a signal left without listeners, losing one that arrived meanwhile.
    const saved = FORWARDED.map((signal) => ({ signal, listeners: signals.listeners(signal) as SignalListener[] }));
    for (const { signal, listeners } of saved) {
      signals.on(signal, forward);
      for (const listener of listeners) signals.off(signal, listener);
    }
    signals.on('exit', orphaned);
    const began = system.now();
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      for (const cancel of cancels) cancel();
      signals.off('exit', orphaned);
      for (const { signal, listeners } of saved) {
        for (const listener of listeners) signals.on(signal, listener);
        signals.off(signal, forward);
      }
      done();
    };
    const finish = () =>
      settle(() =>
        resolve({
          ...status!,
          tookMs: system.now() - began,
          group: job?.group ?? false,
          ...(timedOut ? { timedOut } : {}),
        }),
      );
    /** The end of the grace after SIGTERM: SIGKILL to the job, or to what it left in its group. */
    const graceOver = () => {
      if (running) {
        timedOut = { killed: 'job' };
        job!.signal('SIGKILL');
      } else {
        if (job!.alive()) {
          timedOut = { killed: 'rest' };
          job!.signal('SIGKILL');
        }
        finish();
      }
    };
    /** Stopped by --max-runtime, the job has ended: the rest of its group has the rest of the grace (looked at every 100 ms). */
    const awaitGroup = () => {
      if (!job!.alive()) return finish();
      cancels.push(setLongTimeout(awaitGroup, GROUP_POLL_MS, timers));
    };
    const events: JobEvents = {
      started(pid) {
        running = true;
        options.onStart?.(pid);
        const limit = options.maxRuntimeMs;
        if (limit === undefined) return;
        cancels.push(
          setLongTimeout(
            () => {
              timedOut = {};
              job!.signal('SIGTERM');
              cancels.push(setLongTimeout(graceOver, killGraceMs(limit), timers));
            },
            limit,
            timers,
          ),
        );
      },
      ended(ended) {
        running = false;
        status = ended;
        if (timedOut && !timedOut.killed) awaitGroup();
        else finish();
      },
      failed(error) {
        settle(() => reject(startFailure(command, error, options.consequence)));
      },
      note(text) {
        options.onNote?.(text);
      },
    };
    try {
      job = system.start(command, args, jobEnvironment(env), events);
    } catch (error) {
      settle(() => reject(startFailure(command, error as NodeJS.ErrnoException, options.consequence)));
    }
  });
}

/** Exit 127 for a command that does not exist and 126 for one that cannot be run, as shells do. */
function startFailure(command: string, error: NodeJS.ErrnoException, consequence = 'no ping was sent'): ExitStatus {
  const name = sanitize(command);
  if (error.code === 'ENOENT') {
    return new ExitStatus(
      127,
      `Cannot run "${name}": command not found; ${consequence}.`,
      'Check the spelling, or give the full path of the command.',
    );
  }
  if (error.code === 'EACCES') {
    return new ExitStatus(
      126,
      `Cannot run "${name}": ${errorWords(error)}; ${consequence}.`,
      'Make it executable (chmod +x), or run it through its interpreter (e.g. sh script.sh).',
    );
  }
  return new ExitStatus(126, `Cannot run "${name}" (${errorWords(error)}); ${consequence}.`);
}
