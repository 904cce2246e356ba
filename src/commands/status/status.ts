import { monWord, type Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { refuseWatch, watch } from '../../core/watch';
import { CliError, UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { startedAt, statusSince, statusWord } from '../../api/answers';
import type { CheckStatus } from '../../api/schemas/checkReads';
import type { Incident } from '../../api/schemas/incidents';
import { latestUpdate } from '../../api/subscribers';
import type { IO } from '../../io';
import { showRecord, type RecordView } from '../../output/present';
import { absoluteTime } from '../../text/time';
import { summaryLines, type ScreenSize } from './shared/screen';
import { needsAttention, readSummary, type LateHeartbeat, type Summary } from './shared/summary';
import type { STATUS } from './spec';

/** `mon status`: open incidents, failing and degraded checks, late heartbeats, on one screen. */
export async function statusRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'cancel' | 'env' | 'now'>,
  { flags }: Input<typeof STATUS>,
): Promise<void> {
  const { io } = ctx;
  const mon = monWord(ctx);
  const waiting = { '--fail-fast': flags.failFast, '--timeout': flags.timeout, '--tag': flags.tag };
  for (const [name, value] of Object.entries(waiting))
    if (value !== undefined && value !== false && flags.until === undefined)
      throw new UsageError(
        `${name} goes with --until healthy: it says how to wait.`,
        `For example: mon status --until healthy ${name === '--fail-fast' ? name : `${name} ${name === '--tag' ? 'checkout' : '10m'}`}`,
      );
  if (flags.until !== undefined) {
    if (flags.until.trim().toLowerCase() !== 'healthy')
      throw new UsageError(
        `--until must be healthy (what to wait for), not "${sanitize(flags.until)}".`,
        'For example: mon status --until healthy --timeout 10m',
      );
    if (flags.watch || flags.exitStatus)
      throw new UsageError(
        `--until cannot be given with ${flags.watch ? '--watch' : '--exit-status'}: it waits, then exits 0, 3 or 124 itself.`,
      );
    const { untilHealthy } = await import('./shared/until');
    return untilHealthy(ctx, await ctx.api(), {
      failFast: flags.failFast ?? false,
      timeoutMs: flags.timeout,
      tags: flags.tag ?? [],
      intervalSeconds: flags.interval,
    });
  }
  if (flags.watch) {
    refuseWatch(io, ctx.globals, '`mon status` (with --exit-status or --json)');
    const client = await ctx.api();
    return watch(ctx, flags.interval, {
      now: () => client.now(),
      read: async (size) => summaryLines(await readSummary(client), io.style, size, mon),
    });
  }
  const client = await ctx.api();
  const summary = await readSummary(client);
  await showRecord(ctx, summaryView(summary, mon));
  const attention = needsAttention(summary);
  if (flags.exitStatus && attention) throw new CliError('attention', `Needs attention: ${attention}.`);
}

/**
 * The summary: its JSON (the open incidents as received), its screen on a terminal (fitted to
 * it: the rows it has, less the shell's prompt and a "Needs attention" line) and its lines
 * piped; in a document, a table per section.
 */
function summaryView(summary: Summary, mon: string): RecordView {
  const draw = (io: IO, size: ScreenSize) =>
    io.out(
      `${summaryLines(summary, io.style, size, mon)
        .map((line) => line.text)
        .join('\n')}\n`,
    );
  const at = (iso: string | null | undefined) => (iso ? absoluteTime(iso) : 'never');
  return {
    json: {
      incidents: summary.incidents.map(({ raw }) => raw),
      checks: summary.checks,
      heartbeats: summary.heartbeats,
    },
    title: 'Status',
    fields: [],
    sections: [
      {
        kind: 'rows',
        title: `Open incidents (${summary.incidents.length})`,
        key: 'incident',
        rows: summary.incidents.map(({ incident }) => incident),
        columns: [
          { header: 'ID', value: (incident: Incident) => incident.id },
          { header: 'SEVERITY', value: (incident: Incident) => incident.severity },
          { header: 'STATUS', value: (incident: Incident) => incident.lastUpdateStatus },
          { header: 'NAME', value: (incident: Incident) => incident.name },
          { header: 'STARTED', value: (incident: Incident) => at(startedAt(incident)) },
          {
            header: 'LAST UPDATE',
            value: (incident: Incident) => latestUpdate(incident.incidentUpdates)?.description,
          },
        ],
        empty: 'None.',
      },
      {
        kind: 'rows',
        title: `Checks failing or degraded (${summary.checks.length})`,
        key: 'check',
        rows: summary.checks,
        columns: [
          { header: 'ID', value: (status: CheckStatus) => status.checkId },
          { header: 'STATUS', value: (status: CheckStatus) => statusWord(status) },
          { header: 'NAME', value: (status: CheckStatus) => status.name },
          { header: 'SINCE', value: (status: CheckStatus) => at(statusSince(status)) },
        ],
        empty: 'None.',
      },
      {
        kind: 'rows',
        title: `Heartbeats late or in grace (${summary.heartbeats.length})`,
        key: 'heartbeat',
        rows: summary.heartbeats,
        columns: [
          { header: 'ID', value: (heartbeat: LateHeartbeat) => heartbeat.id },
          { header: 'STATE', value: (heartbeat: LateHeartbeat) => heartbeat.state },
          { header: 'NAME', value: (heartbeat: LateHeartbeat) => heartbeat.name },
          { header: 'LAST PING', value: (heartbeat: LateHeartbeat) => at(heartbeat.lastPingAt) },
          { header: 'ALERTS AT', value: (heartbeat: LateHeartbeat) => at(heartbeat.alertsAt) },
        ],
        empty: 'None.',
      },
    ],
    drawn: {
      table: (io) => draw(io, { width: io.columns(), height: io.rows() - 2 }),
      tsv: (io) => draw(io, {}),
    },
  };
}
