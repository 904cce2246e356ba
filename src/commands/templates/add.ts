import type { Ctx } from '../../core/context';
import { missingFlagsError } from '../../core/flags/convert';
import { askText } from '../../core/flags/prompt';
import type { Input } from '../../core/flags/spec';
import { saySuccess } from '../../output/say';
import { checkTemplateName, storedTemplates, storeTemplate } from '../../core/templates';
import { UsageError } from '../../errors';
import { ADD } from './spec';

/** `mon templates add NAME --message TEXT [--status S]`: the message asked for on a terminal when not given. */
export async function addTemplateRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'config' | 'prompter' | 'now'>,
  { flags, args }: Input<typeof ADD>,
): Promise<void> {
  const name = checkTemplateName(args.name);
  const example = `templates add ${name} --status identified --message "We found the cause of {{name}}."`;
  if (flags.message === undefined && !ctx.io.canPrompt()) throw missingFlagsError(['--message'], example);
  // Before the message is asked for: nobody types a message to learn the name is taken.
  if (Object.hasOwn(storedTemplates(ctx), name) && !flags.force) {
    throw new UsageError(
      `There is a template "${name}" already.`,
      (next) => `Pass --force to replace it, or ${next(`templates remove ${name}`)} first.`,
    );
  }
  const message = flags.message ?? (await askText(ctx, ADD.flags.message));
  const profile = await storeTemplate(ctx, name, { message, ...(flags.status ? { status: flags.status } : {}) });
  saySuccess(ctx.io, `Stored template "${name}" in profile "${profile}". Use it with --template ${name}.`);
}
