import type { ApiResponse, ClientConfig } from '../../api/request';
import { PING_URL_HEADER } from '../../sandbox/defaults';
import { sanitize } from '../../text/escape';
import type { Input } from '../../core/flags/spec';
import type { LOGIN } from './spec';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { maskSecret, maskUrl } from '../../text/mask';
import { checkHttpUrl, checkOneLine, profileName, SETTINGS } from '../../config/settings';
import { rejectedKey } from '../../core/credentials';
import { readStdinText } from '../../core/input';
import { saySuccess, sayWarning } from '../../output/say';

type LoginCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'prompter' | 'config' | 'clientFor'>;

const urlCheck = (value: string): true | string => {
  try {
    checkHttpUrl(value.trim(), 'input');
    return true;
  } catch (error) {
    return (error as Error).message;
  }
};

/**
 * Explicit flag, then environment, then a prompt (defaulting to what the profile has),
 * then what the profile has. The key: stdin with --with-key, else a masked prompt.
 */
export async function loginRun(ctx: LoginCtx, { flags: options }: Input<typeof LOGIN>): Promise<void> {
  const { io, env, globals, prompter } = ctx;
  if (usesEmbeddedSandbox(ctx)) {
    throw new UsageError('The embedded sandbox needs no login: `mon --sandbox ...` uses its own key.');
  }
  const profile = profileName(globals, env);
  const store = ctx.config();
  // Reading first means a damaged config file stops the login before anything is asked.
  const stored = store.profile(profile.value) ?? {};
  const ask = io.canPrompt() && !options.withKey;

  const pick = async (
    flag: string | undefined,
    envValue: string | undefined,
    current: string | undefined,
    question: string,
    validate?: (value: string) => true | string,
  ) => {
    if (flag ?? envValue) return flag ?? envValue;
    if (ask) return (await prompter.input({ message: question, default: current, validate })).trim() || undefined;
    return current;
  };

  const baseUrlInput = await pick(
    globals.baseUrl,
    env.MON_BASE_URL,
    stored['base-url'],
    'API base URL (e.g. https://api.example.com, or http://127.0.0.1:4010 for `mon sandbox`)',
    urlCheck,
  );
  if (!baseUrlInput) {
    throw new UsageError(
      '--base-url is required: no base URL is stored in this profile.',
      'Pass --base-url URL (or set MON_BASE_URL).',
    );
  }
  const baseUrl = checkHttpUrl(
    baseUrlInput,
    globals.baseUrl ? '--base-url' : env.MON_BASE_URL ? 'MON_BASE_URL' : 'input',
  );
  const accountInput = await pick(globals.account, env.MON_ACCOUNT_ID, stored.account, 'Account ID');
  const accountId =
    accountInput &&
    checkOneLine(
      'account',
      accountInput,
      globals.account
        ? '--account'
        : env.MON_ACCOUNT_ID
          ? 'MON_ACCOUNT_ID'
          : ask
            ? 'input'
            : `profile "${profile.value}"`,
    );
  const givenPingUrl = globals.pingUrl ?? env.MON_PING_URL;

  let apiKey: string;
  if (options.withKey) {
    apiKey = (await readStdinText(io, '--with-key', 'secret')).trim();
    if (!apiKey)
      throw new UsageError(
        '--with-key read an empty key from stdin.',
        'Pipe the key in: `printenv MON_KEY | mon auth login --with-key`.',
      );
  } else if (ask) {
    apiKey = (
      await prompter.password({
        message: 'API key',
        validate: (value) => (value.trim() ? true : 'The key cannot be empty.'),
      })
    ).trim();
  } else {
    throw new UsageError(
      'No API key given: there is no terminal to ask on.',
      'Pipe the key in with --with-key (`printenv MON_KEY | mon auth login --with-key`), or set MON_API_KEY instead of logging in.',
    );
  }

  checkOneLine('api-key', apiKey, options.withKey ? '--with-key (stdin)' : 'input');
  const answer = await verifyCredentials(ctx, { baseUrl, apiKey, accountId });
  // A ping URL given wins; else the one a mon sandbox announces; else the one stored.
  const pingUrl = givenPingUrl
    ? checkHttpUrl(givenPingUrl, globals.pingUrl ? '--ping-url' : 'MON_PING_URL', true)
    : (announcedPingUrl(baseUrl, answer.headers[PING_URL_HEADER]) ?? stored['ping-url']);
  const saved = { 'base-url': baseUrl, account: accountId, 'api-key': apiKey };
  await store.updateProfile(profile.value, (current) => ({
    ...current,
    ...saved,
    ...(pingUrl ? { 'ping-url': pingUrl } : {}),
  }));
  saySuccess(
    io,
    `Logged in to ${baseUrl}${accountId ? ` (account ${accountId})` : ''} with key ${maskSecret(apiKey)}.\n` +
      (pingUrl ? `  Heartbeat pings go to ${sanitize(maskUrl(pingUrl))}.\n` : '') +
      `  Saved to profile "${profile.value}" in ${store.path}`,
  );
  warnAboutOverrides(ctx, saved);
}

/** An environment variable that will win over what was just saved is said out loud (a stale MON_API_KEY, say). */
function warnAboutOverrides(
  ctx: Pick<Ctx, 'io' | 'env'>,
  saved: Partial<Record<'base-url' | 'account' | 'api-key', string>>,
): void {
  const { io, env } = ctx;
  for (const name of ['api-key', 'base-url', 'account'] as const) {
    const variable = SETTINGS[name].env;
    const value = env[variable];
    if (!value || value === saved[name]) continue;
    sayWarning(
      io,
      `${variable} is set in this environment, and commands will use it instead of the ${name} saved here. ` +
        `Unset it (\`unset ${variable}\`) to use this login.`,
    );
  }
}

/** The ping URL a mon sandbox announces (a path on the base URL's host), or undefined. */
function announcedPingUrl(baseUrl: string, header: string | string[] | undefined): string | undefined {
  const path = Array.isArray(header) ? header[0] : header;
  // Only a path: a server cannot send the ping tokens to another host this way.
  if (!path || !/^\/[\w./-]*$/.test(path) || path.startsWith('//')) return undefined;
  return new URL(path, baseUrl).href.replace(/\/$/, '');
}

/** One cheap request that needs a valid key and account: the first status page. */
async function verifyCredentials(ctx: Pick<Ctx, 'clientFor' | 'io'>, config: ClientConfig): Promise<ApiResponse> {
  const client = await ctx.clientFor(config);
  ctx.io.err(ctx.io.errStyle.dim(`Checking the key against ${config.baseUrl} ...\n`));
  try {
    return await client.request({ method: 'GET', path: '/v1/status-pages', query: { limit: 1 } });
  } catch (error) {
    ctx.io.err('Nothing was saved.\n');
    throw rejectedKey(error, 'input', '');
  }
}
