import { listRuntimes } from '../../api/resources/runtimes';
import type { Ctx } from '../../core/context';
import { printJson, renderList } from '../../output/render';
import { runtimeColumns } from './shared/columns';

export async function listRuntimesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  const { runtimes, raw } = await listRuntimes(client);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  await renderList(ctx.io, runtimes, runtimeColumns(client.now()), 'No runtimes.');
}
