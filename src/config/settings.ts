import type { Profile } from './store';
import { envFlag, type EnvName } from '../env';
import { UsageError } from '../errors';
import { withoutTrailingSlashes } from '../text/chars';
import { maskUrl } from '../text/mask';
import type { NextCommand } from '../text/next';

/** The global flags that settings are resolved from (core/flags/globals.ts defines them all). */
export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  account?: string;
  pingUrl?: string;
  timeout?: string;
  debug?: boolean;
  insecure?: boolean;
}

/** A value and where it came from ("--base-url", "MON_BASE_URL", "profile \"default\"", ...). */
export interface Setting<T> {
  value: T;
  source: string;
}

export interface Settings {
  profile: Setting<string>;
  baseUrl?: Setting<string>;
  accountId?: Setting<string>;
  apiKey?: Setting<string>;
  pingUrl?: Setting<string>;
  timeoutMs: Setting<number>;
  accessible: Setting<boolean>;
  debug: boolean;
  insecure: boolean;
}

export const DEFAULT_TIMEOUT_SECONDS = 30;

export function profileName(globals: SettingFlags, env: NodeJS.ProcessEnv): Setting<string> {
  if (globals.profile !== undefined)
    return { value: checkProfileName(globals.profile, '--profile'), source: '--profile' };
  if (env.MON_PROFILE) return { value: checkProfileName(env.MON_PROFILE, 'MON_PROFILE'), source: 'MON_PROFILE' };
  return { value: 'default', source: 'default' };
}

/** A name the user stores things under: a profile, a template. */
export const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function checkProfileName(name: string, from: string): string {
  if (!STORED_NAME.test(name)) {
    throw new UsageError(
      `Invalid profile name ${JSON.stringify(name)} (from ${from}): use letters, digits, ".", "_" and "-" (at most 64).`,
    );
  }
  return name;
}

/**
 * The settings, one name each: the name users type in `mon config`, see in `auth status` and
 * find in the config file is the flag's name (`base-url` ↔ `--base-url`). `field` is the
 * resolved value's key in Settings; `parse` checks a value from any source.
 */
export const SETTINGS = {
  'base-url': { field: 'baseUrl', flag: 'baseUrl', env: 'MON_BASE_URL', label: 'Base URL' },
  account: { field: 'accountId', flag: 'account', env: 'MON_ACCOUNT_ID', label: 'Account ID' },
  'api-key': { field: 'apiKey', flag: undefined, env: 'MON_API_KEY', label: 'API key' },
  'ping-url': { field: 'pingUrl', flag: 'pingUrl', env: 'MON_PING_URL', label: 'Ping URL' },
  timeout: { field: 'timeoutMs', flag: 'timeout', env: 'MON_TIMEOUT', label: 'Timeout' },
  accessible: { field: 'accessible', flag: undefined, env: 'MON_ACCESSIBLE', label: 'Accessible mode' },
} as const satisfies Record<
  string,
  { field: keyof Settings; flag: keyof SettingFlags | undefined; env: EnvName; label: string }
>;
export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** A value of a setting as typed (`mon config set`, a flag, the environment), checked. */
export function parseSetting(name: SettingName, value: string, source: string): string | number | boolean {
  if (name === 'base-url' || name === 'ping-url') return checkHttpUrl(value, source, name === 'ping-url');
  if (name === 'timeout') return parseTimeoutSeconds(value, source);
  if (name === 'accessible') return parseSwitch(value, source);
  if (!value.trim()) throw new UsageError(`${name} cannot be empty (from ${source}).`);
  return checkOneLine(name, value.trim(), source);
}

/** C0 and C1 control characters and DEL: none belongs in a key or an account ID. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A key or an account ID is one line of printable text: a line break (a key file with two
 * lines, a variable set from `cat`) would be refused by the HTTP layer, which looks like a
 * network failure. Exit 2 naming where it came from; the value itself is not shown (a key).
 */
export function checkOneLine(name: 'api-key' | 'account', value: string, source: string): string {
  const at = value.search(CONTROL);
  if (at < 0) return value;
  const char = value.charCodeAt(at);
  const what =
    char === 10 || char === 13
      ? 'a line break'
      : `a control character (U+${char.toString(16).toUpperCase().padStart(4, '0')})`;
  const noun = name === 'api-key' ? 'key' : 'account ID';
  const hint = source.startsWith('profile ')
    ? (next: NextCommand) =>
        `Store it again with ${next('auth login')}, or fix it in the config file (${next('config path')}).`
    : /^MON_[A-Z_]+$/.test(source)
      ? `Set ${source} to the ${noun} alone, on one line.`
      : `Give the ${noun} alone, on one line.`;
  throw new UsageError(
    `The ${name === 'api-key' ? 'API key' : 'account ID'} from ${source} contains ${what} (character ${at + 1} of ${value.length}); nothing was sent.`,
    hint,
  );
}

/** Does anything in flags or environment leave a value to be read from the profile? */
export function needsProfile(globals: SettingFlags, env: NodeJS.ProcessEnv): boolean {
  return SETTING_NAMES.some((name) => {
    const { flag, env: variable } = SETTINGS[name];
    return (flag ? globals[flag] : undefined) === undefined && !env[variable];
  });
}

/** Precedence (docs/CLI.md): flag, then environment, then the profile, then defaults. */
export function resolveSettings(globals: SettingFlags, env: NodeJS.ProcessEnv, profile: Profile | undefined): Settings {
  const name = profileName(globals, env);
  const pick = (setting: SettingName): Setting<string> | undefined => {
    const { flag, env: variable } = SETTINGS[setting];
    const given = flag ? (globals[flag] as string | undefined) : undefined;
    if (given !== undefined) return { value: given, source: `--${setting}` };
    if (env[variable]) return { value: env[variable]!, source: variable };
    const stored = profile?.[setting];
    if (stored !== undefined && stored !== '') return { value: String(stored), source: `profile "${name.value}"` };
    return undefined;
  };
  const settings: Settings = {
    profile: name,
    timeoutMs: { value: DEFAULT_TIMEOUT_SECONDS * 1000, source: 'default' },
    accessible: accessibleSetting(env, profile, name.value),
    debug: Boolean(globals.debug) || envFlag(env.MON_DEBUG),
    insecure: Boolean(globals.insecure),
  };
  for (const setting of SETTING_NAMES) {
    if (setting === 'accessible') continue;
    const found = pick(setting);
    if (!found) continue;
    const value = parseSetting(setting, found.value, found.source);
    if (setting === 'timeout') settings.timeoutMs = { value: (value as number) * 1000, source: found.source };
    else
      settings[SETTINGS[setting].field as 'baseUrl' | 'accountId' | 'apiKey' | 'pingUrl'] = {
        value: value as string,
        source: found.source,
      };
  }
  return settings;
}

/**
 * Accessible mode (no animation, numbered plain prompts): MON_ACCESSIBLE (on unless "", "0"
 * or "false"), else the profile's `accessible`, else off. A preference of the person more than
 * of an account: read from the profile even with --sandbox.
 */
export function accessibleSetting(
  env: NodeJS.ProcessEnv,
  profile: Profile | undefined,
  profileName: string,
): Setting<boolean> {
  if (env.MON_ACCESSIBLE !== undefined) return { value: envFlag(env.MON_ACCESSIBLE), source: 'MON_ACCESSIBLE' };
  if (typeof profile?.accessible === 'boolean') {
    return { value: profile.accessible, source: `profile "${profileName}"` };
  }
  return { value: false, source: 'default' };
}

/** true/false as typed (`mon config set accessible yes`). */
function parseSwitch(value: string, source: string): boolean {
  const typed = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(typed)) return true;
  if (['false', 'no', 'off', '0'].includes(typed)) return false;
  throw new UsageError(`Invalid value ${JSON.stringify(value)} (from ${source}): expected true or false.`);
}

/**
 * Accepts an http(s) URL; returns it without a trailing slash. A user name or password in it
 * is refused unless `credentials` (a ping URL, which sends them as basic authentication): the
 * API key is the base URL's credential, and undici would drop them without a word. Messages
 * show the URL with them masked.
 */
export function checkHttpUrl(value: string, source: string, credentials = false): string {
  const shown = JSON.stringify(maskUrl(value));
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`Invalid URL ${shown} (from ${source}): expected e.g. https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`Invalid URL ${shown} (from ${source}): only http:// and https:// are supported.`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`Invalid URL ${shown} (from ${source}): a base URL has no ?query or #fragment.`);
  }
  if (!credentials && (url.username || url.password)) {
    throw new UsageError(
      `The base URL ${shown} (from ${source}) holds a user name or password: mon authenticates with the API key (sent as a bearer token) and does not send them.`,
      (next) => `Remove them from the URL; the key goes in MON_API_KEY or ${next('auth login')}.`,
    );
  }
  return withoutTrailingSlashes(value);
}

export function parseTimeoutSeconds(value: string, source: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new UsageError(
      `Invalid timeout ${JSON.stringify(value)} (from ${source}): expected a number of seconds greater than 0 and at most 3600.`,
    );
  }
  return seconds;
}
