import { monWord, type Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { refuseWatch, watch } from '../../core/watch';
import { CliError } from '../../errors';
import { printJson } from '../../output/render';
import { summaryLines } from './shared/screen';
import { needsAttention, readSummary } from './shared/summary';
import type { STATUS } from './spec';

/** `mon status`: open incidents, failing and degraded checks, late heartbeats, on one screen. */
export async function statusRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'signal' | 'env' | 'now'>,
  { flags }: Input<typeof STATUS>,
): Promise<void> {
  const { io } = ctx;
  const mon = monWord(ctx);
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
  if (ctx.globals.json) {
    await printJson(io, {
      incidents: summary.incidents.map(({ raw }) => raw),
      checks: summary.checks,
      heartbeats: summary.heartbeats,
    });
  } else {
    // On a terminal, one screen: the rows it has, less the shell's prompt and a "Needs attention" line.
    const size = io.stdoutIsTTY ? { width: io.columns(), height: io.rows() - 2 } : {};
    io.out(
      `${summaryLines(summary, io.style, size, mon)
        .map((line) => line.text)
        .join('\n')}\n`,
    );
  }
  const attention = needsAttention(summary);
  if (flags.exitStatus && attention) throw new CliError('attention', `Needs attention: ${attention}.`);
}
