import { listRuntimes } from '../../api/resources/runtimes';
import type { Ctx } from '../../core/context';
import { showList } from '../../output/present';
import { runtimeColumns } from './shared/columns';

export async function listRuntimesRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api'>): Promise<void> {
  const client = await ctx.api();
  const { runtimes, raw } = await listRuntimes(client);
  await showList(ctx, { rows: runtimes, columns: runtimeColumns(client.now()), json: raw, empty: 'No runtimes.' });
}
