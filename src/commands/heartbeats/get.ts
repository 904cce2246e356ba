import { getCheck, getCheckStatus } from '../../api/resources/checks';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { ApiClient } from '../../api/client';
import type { Check } from '../../api/schemas/checkReads';
import { showRecord, type RecordParts } from '../../output/present';
import { paint } from '../../output/say';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { absoluteTime, timeDisplay } from '../../text/time';
import { historyStrip } from './shared/history';
import { heartbeatOrPick } from './shared/window';
import { judge } from './shared/judge';
import { monitorLines, shownPingUrl } from './shared/monitor';
import type { GET } from './spec';
import type { NextCommand } from '../../text/next';

type GetCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter'>;

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/**
 * `mon heartbeats get CHECK`: the configuration, the state now, the last ping, when the next
 * is due and when the service alerts without it; on a terminal, its history as a strip.
 */
export async function getHeartbeatRun(ctx: GetCtx, { args }: Input<typeof GET>): Promise<void> {
  const client = await ctx.api();
  const { id } = await heartbeatOrPick(ctx, client, args.check, 'get');
  const { check, raw } = await getCheck(client, id);
  // --json is the check as received; the other formats judge it with its status, read for them only.
  await showRecord(ctx, { json: raw, parts: () => heartbeatParts(client, check) });
}

async function heartbeatParts(client: ApiClient, check: Check): Promise<RecordParts> {
  const { status } = await getCheckStatus(client, check.id);
  const now = client.now();
  const judged = judge(check, status ?? undefined, now);
  if (!judged) {
    throw new UsageError(
      `"${sanitize(check.name)}" is a ${sanitize(check.checkType)} check, not a heartbeat monitor.`,
      (next: NextCommand) => `${next('heartbeats list')} shows the heartbeat monitors.`,
    );
  }
  const { judgement } = judged;
  const when = (ms: number | undefined) => (ms === undefined ? 'never' : timeDisplay(iso(ms)!, now));
  const at = (ms: number | undefined) => (ms === undefined ? 'never' : absoluteTime(iso(ms)!));
  const time = (label: string, key: string, ms: number | undefined) => ({
    label,
    key,
    value: iso(ms),
    display: when(ms),
    text: at(ms),
  });
  const config = new Map(monitorLines(judged.check));
  return {
    title: `Heartbeat monitor: ${check.name}`,
    fields: [
      { label: 'Name', key: 'name', value: check.name },
      { label: 'State', key: 'state', value: judgement.state, color: paint(judgement.state) },
      { label: 'Expected', key: 'expected', value: config.get('Expected') },
      time('Last ping', 'lastPing', judgement.lastPingAt),
      time('Next due', 'nextDue', judgement.dueAt),
      time('Alerts at', 'alertsAt', judgement.alertsAt),
      { label: 'Alerts', key: 'alerts', value: config.get('Alerts') },
      ...(check.tags?.length ? [{ label: 'Tags', key: 'tags', value: check.tags.join(', ') }] : []),
      ...(check.description ? [{ label: 'Description', key: 'description', value: check.description }] : []),
      { label: 'Ping URL', key: 'pingUrl', value: shownPingUrl(judged.check, false) },
      { label: 'ID', key: 'id', value: check.id },
    ],
    // Its history as a strip, for a person at a terminal.
    after: async (io) => {
      const createdAt = Date.parse(check.created_at ?? '');
      const strip = await historyStrip(
        io,
        client,
        {
          id: check.id,
          timing: judged.check.heartbeat,
          createdAt: Number.isNaN(createdAt) ? undefined : createdAt,
          lastPingAt: judgement.lastPingAt,
        },
        { now },
      );
      if (strip) io.out(`\n${strip}`);
    },
  };
}
