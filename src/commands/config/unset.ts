import { profileName } from '../../config/settings';
import { requireProfile } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { saySuccess } from '../../output/say';
import { configKey, type ConfigCtx } from './shared/setting';
import type { UNSET } from './spec';

/** `mon config unset KEY`: removed from the profile; a setting that is not there is no error. */
export async function configUnsetRun(ctx: ConfigCtx, { args }: Input<typeof UNSET>): Promise<void> {
  const key = configKey(args.key);
  requireProfile(ctx);
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  if (store.profile(profile)?.[key] === undefined) {
    ctx.io.err(`${key} is not set in profile "${profile}": nothing to remove.\n`);
    return;
  }
  await store.updateProfile(profile, (current) => {
    const next = { ...current };
    delete next[key];
    return next;
  });
  saySuccess(ctx.io, `Removed ${key} from profile "${profile}".`);
}
