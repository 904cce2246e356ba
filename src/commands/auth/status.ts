import type { Ctx } from '../../core/context';
import { AuthError } from '../../errors';
import { printJson, renderDetails } from '../../output/render';
import { maskSecret } from '../../text/mask';
import type { Setting } from '../../config/settings';

export async function statusRun(ctx: Pick<Ctx, 'io' | 'globals' | 'settings' | 'config'>): Promise<void> {
  const settings = await ctx.settings();
  const { io } = ctx;
  const key = settings.apiKey && { value: maskSecret(settings.apiKey.value), source: settings.apiKey.source };
  const configFile = ctx.config().path;
  if (ctx.globals.json) {
    printJson(io, {
      profile: settings.profile.value,
      baseUrl: settings.baseUrl ?? null,
      accountId: settings.accountId ?? null,
      apiKey: key ?? null,
      pingUrl: settings.pingUrl ?? null,
      timeoutSeconds: { value: settings.timeoutMs.value / 1000, source: settings.timeoutMs.source },
      configFile,
    });
  } else {
    const from = (setting: Setting<unknown> | undefined) =>
      setting ? `  ${io.style.dim(setting.source === 'default' ? '(default)' : `(from ${setting.source})`)}` : '';
    const field = (label: string, key: string, setting: Setting<string> | undefined) => ({
      label,
      key,
      value: setting?.value,
      display: setting ? setting.value : undefined,
      color: (text: string) => (setting ? text + from(setting) : io.style.yellow('not set')),
    });
    renderDetails(io, [
      {
        label: 'Profile',
        key: 'profile',
        value: settings.profile.value,
        color: (text) => text + from(settings.profile),
      },
      field('Base URL', 'baseUrl', settings.baseUrl),
      field('Account ID', 'accountId', settings.accountId),
      field('API key', 'apiKey', key),
      field('Ping URL', 'pingUrl', settings.pingUrl),
      {
        label: 'Timeout',
        key: 'timeoutSeconds',
        value: settings.timeoutMs.value / 1000,
        display: `${settings.timeoutMs.value / 1000} s`,
        color: (text) => text + from(settings.timeoutMs),
      },
      { label: 'Config file', key: 'configFile', value: configFile },
    ]);
  }
  if (!settings.apiKey)
    throw new AuthError(
      `Not logged in: profile "${settings.profile.value}" has no API key and MON_API_KEY is not set.`,
    );
}
