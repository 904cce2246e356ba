import { SETTINGS, type SettingName } from '../../../config/settings';
import type { Ctx } from '../../../core/context';
import { UsageError } from '../../../errors';

/** What the verbs of `mon config` use. */
export type ConfigCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'config' | 'commandPath'>;

/** The settings `mon config` changes: all of them but the key, which never goes on a command line. */
export type ConfigKey = Exclude<SettingName, 'api-key'>;

/** KEY as typed → the setting it names; the API key and unknown names are exit 2. */
export function configKey(name: string): ConfigKey {
  if (name === 'api-key' || name === 'apiKey' || name === 'key') {
    throw new UsageError(
      'The API key is not handled by `mon config`: on the command line it would stay in your shell history.',
      (next) => `Use ${next('auth login')} (prompts, or reads stdin with --with-key), or set MON_API_KEY.`,
    );
  }
  if (!Object.hasOwn(SETTINGS, name)) {
    const names = Object.keys(SETTINGS).filter((setting) => setting !== 'api-key');
    throw new UsageError(`Unknown setting ${JSON.stringify(name)}: use one of ${names.join(', ')}.`);
  }
  return name as ConfigKey;
}
