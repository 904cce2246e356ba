import { z } from 'zod';
import { getHeartbeatEvents } from '../../api/resources/heartbeats';
import { eventsLimitSchema, type HeartbeatEvent, type HeartbeatEventStats } from '../../api/schemas/heartbeats';
import type { Ctx } from '../../core/context';
import type { IO } from '../../io';
import { printJson, renderList } from '../../output/render';
import { parseOptions } from '../../core/flags/parse';
import { entitiesText, eventColumns, labelledLines, ratioSummary } from './format';
import { checkIdOrAsk, checkWindow, describeWindow, WINDOW_FLAG_NAMES, windowFlags, windowQuery } from './window';

function optionsSchema(now: number) {
  return z.object({ ...windowFlags(now), limit: eventsLimitSchema.optional() });
}

type EventsCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'commandPath' | 'now'>;

/** `mon heartbeats events CHECK_ID`: the newest events of the window, then the 24 h and 7 d success ratios. */
export async function heartbeatEventsRun(
  ctx: EventsCtx,
  raw: Record<string, unknown>,
  checkIdArg: unknown,
): Promise<void> {
  const now = ctx.now();
  const options = parseOptions(
    optionsSchema(now),
    { ...raw, checkId: checkIdArg },
    { ...WINDOW_FLAG_NAMES, limit: '--limit' },
  );
  checkWindow(options, now);
  const checkId = await checkIdOrAsk(ctx, options.checkId);
  const query = { ...windowQuery(options, now), limit: options.limit };
  const { response, raw: body } = await getHeartbeatEvents(await ctx.api(), checkId, query);
  if (ctx.globals.json) return printJson(ctx.io, body);

  const { io } = ctx;
  const events: HeartbeatEvent[] = response.flatMap((entry) => entry.events ?? []);
  await renderList(io, events, eventColumns(now), `No events in ${describeWindow(query)}.`);
  // The ratios are for people; scripts read them from --json.
  if (!io.stdoutIsTTY) return;
  const stats = response.find((entry) => entry.stats)?.stats;
  io.out(`\n${statsLines(io, stats)}`);
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
