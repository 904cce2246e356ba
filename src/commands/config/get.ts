import { profileName } from '../../config/settings';
import { requireProfile } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { CliError } from '../../errors';
import { maskUrl } from '../../text/mask';
import { configKey, type ConfigCtx } from './shared/setting';
import type { GET } from './spec';

/** `mon config get KEY`: the value alone on stdout; exit 1 when it is not set. */
export async function configGetRun(ctx: ConfigCtx, { args }: Input<typeof GET>): Promise<void> {
  const key = configKey(args.key);
  const profile = profileName(ctx.globals, ctx.env).value;
  const value = requireProfile(ctx)?.[key];
  if (value === undefined) throw new CliError('failure', `${key} is not set in profile "${profile}".`);
  // A user name and password in a URL are never printed, as the key is not.
  ctx.io.outRaw(`${maskUrl(String(value))}\n`);
}
