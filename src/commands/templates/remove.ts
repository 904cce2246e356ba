import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { saySuccess } from '../../output/say';
import { checkTemplateName, removeTemplate } from '../../core/templates';
import type { REMOVE } from './spec';

/** `mon templates remove NAME`: exit 6 when there is no such template. */
export async function removeTemplateRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'config'>,
  { args }: Input<typeof REMOVE>,
): Promise<void> {
  const name = checkTemplateName(args.name);
  const profile = await removeTemplate(ctx, name);
  saySuccess(ctx.io, `Removed template "${name}" from profile "${profile}".`);
}
