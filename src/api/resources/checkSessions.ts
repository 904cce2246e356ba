import { sanitize } from '../../text/escape';
import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { ApiError, rewordNotFound } from '../errors';
import type { CheckSession, CheckSessionTriggerBody } from '../schemas/checkSessions';
import { readResponse } from '../read';
import type { NextCommand } from '../../text/next';

/*
 * Check sessions (the public description's /v1/check-sessions): checks run now, one session
 * per check, and awaited. Each request as data (for --dry-run and plans) and its call.
 */

type Client = Pick<ApiClient, 'request'>;

const sessionPath = (id: string) => `/v1/check-sessions/${pathSegment(id)}`;

const sessionNotFound = (error: unknown, id: string) =>
  rewordNotFound(error, `Check session "${sanitize(id)}" was not found.`);

/** POST /v1/check-sessions/trigger: runs the checks the target names (201, a session per check). */
export function triggerCheckSessionsRequest(body: CheckSessionTriggerBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/check-sessions/trigger',
    body,
    uncertainHint: (next: NextCommand) =>
      `The checks may have been started even so: their results show in ${next('checks results CHECK')}; running them again runs them twice.`,
  };
}

export async function triggerCheckSessions(
  client: Client,
  body: CheckSessionTriggerBody,
): Promise<{ sessions: CheckSession[]; raw: unknown }> {
  const request = triggerCheckSessionsRequest(body);
  try {
    const response = await client.request(request);
    return { sessions: (await readResponse('triggeredSessions', response, request)).sessions, raw: response.body };
  } catch (error) {
    // The description's 404 here: no check matched the target.
    throw rewordNotFound(
      error,
      'No check matches: nothing was run.',
      (next: NextCommand) =>
        `${next('checks list')} shows the checks, their IDs and tags (heartbeat monitors and deactivated checks cannot be run).`,
    );
  }
}

export function checkSessionRequest(id: string): ApiRequest {
  return { method: 'GET', path: sessionPath(id) };
}

/** GET /v1/check-sessions/{id}: the session as it is now (its results once it is done). */
export async function getCheckSession(client: Client, id: string): Promise<{ session: CheckSession; raw: unknown }> {
  const request = checkSessionRequest(id);
  try {
    const response = await client.request(request);
    return { session: await readResponse('checkSession', response, request), raw: response.body };
  } catch (error) {
    throw sessionNotFound(error, id);
  }
}

/** GET /v1/check-sessions/{id}/completion?maxWaitSeconds=N (1 to 30). */
export function checkSessionCompletionRequest(id: string, maxWaitSeconds: number): ApiRequest {
  return { method: 'GET', path: `${sessionPath(id)}/completion`, query: { maxWaitSeconds } };
}

/**
 * Waits (on the server) up to `maxWaitSeconds` for a session to finish: the finished session,
 * or `done: false` when the server answered 408 (still running: ask again). The client's own
 * timeout must be longer than the wait.
 */
export async function awaitCheckSession(
  client: Client,
  id: string,
  maxWaitSeconds: number,
): Promise<{ done: true; session: CheckSession; raw: unknown } | { done: false }> {
  const request = checkSessionCompletionRequest(id, maxWaitSeconds);
  try {
    const response = await client.request(request);
    return { done: true, session: await readResponse('checkSession', response, request), raw: response.body };
  } catch (error) {
    if (error instanceof ApiError && error.status === 408) return { done: false };
    throw sessionNotFound(error, id);
  }
}
