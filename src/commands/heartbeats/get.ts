import { getCheck, getCheckStatus } from '../../api/resources/checks';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { printJson, renderDetails } from '../../output/render';
import { colorValue } from '../../output/say';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { timeDisplay } from '../../text/time';
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
  if (ctx.globals.json) return printJson(ctx.io, raw);
  const { status } = await getCheckStatus(client, id);
  const now = client.now();
  const judged = judge(check, status ?? undefined, now);
  if (!judged) {
    throw new UsageError(
      `"${sanitize(check.name)}" is a ${sanitize(check.checkType)} check, not a heartbeat monitor.`,
      (next: NextCommand) => `${next('heartbeats list')} shows the heartbeat monitors.`,
    );
  }
  const { judgement } = judged;
  const { io } = ctx;
  const when = (ms: number | undefined) => (ms === undefined ? 'never' : timeDisplay(iso(ms)!, now));
  const config = new Map(monitorLines(judged.check));
  renderDetails(io, [
    { label: 'Name', key: 'name', value: check.name },
    {
      label: 'State',
      key: 'state',
      value: judgement.state,
      color: (text) => colorValue(io.style, judgement.state, text),
    },
    { label: 'Expected', key: 'expected', value: config.get('Expected') },
    { label: 'Last ping', key: 'lastPing', value: iso(judgement.lastPingAt), display: when(judgement.lastPingAt) },
    { label: 'Next due', key: 'nextDue', value: iso(judgement.dueAt), display: when(judgement.dueAt) },
    { label: 'Alerts at', key: 'alertsAt', value: iso(judgement.alertsAt), display: when(judgement.alertsAt) },
    { label: 'Alerts', key: 'alerts', value: config.get('Alerts') },
    ...(check.tags?.length ? [{ label: 'Tags', key: 'tags', value: check.tags.join(', ') }] : []),
    ...(check.description ? [{ label: 'Description', key: 'description', value: check.description }] : []),
    { label: 'Ping URL', key: 'pingUrl', value: shownPingUrl(judged.check, false) },
    { label: 'ID', key: 'id', value: check.id },
  ]);
  if (!io.stdoutIsTTY) return;
  const createdAt = Date.parse(check.created_at ?? '');
  const strip = await historyStrip(
    io,
    client,
    {
      id,
      timing: judged.check.heartbeat,
      createdAt: Number.isNaN(createdAt) ? undefined : createdAt,
      lastPingAt: judgement.lastPingAt,
    },
    { now },
  );
  if (strip) io.out(`\n${strip}`);
}
