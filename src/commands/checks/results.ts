import { checkResultPages } from '../../api/resources/checkResults';
import type { CheckResult } from '../../api/schemas/checkResults';
import { CHECK_RESULTS_LIMIT, CHECK_RESULTS_WINDOW_SECONDS } from '../../api/schemas/enums';
import { resolveCheck } from '../../core/check-arg';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { UsageError } from '../../errors';
import { showList } from '../../output/present';
import { shortId, type Column } from '../../output/render';
import { colorValue } from '../../output/say';
import { timeDisplay } from '../../text/time';
import { type RESULTS, RESULTS_SINCE } from './spec';

/** A result failed: the check found failures, or the service failed to run it. */
export const resultFailed = (result: CheckResult): boolean => Boolean(result.hasFailures || result.hasErrors);

const resultWord = (result: CheckResult) =>
  result.hasErrors ? 'error' : result.hasFailures ? 'failed' : result.isDegraded ? 'degraded' : 'passed';
const TONES: Record<string, string> = { error: 'failing', failed: 'failing', degraded: 'degraded', passed: 'passing' };

const columns = (now: number): Column<CheckResult>[] => [
  {
    header: 'TIME',
    value: (result) => result.startedAt ?? '',
    display: (result) => (result.startedAt ? timeDisplay(result.startedAt, now, 'seconds') : '—'),
  },
  {
    header: 'RESULT',
    value: resultWord,
    color: (text, result, io) => colorValue(io.style, TONES[resultWord(result)], text),
  },
  { header: 'LOCATION', value: (result) => result.runLocation ?? '' },
  {
    header: 'RESPONSE TIME',
    value: (result) => (typeof result.responseTime === 'number' ? Math.round(result.responseTime) : ''),
    display: (result) => (typeof result.responseTime === 'number' ? `${Math.round(result.responseTime)} ms` : '—'),
  },
  { header: 'ID', value: (result) => result.id, display: (result) => shortId(result.id) },
];

/**
 * `mon checks results CHECK`: the check's results, newest first. The API answers at most 6
 * hours a request: --since longer than that is read window by window, newest first, each
 * page by page, until --limit results (failed ones with --failed) are found.
 */
export async function checkResultsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { flags, args }: Input<typeof RESULTS>,
): Promise<void> {
  if (flags.since !== undefined && flags.since > RESULTS_SINCE.maxMs)
    throw new UsageError(
      `--since must be at most ${RESULTS_SINCE.max}: the API keeps a check's raw results 30 days.`,
      `For example: --since ${RESULTS_SINCE.max}`,
    );
  const client = await ctx.api();
  const { id } = await resolveCheck(client, args.check);
  const to = Math.floor(client.now() / 1000);
  const since = Math.round((flags.since ?? CHECK_RESULTS_WINDOW_SECONDS * 1000) / 1000);
  const oldest = to - since;
  const found: { result: CheckResult; raw: unknown }[] = [];
  const wanted = flags.limit;
  // From now back to --since, 6 hours (at most) a request: [from, to), newest first.
  for (let end = to; end > oldest && found.length < wanted; end -= CHECK_RESULTS_WINDOW_SECONDS) {
    const from = Math.max(oldest, end - CHECK_RESULTS_WINDOW_SECONDS);
    const limit = flags.failed ? CHECK_RESULTS_LIMIT.max : Math.min(CHECK_RESULTS_LIMIT.max, wanted - found.length);
    for await (const { entries, raw } of checkResultPages(client, id, { limit, from, to: end })) {
      const bodies = raw as unknown[];
      entries.forEach((result, index) => {
        if (found.length < wanted && (!flags.failed || resultFailed(result)))
          found.push({ result, raw: bodies[index] });
      });
      if (found.length >= wanted) break;
    }
  }
  await showList(ctx, {
    rows: found.map((entry) => entry.result),
    columns: columns(client.now()),
    json: found.map((entry) => entry.raw),
    empty: flags.failed ? 'No failed results in that period.' : 'No results in that period.',
  });
}
