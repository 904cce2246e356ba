import type { Ctx } from '../../core/context';

/** `mon config path`: where the profiles are stored. */
export async function configPathRun(ctx: Pick<Ctx, 'io' | 'config'>): Promise<void> {
  ctx.io.outRaw(`${ctx.config().path}\n`);
}
