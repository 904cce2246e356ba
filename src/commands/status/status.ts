import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { refuseWatch, watch } from '../../core/watch';
import { CliError } from '../../errors';
import { printJson } from '../../output/render';
import { stripEscapes } from '../../text/width';
import { summaryLines } from './shared/screen';
import { needsAttention, readSummary } from './shared/summary';
import type { STATUS } from './spec';

/** `mon status`: open incidents, failing and degraded checks, late heartbeats, on one screen. */
export async function statusRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'signal'>,
  { flags }: Input<typeof STATUS>,
): Promise<void> {
  const { io } = ctx;
  if (flags.watch) {
    refuseWatch(io, ctx.globals, '`mon status` (with --exit-status or --json)');
    const client = await ctx.api();
    return watch(ctx, flags.interval, {
      now: () => client.now(),
      // A row: a line indented by two spaces (the headings are not, an update's text by more).
      read: async (width) =>
        summaryLines(await readSummary(client), io.style, width).map((text) => {
          const plain = stripEscapes(text);
          return /^ {2}\S/.test(plain) && text.startsWith('  ') ? { text, row: plain } : { text };
        }),
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
    const width = io.stdoutIsTTY ? io.columns() : undefined;
    io.out(`${summaryLines(summary, io.style, width).join('\n')}\n`);
  }
  const attention = needsAttention(summary);
  if (flags.exitStatus && attention) throw new CliError('attention', `Needs attention: ${attention}.`);
}
