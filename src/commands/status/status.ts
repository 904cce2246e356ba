import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { CliError, UsageError } from '../../errors';
import { printJson } from '../../output/render';
import { summaryLines } from './shared/screen';
import { needsAttention, readSummary } from './shared/summary';
import { watchStatus } from './shared/watch';
import type { STATUS } from './spec';

/** `mon status`: open incidents, failing and degraded checks, late heartbeats, on one screen. */
export async function statusRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'signal'>,
  { flags }: Input<typeof STATUS>,
): Promise<void> {
  const { io } = ctx;
  if (flags.watch) {
    if (!io.stdoutIsTTY || ctx.globals.json) {
      throw new UsageError(
        '--watch redraws a terminal screen: it needs one (and no --json).',
        'Without a terminal, run `mon status` (with --exit-status or --json) on a schedule instead.',
      );
    }
    return watchStatus(ctx, flags.interval);
  }
  const client = await ctx.api();
  const summary = await readSummary(client);
  if (ctx.globals.json) {
    await printJson(io, {
      incidents: summary.incidents.map(({ raw }) => raw),
      checks: summary.checks,
      heartbeats: summary.heartbeats,
    });
  } else {
    const width = io.stdoutIsTTY ? io.columns() : undefined;
    io.out(`${summaryLines(summary, io.style, width).join('\n')}\n`);
  }
  const attention = needsAttention(summary);
  if (flags.exitStatus && attention) throw new CliError('attention', `Needs attention: ${attention}.`);
}
