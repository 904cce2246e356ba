import { getHeartbeatAvailability } from '../../api/resources/heartbeats';
import type { Ctx } from '../../core/context';
import { showRecord } from '../../output/present';
import type { Input } from '../../core/flags/spec';
import { entitiesText, labelledLines, ratioBar, ratioSummary } from './shared/format';
import type { AVAILABILITY } from './spec';
import { checkWindow, describeWindow, heartbeatOrPick, windowQuery } from './shared/window';

type AvailabilityCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'commandPath' | 'now'>;

/** `mon heartbeats availability CHECK`: the success ratio of the window against the period before it. */
export async function heartbeatAvailabilityRun(
  ctx: AvailabilityCtx,
  { flags: options, args }: Input<typeof AVAILABILITY>,
): Promise<void> {
  const now = ctx.now();
  checkWindow(options, now);
  const query = windowQuery(options, now);
  const client = await ctx.api();
  const { id: checkId } = await heartbeatOrPick(ctx, client, args.check, 'availability');
  const { availability, raw: body } = await getHeartbeatAvailability(client, checkId, query);
  const window = describeWindow(query);
  const ratio = availability?.successRatio;
  await showRecord(ctx, {
    json: body,
    title: `Availability: ${window}`,
    empty: availability ? undefined : `There is no data for this period (${window}).`,
    fields: [
      { label: 'Success ratio', key: 'currentPeriod', value: ratio?.currentPeriod },
      { label: 'Previous period', key: 'previousPeriod', value: ratio?.previousPeriod },
      { label: 'Events', key: 'totalEntitiesCurrentPeriod', value: availability?.totalEntitiesCurrentPeriod },
    ],
    drawn: {
      // The comparison is coloured, and the bars: the label column, two spaces and the figure ("100%") beside them fit the width.
      table: (io) => {
        const bar = io.columns() - 'Period before:   '.length - '  100.00%'.length;
        io.out(
          labelledLines(io, [
            ['Period', window],
            ['Success ratio', ratioSummary(io, availability!, 'the period before')],
            ['This period', ratioBar(io, ratio?.currentPeriod, bar)],
            ['Period before', ratioBar(io, ratio?.previousPeriod, bar)],
            ['Events', entitiesText(availability!.totalEntitiesCurrentPeriod) || '—'],
          ]),
        );
      },
    },
  });
}
