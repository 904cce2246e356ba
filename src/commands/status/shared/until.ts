import type { ApiClient } from '../../../api/client';
import { statusWord } from '../../../api/answers';
import { allChecks } from '../../../api/resources/checks';
import type { Ctx } from '../../../core/context';
import { sleep } from '../../../core/watch';
import { CancelledError, CliError } from '../../../errors';
import type { ChalkInstance } from 'chalk';
import { showStream } from '../../../output/present';
import { colorValue } from '../../../output/say';
import { sanitize } from '../../../text/escape';
import { humanDuration } from '../../../text/time';
import { truncate } from '../../../text/width';
import { readSummary, type Summary } from './summary';

/*
 * `mon status --until healthy`: the account's own results read again every --interval until
 * nothing is failing, degraded, late or open. No check is run. A line per change (never a line
 * per read); on a terminal, one line redrawn in place (output/present.ts's showStream decides).
 */

/** One thing that keeps the account from being healthy, known by what it is about. */
interface Problem {
  key: string;
  /** "failing", "degraded", "late", "open" */
  state: string;
  /** What it is about, escaped: `"Checkout DNS"`, `incident "Checkout errors" (MAJOR)` */
  label: string;
  /** A failing check or a late heartbeat: what --fail-fast stops at. */
  failure: boolean;
}

export interface UntilOptions {
  failFast: boolean;
  timeoutMs?: number;
  tags: string[];
  intervalSeconds: number;
}

/** What needs attention in a summary (among the tagged checks and heartbeats, when `tagged` is given). */
function problemsOf(summary: Summary, tagged: ReadonlySet<string> | undefined): Map<string, Problem> {
  const problems = new Map<string, Problem>();
  if (!tagged)
    for (const { incident } of summary.incidents)
      problems.set(`incident:${incident.id}`, {
        key: `incident:${incident.id}`,
        state: 'open',
        label: `incident "${sanitize(incident.name)}" (${sanitize(incident.severity)})`,
        failure: false,
      });
  for (const status of summary.checks) {
    if (tagged && !tagged.has(status.checkId)) continue;
    const state = statusWord(status);
    problems.set(`check:${status.checkId}`, {
      key: `check:${status.checkId}`,
      state,
      label: `"${sanitize(status.name ?? status.checkId)}"`,
      failure: state === 'failing',
    });
  }
  for (const heartbeat of summary.heartbeats) {
    if (heartbeat.state !== 'late' || (tagged && !tagged.has(heartbeat.id))) continue;
    problems.set(`heartbeat:${heartbeat.id}`, {
      key: `heartbeat:${heartbeat.id}`,
      state: 'late',
      label: `heartbeat "${sanitize(heartbeat.name)}"`,
      failure: true,
    });
  }
  return problems;
}

/** "1 failing check ("Checkout DNS"), 1 open incident (...)" */
function attention(problems: Map<string, Problem>): string {
  return [...problems.values()].map((problem) => `${problem.state} ${problem.label}`).join(', ');
}

/** A line of the wait, made in the colours it is written in. */
type Line = (style: ChalkInstance) => string;

/** "12:00:05Z" */
const stamp = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)}Z`;

/** Waits until healthy (exit 0), a failure with --fail-fast (exit 3), --timeout (exit 124), or Ctrl-C (130). */
export async function untilHealthy(
  ctx: Pick<Ctx, 'io' | 'globals' | 'cancel' | 'now'>,
  client: Pick<ApiClient, 'request' | 'now'>,
  options: UntilOptions,
): Promise<void> {
  const { io } = ctx;
  const began = ctx.now();
  const deadline = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : began + options.timeoutMs;
  const tags = options.tags;
  // A line per change, in the colours it is written in; on a terminal one line redrawn in place instead.
  const stream = await showStream<Line>(ctx, { line: (line, style) => line(style), inPlace: true });
  const last = (json: Record<string, unknown>) => stream.end(() => ({ ...json, ...shownSummary(summary) }));
  let previous: Map<string, Problem> | undefined;
  let summary: Summary;
  for (;;) {
    summary = await readSummary(client);
    const tagged = tags.length ? new Set((await allChecks(client, { tag: tags })).map((check) => check.id)) : undefined;
    const problems = problemsOf(summary, tagged);
    const at = stamp(client.now());
    if (previous) {
      for (const problem of problems.values()) {
        const before = previous.get(problem.key);
        if (!before) stream.write((style) => `${at}  ${problem.label}: ${colorValue(style, problem.state)}`);
        else if (before.state !== problem.state)
          stream.write((style) => `${at}  ${problem.label}: ${before.state} → ${colorValue(style, problem.state)}`);
      }
      for (const gone of previous.values())
        if (!problems.has(gone.key))
          stream.write(
            () => `${at}  ${gone.label}: ${gone.state} → ${gone.key.startsWith('incident:') ? 'resolved' : 'passing'}`,
          );
    }
    if (!problems.size) {
      const scope = tags.length ? ` (tagged ${sanitize(tags.join(' or '))})` : '';
      stream.last((style) => `${at}  ${style.green('healthy')}: nothing failing, degraded, late or open${scope}`);
      await last({ result: 'healthy' });
      return;
    }
    const waited = humanDuration(Math.max(0, (ctx.now() - began) / 1000));
    stream.progress(
      (style) =>
        `${style.dim(`${at}  waiting ${waited}:`)} ${truncate(attention(problems), Math.max(io.columns() - 24, 10))}`,
    );
    if (!previous) stream.write(() => `${at}  waiting: ${attention(problems)}`);
    previous = problems;
    const failed = [...problems.values()].filter((problem) => problem.failure);
    if (options.failFast && failed.length) {
      await last({ result: 'failing' });
      throw new CliError(
        'attention',
        `--fail-fast: ${failed.map((problem) => `${problem.label} is ${problem.state}`).join(', ')}.`,
      );
    }
    const left = deadline - ctx.now();
    if (left <= 0 || !(await sleep(Math.min(options.intervalSeconds * 1000, left), ctx.cancel.signal))) {
      if (ctx.cancel.aborted) {
        await stream.end();
        throw new CancelledError('Stopped waiting.');
      }
      await last({ result: 'timeout' });
      throw new CliError(
        'job-timeout',
        `--timeout ${humanDuration(options.timeoutMs! / 1000)} ran out and it is not healthy: ${attention(problems)}.`,
        '`mon status` shows what needs attention.',
      );
    }
  }
}

/** The summary as `mon status --json` prints it. */
function shownSummary(summary: Summary) {
  return {
    incidents: summary.incidents.map(({ raw }) => raw),
    checks: summary.checks,
    heartbeats: summary.heartbeats,
  };
}
