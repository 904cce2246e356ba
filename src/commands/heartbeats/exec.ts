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
import { exitCodeOf, killGraceMs, runJob, type JobOutcome, type JobSystem } from './shared/job';
import { hostJobSystem } from './shared/launch';
import { lockRun } from './shared/overlap';
import { humanDuration } from '../../text/time';
import type { HeldLock } from '../../lock';

/** What exec uses of the context; `jobs`: how jobs are started (a test's system; this machine's by default). */
type ExecCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'settings' | 'clientFor' | 'commandPath'> & { jobs?: JobSystem };

/**
 * `mon heartbeats exec TOKEN -- COMMAND [ARGS...]`: run a job and ping only when it
 * succeeds, so that the monitor alerts when the job fails or does not run. mon ends with
 * the job's exit status; a failed ping changes it only with --strict.
 */
export async function heartbeatExecRun(
  ctx: ExecCtx,
  { flags: options, args: input }: Input<typeof EXEC>,
): Promise<void> {
  // TOKEN is the one word before `--`, the command the words after it (read.ts): with
  // MON_PING_TOKEN or --token-file too, a TOKEN typed is the token given twice (exit 2).
  const elsewhere = Boolean(ctx.env.MON_PING_TOKEN?.trim()) || options.tokenFile !== undefined;
  const words = input.command ?? [];
  const given = await tokenFromSources(ctx, { positional: input.token, tokenFile: options.tokenFile });
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
  const { maxRuntime, minDuration } = options;
  if (maxRuntime !== undefined && minDuration !== undefined && minDuration >= maxRuntime) {
    throw new UsageError(
      `--min-duration (${humanDuration(minDuration / 1000)}) must be shorter than --max-runtime (${humanDuration(maxRuntime / 1000)}): no run could be pinged.`,
    );
  }
  const shown = commandLine(command, args);
  if (options.dryRun) {
    ctx.io.err(ctx.io.errStyle.dim(`${dryRunPlan(shown, options)}\n`));
    return printPingDryRun(ctx, (await setup()).target);
  }

  const { io } = ctx;
  // --no-overlap: the lock is this run's until the job ends (the ping needs no lock).
  const lock: HeldLock | undefined = options.overlap ? undefined : lockRun(ctx.env, argument.token);
  let outcome: JobOutcome;
  try {
    outcome = await runJob(
      command,
      args,
      ctx.env,
      {
        maxRuntimeMs: maxRuntime,
        onStart: (pid) => lock?.shareWith(pid),
        onNote: (text) => sayNote(io, text, 'mon:'),
      },
      ctx.jobs ?? hostJobSystem(),
    );
  } finally {
    lock?.release();
  }
  const { tookMs } = outcome;
  if (outcome.timedOut && maxRuntime !== undefined) {
    throw new CliError(
      'job-timeout',
      `${shown} ran longer than --max-runtime ${humanDuration(maxRuntime / 1000)} and was stopped (${howStopped(outcome, maxRuntime)}); no ping was sent.`,
    );
  }
  if (outcome.code !== 0) {
    const how = outcome.signal ? `was stopped by ${outcome.signal}` : `exited with code ${outcome.code}`;
    sayNote(io, `${shown} ${how}; no ping was sent.`, 'mon:');
    throw new ExitStatus(exitCodeOf(outcome));
  }
  if (minDuration !== undefined && tookMs < minDuration) {
    throw new CliError(
      'too-fast',
      `${shown} succeeded after ${took(tookMs)}, sooner than --min-duration ${humanDuration(minDuration / 1000)}: no ping was sent (a run that short most likely did nothing).`,
      'If such a run is fine, lower --min-duration.',
    );
  }
  const target = await pingAfterSuccess(ctx, setup, Boolean(options.strict));
  if (target && io.stderrIsTTY) saySuccess(io, `${shown} succeeded; ping sent to ${maskedPingUrl(target)}.`);
}

/** What --max-runtime did: "SIGTERM to its process group, then SIGKILL 10s later". */
function howStopped(outcome: JobOutcome, maxRuntimeMs: number): string {
  const term = outcome.group ? 'SIGTERM to its process group' : 'SIGTERM';
  const grace = humanDuration(killGraceMs(maxRuntimeMs) / 1000);
  switch (outcome.timedOut?.killed) {
    case 'job':
      return `${term}, then SIGKILL ${grace} later`;
    case 'rest':
      return `${term}; it ended, and what it left running in its group got SIGKILL ${grace} later`;
    default:
      return term;
  }
}

/** "0.4s", "29.9s", "3m 5s": rounded down, so that a run shorter than --min-duration never shows as long. */
function took(ms: number): string {
  return ms < 60_000 ? `${(Math.floor(ms / 100) / 10).toFixed(1)}s` : humanDuration(Math.floor(ms / 1000));
}

/** --dry-run: what would run, under which limits, and when the ping would be sent (the request follows). */
function dryRunPlan(shown: string, options: { maxRuntime?: number; minDuration?: number; overlap: boolean }): string {
  const lines = [`Would run: ${shown}`];
  if (!options.overlap) lines.push('  unless the previous run of this monitor still goes (--no-overlap: exit 75)');
  if (options.maxRuntime !== undefined) {
    const limit = humanDuration(options.maxRuntime / 1000);
    const grace = humanDuration(killGraceMs(options.maxRuntime) / 1000);
    lines.push(`  stopped after ${limit} (SIGTERM, SIGKILL ${grace} later: exit 124, no ping)`);
  }
  const sooner =
    options.minDuration === undefined
      ? ''
      : ` and ran at least ${humanDuration(options.minDuration / 1000)} (else exit 8, no ping)`;
  lines.push(`then, if it exits 0${sooner}, the ping:`);
  return lines.join('\n');
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
