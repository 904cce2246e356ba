import { incidentPages } from '../../api/resources/incidents';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { refuseWatch } from '../../core/watch';
import { printJson } from '../../output/render';
import type { LIST } from './spec';

export async function listIncidentsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'signal' | 'env' | 'now'>,
  input: Input<typeof LIST>,
): Promise<void> {
  const { flags } = input;
  if (flags.watch) {
    refuseWatch(ctx.io, ctx.globals, '`mon incidents list` (with --json)', flags.all ? ['--all'] : []);
    return (await import('./shared/listing')).watchIncidents(ctx, input);
  }
  // One page of every incident as --json (or --jq) prints it: the API's page as received, once it
  // fits its shape, without anything a table needs.
  if (ctx.globals.json && flags.status === 'all' && !flags.all && !flags.service && !flags.severity && !flags.since) {
    const client = await ctx.api();
    const first = await incidentPages(client, { limit: flags.limit, nextId: flags.nextId }).next();
    if (!first.done) await printJson(ctx.io, first.value.raw);
    return;
  }
  await (await import('./shared/listing')).listIncidents(ctx, input);
}
