import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { allStatusPages, showPages } from '../../core/public-page';
import { pageOrPick } from './shared/find-page';
import type { OPEN } from './spec';

export async function openStatusPageRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'api' | 'prompter' | 'globals'>,
  { args, flags }: Input<typeof OPEN>,
): Promise<void> {
  const client = await ctx.api();
  const { pages, sandbox } = await allStatusPages(client);
  const page = await pageOrPick(ctx, pages, args.page);
  await showPages(ctx, [page], {
    sandbox,
    baseUrl: client.config.baseUrl,
    print: Boolean(flags.print),
    embedded: usesEmbeddedSandbox(ctx),
  });
}
