import { triggerCheckSessions, triggerCheckSessionsRequest } from '../../api/resources/checkSessions';
import type { CheckSession, CheckSessionTriggerBody } from '../../api/schemas/checkSessions';
import { awaitSessions, completionWaitSeconds, tagsTarget, type FinishedRun } from '../../core/check-runs';
import { resolveCheck } from '../../core/check-arg';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { runWrite, type WriteCtx } from '../../core/write';
import { CliError, UsageError } from '../../errors';
import type { ChalkInstance } from 'chalk';
import { showList, showStream } from '../../output/present';
import { shortId, type Column } from '../../output/render';
import { colorValue, sayNote, successIcon } from '../../output/say';
import { sanitize } from '../../text/escape';
import { humanDuration } from '../../text/time';
import { type RUN, RUN_TIMEOUT } from './spec';

type RunCtx = WriteCtx & Pick<Ctx, 'settings'>;

/** What the command line names: checks (by ID, with their names) or tags. */
type Named = { kind: 'checks'; checks: { id: string; name: string }[] } | { kind: 'tags'; tags: string[] };

/**
 * `mon checks run (CHECK... | --tag T...)`: a check session per check, then (unless
 * --no-wait) each awaited, a line per check as it finishes; exit 3 when one failed, 124 when
 * --timeout ran out first.
 */
export async function runChecksRun(ctx: RunCtx, { flags, args }: Input<typeof RUN>): Promise<void> {
  const words = args.checks ?? [];
  const tags = flags.tag ?? [];
  if (words.length && tags.length)
    throw new UsageError(
      'Give CHECK... or --tag, not both: the checks to run are named one way.',
      'For example: `mon checks run "Checkout DNS"` or `mon checks run --tag checkout`.',
    );
  if (!words.length && !tags.length)
    throw new UsageError(
      'CHECK or --tag is required: which checks to run (mon never runs every check unasked).',
      'For example: `mon checks run "Checkout DNS"` or `mon checks run --tag checkout`.',
    );
  if (flags.timeout !== undefined && !flags.wait)
    throw new UsageError('--timeout cannot be given with --no-wait: nothing is waited for.');
  if (flags.timeout !== undefined && flags.timeout > RUN_TIMEOUT.maxMs)
    throw new UsageError(`--timeout must be at most ${RUN_TIMEOUT.max}.`);
  const timeoutMs = flags.timeout ?? RUN_TIMEOUT.defaultMs;

  const client = await ctx.api();
  let named: Named;
  if (tags.length) named = { kind: 'tags', tags };
  else {
    const checks = new Map<string, { id: string; name: string }>();
    for (const word of words) {
      const found = await resolveCheck(client, word);
      checks.set(found.id, { id: found.id, name: found.check?.name ?? found.id });
    }
    named = { kind: 'checks', checks: [...checks.values()] };
  }
  const body: CheckSessionTriggerBody = {
    target: named.kind === 'tags' ? tagsTarget(named.tags) : { checkId: named.checks.map((check) => check.id) },
  };
  const changes =
    named.kind === 'tags'
      ? [`Every check tagged ${named.tags.join(' or ')} runs now (a check session each; alerting applies)`]
      : named.checks.map((check) => `Check "${check.name}" (${check.id}) runs now (a check session; alerting applies)`);

  await runWrite(ctx, {
    answers: named,
    plan: () => ({
      changes,
      requests: [triggerCheckSessionsRequest(body)],
      confirm: { title: 'About to run:', lines: changes.map((change) => ['Run', change]), question: 'Run them now?' },
      send: async () => {
        // --timeout counts from the trigger: sessions start running as it is answered.
        const deadline = ctx.now() + timeoutMs;
        const { sessions, raw } = await triggerCheckSessions(client, body);
        if (!flags.wait) return printStarted(ctx, sessions, raw);
        const settings = await ctx.settings();
        await awaitAndReport(ctx, client, sessions, {
          deadline,
          maxWaitSeconds: completionWaitSeconds(settings.timeoutMs.value),
          timeoutMs,
        });
      },
    }),
  });
}

/** --no-wait: the session IDs (the trigger's answer with --json); on a terminal, each with its check. */
async function printStarted(ctx: Pick<Ctx, 'io' | 'globals'>, sessions: CheckSession[], raw: unknown): Promise<void> {
  await showList(ctx, {
    rows: sessions,
    columns: [{ header: 'SESSION', value: (session) => session.checkSessionId }],
    json: raw,
    empty: 'No check session was started.',
    drawn: {
      table: (io, started) => {
        sayNote(io, `Started ${started.length === 1 ? '1 check session' : `${started.length} check sessions`}:`);
        for (const session of started)
          io.out(`${sanitize(session.checkSessionId)}  ${sanitize(session.name ?? session.checkId)}\n`);
      },
    },
  });
}

/** A finished run as a script reads it: its result, the check, its session, where it ran and how long it took (ms). */
const RUN_COLUMNS: readonly Column<FinishedRun>[] = [
  { header: 'STATUS', value: ({ session }) => session.status },
  { header: 'CHECK', value: ({ session }) => session.name ?? session.checkId },
  { header: 'CHECK ID', value: ({ session }) => session.checkId },
  { header: 'SESSION', value: ({ session }) => session.checkSessionId },
  { header: 'LOCATION', value: ({ session }) => session.results?.[0]?.runLocation },
  {
    header: 'RESPONSE (MS)',
    value: ({ session }) => {
      const ms = session.results?.[0]?.responseTime;
      return typeof ms === 'number' ? String(Math.round(ms)) : undefined;
    },
  },
];

/** A finished run for a person: a mark for its result, the check, a word, where it ran and how long it took. */
function runLine(run: FinishedRun, style: ChalkInstance): string {
  const { session } = run;
  const result = session.results?.[0];
  const word = session.status.toLowerCase().replace(/_/g, ' ');
  const name = sanitize(session.name ?? session.checkId);
  const where = result?.runLocation === undefined ? '' : sanitize(result.runLocation);
  const ms = typeof result?.responseTime === 'number' ? String(Math.round(result.responseTime)) : '';
  const icon = run.failed ? style.red('✗') : session.status === 'DEGRADED' ? style.yellow('!') : successIcon(style);
  const tone = run.failed ? 'failing' : session.status === 'DEGRADED' ? 'degraded' : 'passing';
  const details = [where, ms && `${ms} ms`].filter(Boolean).join(', ');
  return `${icon} ${name} (${shortId(session.checkId)}) ${colorValue(style, tone, word)}${details ? `  ${style.dim(details)}` : ''}`;
}

/** Waits for the sessions, a line per check as it finishes; exit 3 when one failed, 124 at the deadline. */
async function awaitAndReport(
  ctx: Pick<Ctx, 'io' | 'globals' | 'now'>,
  client: Parameters<typeof awaitSessions>[0],
  sessions: CheckSession[],
  options: { deadline: number; maxWaitSeconds: number; timeoutMs: number },
): Promise<void> {
  const stream = await showStream(ctx, {
    line: runLine,
    columns: RUN_COLUMNS,
    note: `Running ${sessions.length === 1 ? '1 check' : `${sessions.length} checks`}; waiting for the results…`,
    empty: 'No check finished.',
  });
  const { finished, running } = await awaitSessions(client, sessions, {
    now: ctx.now,
    deadline: options.deadline,
    maxWaitSeconds: options.maxWaitSeconds,
    onFinished: (run) => stream.write(run),
  });
  await stream.end(() => finished.map((run) => run.raw));
  if (running.length)
    throw new CliError(
      'job-timeout',
      `--timeout ${humanDuration(options.timeoutMs / 1000)} ran out with ${running.length === 1 ? '1 check' : `${running.length} checks`} still running: ${running.map((session) => `"${sanitize(session.name ?? session.checkId)}" (session ${sanitize(session.checkSessionId)})`).join(', ')}.`,
      'Their results show later in `mon checks results CHECK`.',
    );
  const failed = finished.filter((run) => run.failed);
  if (failed.length)
    throw new CliError(
      'attention',
      `${failed.length} of ${finished.length} ${finished.length === 1 ? 'check' : 'checks'} failed: ${failed.map((run) => `"${sanitize(run.session.name ?? run.session.checkId)}"`).join(', ')}.`,
      '`mon checks results CHECK --failed` shows what its runs found.',
    );
}
