import { basicCredentials, checkTransport } from '../../../api/request';
import type { ApiClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { maskedPingUrl, pingRequest, type PingTarget } from '../../../api/resources/heartbeats';
import { pathIdSchema } from '../../../api/schemas/common';
import type { Ctx } from '../../../core/context';
import { UsageError } from '../../../errors';
import { readInputText } from '../../../core/input';
import type { Setting } from '../../../config/settings';
import { showOutcome } from '../../../output/present';
import type { NextCommand } from '../../../text/next';

/** A cron job must not hang on its ping: a few attempts within a short deadline (or --timeout, if shorter). */
export const PING_DEADLINE_MS = 10_000;
export const PING_ATTEMPTS = 3;

/** The TOKEN argument: a ping token, or a whole ping URL (which then needs no configured ping URL). */
export type PingArgument = { token: string } | PingTarget;

/**
 * Checks the TOKEN argument without repeating it in any message: it is a secret.
 * `https://host/path/TOKEN` is split into the ping URL and the token.
 */
export function parsePingArgument(value: string, source: TokenSource = 'TOKEN'): PingArgument {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return splitPingUrl(value);
  const result = pathIdSchema.safeParse(value);
  if (!result.success)
    throw new UsageError(
      `${source === 'TOKEN' ? 'TOKEN' : `The ping token from ${source}`} ${result.error.issues[0]?.message ?? 'is not valid'}.`,
      'Give the ping token of a heartbeat monitor, or its whole ping URL.',
    );
  return { token: value };
}

function splitPingUrl(value: string): PingTarget {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      'TOKEN looks like a URL but is not a valid one.',
      'Give the ping token, or the whole ping URL: https://HOST/PATH/TOKEN.',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`A ping URL must start with http:// or https:// (got ${url.protocol}//).`);
  }
  const segments = url.pathname.split('/');
  const last = segments.pop() ?? '';
  let token: string;
  try {
    token = decodeURIComponent(last);
  } catch {
    token = '';
  }
  if (!token || !pathIdSchema.safeParse(token).success) {
    throw new UsageError('The ping URL does not end with a token.', 'A ping URL looks like https://HOST/PATH/TOKEN.');
  }
  // The user name and password stay: they are the ping URL's credentials (request.ts sends them).
  const userInfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const target: PingTarget = { baseUrl: `${url.protocol}//${userInfo}${url.host}${segments.join('/')}`, token };
  if (url.search) target.query = Object.fromEntries(url.searchParams);
  return target;
}

/** Where the ping goes: the URL given whole, or `{ping URL}/TOKEN` with the configured ping URL. */
export function pingTarget(argument: PingArgument, pingUrl: Setting<string> | undefined): PingTarget {
  if ('baseUrl' in argument) return argument;
  if (!pingUrl) {
    throw new UsageError(
      'No ping URL is configured, so there is nowhere to send the ping.',
      (next: NextCommand) =>
        `Pass --ping-url URL, set MON_PING_URL, or store it with ${next('config set ping-url URL')}; or give the whole ping URL instead of TOKEN.`,
    );
  }
  return { baseUrl: pingUrl.value, token: argument.token };
}

/**
 * A client for the ping host: no API key, no account header, 3 attempts within 10 s. A user
 * name and password in the ping URL are secrets like the token: masked in everything printed.
 */
export async function pingClient(
  ctx: Pick<Ctx, 'io' | 'settings' | 'clientFor'>,
  target: PingTarget,
): Promise<ApiClient> {
  const settings = await ctx.settings();
  const url = new URL(target.baseUrl);
  if (url.username || url.password) {
    for (const part of [url.username, url.password]) ctx.io.addSecret(decodeURIComponent(part));
    ctx.io.addSecret(basicCredentials(url));
  }
  checkTransport(target.baseUrl, settings.insecure, 'the ping token');
  return ctx.clientFor(
    { baseUrl: target.baseUrl, apiKey: '' },
    { timeoutMs: Math.min(PING_DEADLINE_MS, settings.timeoutMs.value), maxAttempts: PING_ATTEMPTS },
  );
}

/** Where the token came from, for messages (never the token itself). */
export type TokenSource = 'TOKEN' | 'MON_PING_TOKEN' | '--token-file';

/**
 * The ping token (or whole ping URL) from the one place it was given: the TOKEN argument,
 * MON_PING_TOKEN, or --token-file FILE|- (both keep it out of `ps`). Two at once is exit 2.
 * Once known, the token is masked in everything mon prints.
 */
export async function tokenFromSources(
  ctx: Pick<Ctx, 'io' | 'env'>,
  given: { positional?: string; tokenFile?: string },
): Promise<{ token: string; source: TokenSource } | undefined> {
  const fromEnv = ctx.env.MON_PING_TOKEN?.trim() ? ctx.env.MON_PING_TOKEN : undefined;
  const sources: TokenSource[] = [];
  if (given.positional !== undefined) sources.push('TOKEN');
  if (fromEnv !== undefined) sources.push('MON_PING_TOKEN');
  if (given.tokenFile !== undefined) sources.push('--token-file');
  if (sources.length > 1) {
    throw new UsageError(
      `The ping token was given ${sources.length} ways (${sources.join(', ')}): give it one way only.`,
      'Leave out TOKEN when MON_PING_TOKEN or --token-file gives it (or unset MON_PING_TOKEN).',
    );
  }
  let token: string;
  if (given.positional !== undefined) token = given.positional;
  else if (fromEnv !== undefined) token = fromEnv.trim();
  else if (given.tokenFile !== undefined) {
    const text = (await readInputText(ctx.io, given.tokenFile, { flag: '--token-file', kind: 'secret' })).trim();
    if (!text) throw new UsageError(`--token-file ${given.tokenFile} is empty.`, 'Write the ping token into it.');
    if (/\s/.test(text)) {
      throw new UsageError(
        `--token-file ${given.tokenFile === '-' ? '-' : given.tokenFile} must hold the ping token (or the ping URL) alone, on one line.`,
      );
    }
    token = text;
  } else return undefined;
  ctx.io.addSecret(token);
  return { token, source: sources[0]! };
}

/** A failed ping, said in terms of the ping URL (masked) instead of an API path. */
export function pingFailure(error: unknown, target: PingTarget): unknown {
  if (!(error instanceof ApiError)) return error;
  const url = maskedPingUrl(target);
  if (error.kind === 'not-found') {
    return new ApiError('not-found', `The ping URL ${url} is not known to the service (404).`, {
      status: error.status,
      hint: (next) => `Check the token (and the ping URL); ${next('sandbox info')} prints the tokens of the sandbox.`,
    });
  }
  const hint =
    error.kind === 'network' || error.kind === 'timeout'
      ? (next: NextCommand) =>
          `Check the ping URL (--ping-url, MON_PING_URL or ${next('config get ping-url')}), your network, and HTTPS_PROXY/NO_PROXY.`
      : error.nextStep;
  const reason = error.message.charAt(0).toLowerCase() + error.message.slice(1);
  return new ApiError(error.kind, `The ping to ${url} failed: ${reason}`, {
    status: error.status,
    attempts: error.attempts,
    hint,
  });
}

/** --dry-run: the request, with the token masked (a document: the method and the URL). */
export async function printPingDryRun(ctx: Pick<Ctx, 'io' | 'globals'>, target: PingTarget): Promise<void> {
  const { method } = pingRequest(target);
  const query = target.query ? `?${new URLSearchParams(target.query).toString()}` : '';
  const url = `${maskedPingUrl(target)}${query}`;
  const request = `${method} ${url}`;
  await showOutcome(ctx, {
    json: { method, url, body: null },
    id: request,
    record: {
      json: undefined,
      title: 'Ping (dry run)',
      fields: [
        { label: 'Method', key: 'method', value: method },
        { label: 'URL', key: 'url', value: url },
      ],
      drawn: { table: (io) => io.outRaw(`${request}\n`) },
    },
    note: 'Dry run: nothing was sent (the token is masked here; no API key is sent with a ping).',
  });
}
