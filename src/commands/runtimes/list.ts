import { listRuntimes } from '../../api/resources/runtimes';
import type { Ctx } from '../../core/context';
import { printJson, renderList } from '../../output/render';
import { RUNTIME_COLUMNS } from './columns';

export async function listRuntimesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const { runtimes, raw } = await listRuntimes(await ctx.api());
  if (ctx.globals.json) return printJson(ctx.io, raw);
  await renderList(ctx.io, runtimes, RUNTIME_COLUMNS, 'No runtimes.');
}
