import type { Profile } from './store';
import { envFlag } from '../env';
import { UsageError } from '../errors';

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

function checkProfileName(name: string, from: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new UsageError(
      `Invalid profile name ${JSON.stringify(name)} (from ${from}): use letters, digits, ".", "_" and "-" (at most 64).`,
    );
  }
  return name;
}

/** Does anything in flags or environment leave a value to be read from the profile? */
export function needsProfile(globals: SettingFlags, env: NodeJS.ProcessEnv): boolean {
  return !(
    (globals.baseUrl ?? env.MON_BASE_URL) &&
    (globals.account ?? env.MON_ACCOUNT_ID) &&
    env.MON_API_KEY &&
    (globals.pingUrl ?? env.MON_PING_URL) &&
    (globals.timeout ?? env.MON_TIMEOUT)
  );
}

/** Precedence (CLI.md): flag, then environment, then the profile, then defaults. */
export function resolveSettings(globals: SettingFlags, env: NodeJS.ProcessEnv, profile: Profile | undefined): Settings {
  const name = profileName(globals, env);
  const fromProfile = `profile "${name.value}"`;
  const pick = (
    flag: string | undefined,
    flagName: string | undefined,
    envName: string,
    stored: string | undefined,
  ) => {
    if (flag !== undefined && flagName) return { value: flag, source: flagName };
    const fromEnv = env[envName];
    if (fromEnv) return { value: fromEnv, source: envName };
    if (stored) return { value: stored, source: fromProfile };
    return undefined;
  };

  const baseUrl = pick(globals.baseUrl, '--base-url', 'MON_BASE_URL', profile?.baseUrl);
  if (baseUrl) baseUrl.value = checkHttpUrl(baseUrl.value, baseUrl.source);
  const pingUrl = pick(globals.pingUrl, '--ping-url', 'MON_PING_URL', profile?.pingUrl);
  if (pingUrl) pingUrl.value = checkHttpUrl(pingUrl.value, pingUrl.source);
  const accountId = pick(globals.account, '--account', 'MON_ACCOUNT_ID', profile?.accountId);
  const apiKey = pick(undefined, undefined, 'MON_API_KEY', profile?.apiKey);

  let timeoutMs: Setting<number>;
  const timeout = pick(globals.timeout, '--timeout', 'MON_TIMEOUT', profile?.timeout?.toString());
  if (timeout) timeoutMs = { value: parseTimeoutSeconds(timeout.value, timeout.source) * 1000, source: timeout.source };
  else timeoutMs = { value: DEFAULT_TIMEOUT_SECONDS * 1000, source: 'default' };

  const settings: Settings = {
    profile: name,
    timeoutMs,
    debug: Boolean(globals.debug) || envFlag(env.MON_DEBUG),
    insecure: Boolean(globals.insecure),
  };
  if (baseUrl) settings.baseUrl = baseUrl;
  if (pingUrl) settings.pingUrl = pingUrl;
  if (accountId) settings.accountId = accountId;
  if (apiKey) settings.apiKey = apiKey;
  return settings;
}

/** Accepts an http(s) URL; returns it without a trailing slash. */
export function checkHttpUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `Invalid URL ${JSON.stringify(value)} (from ${source}): expected e.g. https://api.example.com.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `Invalid URL ${JSON.stringify(value)} (from ${source}): only http:// and https:// are supported.`,
    );
  }
  if (url.search || url.hash) {
    throw new UsageError(
      `Invalid URL ${JSON.stringify(value)} (from ${source}): a base URL has no ?query or #fragment.`,
    );
  }
  return value.replace(/\/+$/, '');
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
