import type { ApiClient } from '../../api/client';
import { getHeartbeatEvents, type WindowQuery } from '../../api/resources/heartbeats';
import type { HeartbeatEvent, HeartbeatEventsResponse, HeartbeatEventStats } from '../../api/schemas/heartbeats';
import type { Ctx } from '../../core/context';
import type { IO } from '../../io';
import { showList } from '../../output/present';
import { atMost } from '../../core/list';
import { EVENTS_LIMIT } from '../../api/schemas/enums';
import type { Input } from '../../core/flags/spec';
import { entitiesText, eventColumns, labelledLines, ratioSummary } from './shared/format';
import type { EVENTS } from './spec';
import { checkWindow, DAY_MS, describeWindow, heartbeatOrPick, windowQuery } from './shared/window';
import { historyStrip } from './shared/history';
import { getCheck } from '../../api/resources/checks';

type EventsCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'commandPath' | 'now'>;

/** `mon heartbeats events CHECK`: the newest events of the window, then the 24 h and 7 d success ratios. */
export async function heartbeatEventsRun(
  ctx: EventsCtx,
  { flags: options, args }: Input<typeof EVENTS>,
): Promise<void> {
  const now = ctx.now();
  checkWindow(options, now);
  const query = { ...windowQuery(options, now), limit: options.limit };
  const client = await ctx.api();
  const { id: checkId } = await heartbeatOrPick(ctx, client, args.check, 'events');
  const { response, raw: body } = await getHeartbeatEvents(client, checkId, query);
  const sent: HeartbeatEvent[] = response.flatMap((entry) => entry.events ?? []);
  await showList(ctx, {
    rows: () =>
      atMost(ctx.io, sent, options.limit ?? EVENTS_LIMIT.default, options.limit ? '--limit' : 'the default limit'),
    // Shown against the server's clock (the window was asked for by ours).
    columns: eventColumns(client.now()),
    json: body,
    empty: `No events in ${describeWindow(query)}.`,
    // The ratios and the strip are for people; scripts read the ratios from --json.
    after: (io) => peopleLines(io, client, checkId, query, response),
  });
}

/** After the events on a terminal: the 24 h and 7 d success ratios, then the window as a strip. */
async function peopleLines(
  io: IO,
  client: ApiClient,
  checkId: string,
  query: WindowQuery,
  response: HeartbeatEventsResponse,
): Promise<void> {
  const stats = response.find((entry) => entry.stats)?.stats;
  io.out(`\n${statsLines(io, stats)}`);
  // The window as a strip: the monitor's period and grace say where each ping was expected.
  const { check } = await getCheck(client, checkId);
  if (!check.heartbeat) return;
  const end = query.endTime ? Date.parse(query.endTime) : client.now();
  const start = query.startTime ? Date.parse(query.startTime) : end - DAY_MS;
  const createdAt = Date.parse(check.created_at ?? '');
  const strip = await historyStrip(
    io,
    client,
    { id: checkId, timing: check.heartbeat, createdAt: Number.isNaN(createdAt) ? undefined : createdAt },
    { start, now: end },
  );
  if (strip) io.out(`\n${strip}`);
}

function statsLines(io: IO, stats: HeartbeatEventStats | undefined): string {
  const summary = (availability: HeartbeatEventStats['last24Hours'], previousName: string) => {
    if (!availability) return 'no data';
    const count = entitiesText(availability.totalEntitiesCurrentPeriod);
    return `${ratioSummary(io, availability, previousName)}${count ? `  · ${count}` : ''}`;
  };
  return labelledLines(io, [
    ['Success ratio, last 24 hours', summary(stats?.last24Hours, 'the 24 hours before')],
    ['Success ratio, last 7 days', summary(stats?.last7Days, 'the 7 days before')],
  ]);
}
