import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { done } from '../../core/outcome';
import { checkTemplateName, removeTemplate } from '../../core/templates';
import type { REMOVE } from './spec';

/** `mon templates remove NAME`: exit 6 when there is no such template. */
export async function removeTemplateRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'config'>,
  { args }: Input<typeof REMOVE>,
): Promise<void> {
  const name = checkTemplateName(args.name);
  const profile = await removeTemplate(ctx, name);
  ctx.io.err(`${done(ctx)} Removed template "${name}" from profile "${profile}".\n`);
}
