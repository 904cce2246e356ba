import { ApiError, statusLabel } from '../api/errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';
import type { Hint, NextCommand } from '../text/next';

/*
 * Credentials checked, not assumed: when the server refuses the key (401) or the account
 * (403), say which key it was, where it came from, and what to do about that source.
 */

/** Where a key came from (a Setting's source, or "input" for a key typed into `auth login`). */
export function keyOrigin(source: string): string {
  if (source === 'input') return 'the key you entered';
  if (source.startsWith('profile ')) return `the key stored in ${source}`;
  if (source.startsWith('the embedded sandbox')) return "the embedded sandbox's key";
  return `the key from ${source}`;
}

function whatToDo(source: string, profile: string, storedKey: () => boolean): Hint {
  if (source === 'input') return 'Check the key (and the base URL and account ID); nothing was saved.';
  return (next) => {
    const login = next(profile === 'default' ? 'auth login' : `--profile ${profile} auth login`);
    const status = next(profile === 'default' ? 'auth status' : `--profile ${profile} auth status`);
    if (source.startsWith('profile ')) return `Run ${login} to store a working key (${status} checks it).`;
    // The stored key is named only when there is one.
    return storedKey()
      ? `Set ${source} to a working key, or unset it to use the key stored in profile "${profile}" (${status} checks it).`
      : `Set ${source} to a working key, or unset it and run ${login} to store one (${status} checks it).`;
  };
}

/**
 * A 401 or 403 reworded to name the key's origin; any other error as it is. `storedKey`: does
 * the profile hold a key (asked only when the rejected one came from the environment)?
 */
export function rejectedKey(
  error: unknown,
  source: string,
  profile: string,
  storedKey: () => boolean = () => false,
): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'auth' || (error.status !== 401 && error.status !== 403))
    return error;
  const origin = keyOrigin(source);
  const said = `${statusLabel(error.status)}${error.serverMessage ? `: ${sanitize(error.serverMessage)}` : ''}`;
  const message =
    error.status === 401
      ? `Authentication failed: ${origin} was rejected (${said}).`
      : `Access denied: ${origin} does not give access to this account (${said}).`;
  const hint =
    error.status === 401
      ? whatToDo(source, profile, storedKey)
      : (next: NextCommand) =>
          `Check that the key belongs to the account ID in use (--account, MON_ACCOUNT_ID or the profile; ${next('auth status')} shows both and where they come from).`;
  return new ApiError('auth', message, {
    status: error.status,
    serverMessage: error.serverMessage,
    requestId: error.requestId,
    hint,
  });
}

/** Does the profile hold a key? (false when the config cannot be read: a hint never points at what may not be there) */
export function hasStoredKey(ctx: Pick<Ctx, 'config'>, profile: string): boolean {
  try {
    return Boolean(ctx.config().profile(profile)?.['api-key']);
  } catch {
    return false;
  }
}
