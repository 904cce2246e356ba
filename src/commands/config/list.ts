import { profileName, SETTINGS, type SettingName } from '../../config/settings';
import { requireProfile } from '../../core/context';
import { showRecord } from '../../output/present';
import { maskSecret, maskUrl } from '../../text/mask';
import type { ConfigCtx } from './shared/setting';

/** `mon config list`: every setting of the profile, the key masked. */
export async function configListRun(ctx: ConfigCtx): Promise<void> {
  requireProfile(ctx);
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  const all = store.profiles();
  const stored = (Object.hasOwn(all, profile) ? all[profile] : undefined) ?? {};
  const values: Record<string, string | number | null> = { profile };
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = stored[name];
    values[name] =
      value === undefined
        ? null
        : name === 'api-key'
          ? maskSecret(String(value))
          : typeof value === 'string'
            ? maskUrl(value)
            : (value as number);
  }
  const others = Object.keys(all).filter((name) => name !== profile);
  await showRecord(ctx, {
    json: values,
    title: `Profile ${profile}`,
    fields: Object.entries(values).map(([key, value]) => ({
      label: key,
      key,
      value,
      display: value ?? 'not set',
      text: value ?? 'not set',
    })),
    hint: `\nStored in ${store.path}${others.length ? `; other profiles: ${others.join(', ')}` : ''}`,
  });
}
