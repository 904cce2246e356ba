import { maskSecret, maskUrl } from '../../text/mask';
import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest, type ApiResponse } from '../request';
import { rewordNotFound } from '../errors';
import type {
  Availability,
  HeartbeatCheck,
  HeartbeatCreateBody,
  HeartbeatEventsResponse,
  HeartbeatUpdateBody,
} from '../schemas/heartbeats';
import { rewordPlanLimit } from './checks';
import { readResponse } from '../read';

type Client = Pick<ApiClient, 'request'>;

/** The time window of a read, as the API's query parameters (ISO 8601). */
export interface WindowQuery {
  startTime?: string;
  endTime?: string;
}

function heartbeatPath(checkId: string, what: 'events' | 'availability'): string {
  return `/v1/checks/heartbeats/${pathSegment(checkId)}/${what}`;
}

function notFoundAs(error: unknown, checkId: string): unknown {
  return rewordNotFound(
    error,
    `Heartbeat check "${checkId}" was not found.`,
    (next) =>
      `Use the check ID of a heartbeat monitor (not its ping token); ${next('sandbox info')} prints those of the sandbox.`,
  );
}

/** Whether the new or changed monitor is subscribed to every alert channel (the API's default), or only to those in the body. */
export interface HeartbeatWriteOptions {
  autoAssignAlerts?: boolean;
}

function writeQuery(options: HeartbeatWriteOptions): ApiRequest['query'] {
  return options.autoAssignAlerts === false ? { autoAssignAlerts: false } : undefined;
}

export function createHeartbeatRequest(body: HeartbeatCreateBody, options: HeartbeatWriteOptions = {}): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/checks/heartbeat',
    query: writeQuery(options),
    body,
    uncertainHint: (next) =>
      `The monitor may have been created even so: look for it with ${next('heartbeats list')} before running this again, or you may get a duplicate.`,
  };
}

/** POST /v1/checks/heartbeat: the new monitor, with its check ID and ping token. */
export async function createHeartbeat(
  client: Client,
  body: HeartbeatCreateBody,
  options: HeartbeatWriteOptions = {},
): Promise<{ check: HeartbeatCheck; raw: unknown }> {
  const request = createHeartbeatRequest(body, options);
  const response = await client.request(request).catch((error: unknown) => {
    throw rewordPlanLimit(error);
  });
  return { check: await readResponse('heartbeatCheck', response, request), raw: response.body };
}

export function updateHeartbeatRequest(
  checkId: string,
  body: HeartbeatUpdateBody,
  options: HeartbeatWriteOptions = {},
): ApiRequest {
  return {
    method: 'PUT',
    path: `/v1/checks/heartbeat/${pathSegment(checkId)}`,
    query: writeQuery(options),
    body,
  };
}

/** PUT /v1/checks/heartbeat/{id}: the monitor as changed. */
export async function updateHeartbeat(
  client: Client,
  checkId: string,
  body: HeartbeatUpdateBody,
  options: HeartbeatWriteOptions = {},
): Promise<{ check: HeartbeatCheck; raw: unknown }> {
  const request = updateHeartbeatRequest(checkId, body, options);
  try {
    const response = await client.request(request);
    return { check: await readResponse('heartbeatCheck', response, request), raw: response.body };
  } catch (error) {
    throw notFoundAs(error, checkId);
  }
}

export function heartbeatEventsRequest(checkId: string, query: WindowQuery & { limit?: number }): ApiRequest {
  return { method: 'GET', path: heartbeatPath(checkId, 'events'), query: { ...query } };
}

export async function getHeartbeatEvents(
  client: Client,
  checkId: string,
  query: WindowQuery & { limit?: number },
): Promise<{ response: HeartbeatEventsResponse; raw: unknown }> {
  const request = heartbeatEventsRequest(checkId, query);
  try {
    const response = await client.request(request);
    return { response: await readResponse('heartbeatEvents', response, request), raw: response.body };
  } catch (error) {
    throw notFoundAs(error, checkId);
  }
}

export function heartbeatAvailabilityRequest(checkId: string, query: WindowQuery): ApiRequest {
  return { method: 'GET', path: heartbeatPath(checkId, 'availability'), query: { ...query } };
}

export async function getHeartbeatAvailability(
  client: Client,
  checkId: string,
  query: WindowQuery,
): Promise<{ availability: Availability | null; raw: unknown }> {
  const request = heartbeatAvailabilityRequest(checkId, query);
  try {
    const response = await client.request(request);
    // An empty body and a JSON null both mean "no data for this period".
    const body = response.body ?? null;
    return { availability: await readResponse('availability', { ...response, body }, request), raw: body };
  } catch (error) {
    throw notFoundAs(error, checkId);
  }
}

/**
 * Where a ping goes: `{ping_url}/<token>`. The token is a secret (whoever has it can send
 * pings), so it is only ever shown masked.
 */
export interface PingTarget {
  /**
   * The ping URL without the token, e.g. https://ping.example.com or http://127.0.0.1:4010/ping;
   * a user name and password in it are sent as basic authentication, and never shown.
   */
  baseUrl: string;
  token: string;
  /** Kept from a full ping URL given with a query string. */
  query?: Record<string, string>;
}

/** The URL with the token (and a user name and password in it) masked, for messages. */
export function maskedPingUrl(target: PingTarget): string {
  return `${maskUrl(target.baseUrl)}/${maskSecret(target.token)}`;
}

/**
 * The ping: a POST without the API key (the URL is the credential). Pinging twice does no
 * harm, so it is retried like a GET (and on any 5xx), and whatever a 2xx body says is accepted.
 */
export function pingRequest(target: PingTarget): ApiRequest {
  return {
    method: 'POST',
    path: `/${pathSegment(target.token)}`,
    query: target.query,
    idempotent: true,
    retryServerErrors: true,
    anyBody: true,
    secrets: [target.token],
  };
}

export async function sendPing(client: Client, target: PingTarget): Promise<ApiResponse> {
  return client.request(pingRequest(target));
}
