import { requireProfile, type Ctx } from '../../core/context';
import { profileName } from '../../config/settings';
import { saySuccess, sayWarning } from '../../output/say';

export async function logoutRun(ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'config' | 'commandPath'>): Promise<void> {
  const { io, env } = ctx;
  const profile = profileName(ctx.globals, env).value;
  const store = ctx.config();
  if (!requireProfile(ctx)?.['api-key']) {
    // A write killed before its end may have left a copy of a key beside the file: gone too.
    await store.sweep();
    io.err(`Profile "${profile}" has no stored API key: nothing to remove.\n`);
  } else {
    // The write removes those copies as well.
    await store.updateProfile(profile, ({ 'api-key': _removed, ...rest }) => rest);
    saySuccess(io, `Removed the API key of profile "${profile}" from ${store.path}`);
  }
  if (env.MON_API_KEY) sayWarning(io, 'MON_API_KEY is still set in this environment, and commands will use it.');
}
