import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { ApiClient } from '../../api/client';
import { maskedPingUrl, sendPing, type PingTarget } from '../../api/resources/heartbeats';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { CliError, ExitStatus, UsageError } from '../../errors';
import { sayNote, saySuccess, sayWarning } from '../../output/say';
import { sanitize } from '../../text/escape';
import type { Input } from '../../core/flags/spec';
import type { EXEC } from './spec';
import {
  parsePingArgument,
  pingClient,
  pingFailure,
  pingTarget,
  printPingDryRun,
  tokenFromSources,
} from './shared/ping-target';
import { spawnPlan, thisSystem } from './shared/spawn';
import { errorWords } from '../../text/codes';

type ExecCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'settings' | 'clientFor' | 'commandPath'>;

/**
 * `mon heartbeats exec TOKEN -- COMMAND [ARGS...]`: run a job and ping only when it
 * succeeds, so that the monitor alerts when the job fails or does not run. mon ends with
 * the job's exit status; a failed ping changes it only with --strict.
 */
export async function heartbeatExecRun(
  ctx: ExecCtx,
  { flags: options, args: input }: Input<typeof EXEC>,
): Promise<void> {
  // With MON_PING_TOKEN or --token-file there is no TOKEN: every word is the command.
  const elsewhere = Boolean(ctx.env.MON_PING_TOKEN?.trim()) || options.tokenFile !== undefined;
  const words =
    elsewhere && input.token !== undefined ? [input.token, ...(input.command ?? [])] : (input.command ?? []);
  const given = await tokenFromSources(ctx, {
    positional: elsewhere ? undefined : input.token,
    tokenFile: options.tokenFile,
  });
  if (!given) {
    throw new UsageError(
      'TOKEN is required: the ping token of a heartbeat monitor, or its whole ping URL.',
      `Usage: ${ctx.commandPath} TOKEN -- COMMAND, or MON_PING_TOKEN=TOKEN / --token-file FILE (see --help).`,
    );
  }
  if (words.length === 0) {
    throw new UsageError(
      "missing required argument 'command': the command to run, after --.",
      `For example: ${ctx.commandPath} ${elsewhere ? '' : 'TOKEN '}-- /usr/local/bin/backup.sh`,
    );
  }
  const [command, ...args] = words as [string, ...string[]];
  const argument = parsePingArgument(given.token, given.source);
  const prepare = async (): Promise<PingSetup> => {
    const target = pingTarget(argument, (await ctx.settings()).pingUrl);
    return { target, client: await pingClient(ctx, target) };
  };
  // Where the ping goes is settled before the job runs, so a wrong setup (exit 2) runs nothing.
  // With --sandbox that would hold the embedded sandbox for as long as the job runs: it waits.
  const early = usesEmbeddedSandbox(ctx) ? undefined : await prepare();
  const setup = early ? async () => early : prepare;
  const shown = commandLine(command, args);
  if (options.dryRun) {
    ctx.io.err(ctx.io.errStyle.dim(`Would run: ${shown}\nthen, if it exits 0:\n`));
    return printPingDryRun(ctx, (await setup()).target);
  }

  const outcome = await runJob(command, args, ctx.env);
  const { io } = ctx;
  if (outcome.code !== 0) {
    const how = outcome.signal ? `was stopped by ${outcome.signal}` : `exited with code ${outcome.code}`;
    sayNote(io, `${shown} ${how}; no ping was sent.`, 'mon:');
    throw new ExitStatus(exitCodeOf(outcome));
  }
  const target = await pingAfterSuccess(ctx, setup, Boolean(options.strict));
  if (target && io.stderrIsTTY) saySuccess(io, `${shown} succeeded; ping sent to ${maskedPingUrl(target)}.`);
}

interface PingSetup {
  target: PingTarget;
  client: ApiClient;
}

/** The job succeeded: ping. A failure is a warning (the job's exit code stands), or with --strict an error. */
async function pingAfterSuccess(
  ctx: Pick<Ctx, 'io'>,
  setup: () => Promise<PingSetup>,
  strict: boolean,
): Promise<PingTarget | undefined> {
  let target: PingTarget | undefined;
  try {
    const ping = await setup();
    target = ping.target;
    await sendPing(ping.client, target);
    return target;
  } catch (error) {
    const failure = target ? pingFailure(error, target) : error;
    const reason = failure instanceof Error ? failure.message : String(failure);
    const message = `The command succeeded, but ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
    const hint = failure instanceof CliError ? failure.hint : undefined;
    // --strict is one outcome, as documented: exit 1 whatever the ping's failure was (a 404 too).
    if (strict) throw new CliError('failure', message, hint);
    sayWarning(ctx.io, message, hint);
    return undefined;
  }
}

/** The command as a shell would read it back, for messages. */
function commandLine(command: string, args: string[]): string {
  return [command, ...args]
    .map((word) => sanitize(/^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word)))
    .join(' ');
}

interface JobOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** 128 + the signal's number for a job killed by a signal, as shells report it. */
function exitCodeOf(outcome: JobOutcome): number {
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

/**
 * Runs the job with mon's stdin, stdout and stderr, in mon's environment without its secrets.
 * While it runs, the FORWARDED signals are passed on to it and it decides what they mean
 * (mon's own handlers, which would cancel mon, are set aside until it ends); mon then ends
 * with the job's status. Should mon exit while the job runs (a crash), the job is ended too.
 */
function runJob(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<JobOutcome> {
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
      });
    } catch (error) {
      return settle(() => reject(startFailure(command, error as NodeJS.ErrnoException)));
    }
    child.once('error', (error: NodeJS.ErrnoException) => settle(() => reject(startFailure(command, error))));
    child.once('exit', (code, signal) => settle(() => resolve({ code, signal })));
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
