import { parseSetting, profileName } from '../../config/settings';
import type { Input } from '../../core/flags/spec';
import { saySuccess } from '../../output/say';
import { maskUrl } from '../../text/mask';
import { configKey, type ConfigCtx } from './shared/setting';
import type { SET } from './spec';

/** `mon config set KEY VALUE`: checked as the setting's own rule says, then stored. */
export async function configSetRun(ctx: ConfigCtx, { args }: Input<typeof SET>): Promise<void> {
  const key = configKey(args.key);
  const value = parseSetting(key, args.value, key);
  const profile = profileName(ctx.globals, ctx.env).value;
  await ctx.config().updateProfile(profile, (current) => ({ ...current, [key]: value }));
  saySuccess(ctx.io, `Set ${key} to ${maskUrl(String(value))} in profile "${profile}".`);
}
