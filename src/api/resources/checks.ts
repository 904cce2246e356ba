import { sanitize } from '../../text/escape';
import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { ApiError, rewordNotFound, statusLabel } from '../errors';
import type { Hint } from '../../text/next';
import { numberedPages } from '../paginate';
import type { Check, CheckListQuery, CheckStatus } from '../schemas/checkReads';
import type { CheckResponse } from '../schemas/checkResponses';
import type {
  CheckUpdateBody,
  CombinedCheckCreateBody,
  DnsCheckCreateBody,
  DnsCheckUpdateBody,
} from '../schemas/checks';
import { PAGE_LIMIT } from '../schemas/enums';
import { readResponse } from '../read';
import type { NextCommand } from '../../text/next';

type Client = Pick<ApiClient, 'request'>;

export interface CreateCheckOptions {
  /** false: do not subscribe the new check to every alert channel (the API's default is true). */
  autoAssignAlerts?: boolean;
}

const UNCERTAIN: Hint = (next) =>
  `The check may have been created even so: look for it with ${next('checks list')} before running this again, or you may get a duplicate.`;

function query(options: CreateCheckOptions): ApiRequest['query'] {
  return options.autoAssignAlerts === false ? { autoAssignAlerts: false } : undefined;
}

export function createDnsCheckRequest(body: DnsCheckCreateBody, options: CreateCheckOptions = {}): ApiRequest {
  return { method: 'POST', path: '/v1/checks/dns', query: query(options), body, uncertainHint: UNCERTAIN };
}

/** The deprecated combined operation (POST /v1/checks). */
export function createCheckRequest(body: CombinedCheckCreateBody, options: CreateCheckOptions = {}): ApiRequest {
  return { method: 'POST', path: '/v1/checks', query: query(options), body, uncertainHint: UNCERTAIN };
}

export function createDnsCheck(client: Client, body: DnsCheckCreateBody, options: CreateCheckOptions = {}) {
  return sendCreate(client, createDnsCheckRequest(body, options), 'dnsCheck');
}

export function createCheck(client: Client, body: CombinedCheckCreateBody, options: CreateCheckOptions = {}) {
  return sendCreate(client, createCheckRequest(body, options), 'createdCheck');
}

async function sendCreate(
  client: Client,
  request: ApiRequest,
  answer: 'dnsCheck' | 'createdCheck',
): Promise<{ check: CheckResponse; raw: unknown }> {
  const response = await client.request(request).catch((error: unknown) => {
    throw rewordPlanLimit(error);
  });
  return { check: await readResponse(answer, response, request), raw: response.body };
}

/** A 402 on a check creation means one thing: the plan allows no more checks. */
export function rewordPlanLimit(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'plan-limit') return error;
  const said = error.serverMessage ? `: ${sanitize(error.serverMessage)}` : '';
  return new ApiError(
    'plan-limit',
    `The plan's limit on the number of checks is reached, so no check was created (${statusLabel(error.status ?? 402)}${said}).`,
    {
      status: error.status,
      serverMessage: error.serverMessage,
      requestId: error.requestId,
      hint: 'Delete checks you no longer need or upgrade the plan, then run the command again.',
    },
  );
}

/* The reads and the delete (the public OpenAPI description's operations beyond the spec). */

const checkPath = (id: string) => `/v1/checks/${pathSegment(id)}`;

const checkNotFound = (error: unknown, id: string) =>
  rewordNotFound(
    error,
    `Check "${sanitize(id)}" was not found.`,
    (next) => `${next('checks list')} shows the checks and their IDs.`,
  );

/** GET /v1/checks: one page. `limit` is always sent (the API's default, 10, is not mon's 20). */
function checkListRequest(query: CheckListQuery): ApiRequest & { query: { limit: number } } {
  const { tag, ...rest } = query;
  return {
    method: 'GET',
    path: '/v1/checks',
    query: { ...rest, limit: query.limit ?? PAGE_LIMIT.default, ...(tag?.length ? { tag } : {}) },
  };
}

/** The pages of GET /v1/checks from `query.page` (or 1), each `{entries, raw, page}`. */
export function checkPages(client: Client, query: CheckListQuery) {
  return numberedPages(client, checkListRequest(query), 'checkList');
}

/** Every check that matches `query` (every page, within MON_MAX_PAGES / MON_MAX_ENTRIES). */
export async function allChecks(client: Client, query: Omit<CheckListQuery, 'page' | 'limit'> = {}): Promise<Check[]> {
  const found: Check[] = [];
  for await (const { entries } of checkPages(client, { ...query, limit: PAGE_LIMIT.max })) found.push(...entries);
  return found;
}

export function getCheckRequest(id: string): ApiRequest {
  return { method: 'GET', path: checkPath(id) };
}

export async function getCheck(client: Client, id: string): Promise<{ check: Check; raw: unknown }> {
  const request = getCheckRequest(id);
  try {
    const response = await client.request(request);
    return { check: await readResponse('check', response, request), raw: response.body };
  } catch (error) {
    throw checkNotFound(error, id);
  }
}

export function deleteCheckRequest(id: string): ApiRequest {
  return {
    method: 'DELETE',
    path: checkPath(id),
    // 204, no body (any 2xx is success).
    anyBody: true,
    uncertainHint: (next) => `Check with ${next(`checks get ${id}`)} whether the check is still there before retrying.`,
  };
}

/** DELETE /v1/checks/{id} (204; any 2xx is success). */
export async function deleteCheck(client: Client, id: string): Promise<void> {
  try {
    await client.request(deleteCheckRequest(id));
  } catch (error) {
    throw checkNotFound(error, id);
  }
}

/*
 * Updates (PUT): what the body gives replaces the stored value, the rest stays. mon never
 * sends autoAssignAlerts with an update (the subscriptions change only as the body says).
 */

/** PUT /v1/checks/{id}: any check's configuration (a DNS check's request: PUT /v1/checks/dns/{id} is clearer). */
export function updateCheckRequest(id: string, body: CheckUpdateBody): ApiRequest {
  return { method: 'PUT', path: checkPath(id), body };
}

export async function updateCheck(
  client: Client,
  id: string,
  body: CheckUpdateBody,
): Promise<{ check: Check; raw: unknown }> {
  const request = updateCheckRequest(id, body);
  try {
    const response = await client.request(request);
    return { check: await readResponse('check', response, request), raw: response.body };
  } catch (error) {
    throw checkNotFound(error, id);
  }
}

/** PUT /v1/checks/dns/{id}: a DNS check's configuration (`name` is required). */
export function updateDnsCheckRequest(id: string, body: DnsCheckUpdateBody): ApiRequest {
  return { method: 'PUT', path: `/v1/checks/dns/${pathSegment(id)}`, body };
}

export async function updateDnsCheck(
  client: Client,
  id: string,
  body: DnsCheckUpdateBody,
): Promise<{ check: CheckResponse; raw: unknown }> {
  const request = updateDnsCheckRequest(id, body);
  try {
    const response = await client.request(request);
    return { check: await readResponse('dnsCheck', response, request), raw: response.body };
  } catch (error) {
    throw rewordNotFound(
      error,
      `DNS check "${sanitize(id)}" was not found.`,
      (next: NextCommand) => `${next('checks list --type DNS')} shows the DNS checks and their IDs.`,
    );
  }
}

export function checkStatusesRequest(): ApiRequest {
  return { method: 'GET', path: '/v1/check-statuses' };
}

/** GET /v1/check-statuses: every check's current status (not paginated). */
export async function getCheckStatuses(client: Client): Promise<{ statuses: CheckStatus[]; raw: unknown }> {
  const request = checkStatusesRequest();
  const response = await client.request(request);
  const statuses = await readResponse('checkStatusList', response, request);
  return { statuses: statuses.filter((status): status is CheckStatus => status !== null), raw: response.body };
}

export function checkStatusRequest(checkId: string): ApiRequest {
  return { method: 'GET', path: `/v1/check-statuses/${pathSegment(checkId)}` };
}

/** GET /v1/check-statuses/{checkId}; null when the API answers null (no status yet). */
export async function getCheckStatus(
  client: Client,
  checkId: string,
): Promise<{ status: CheckStatus | null; raw: unknown }> {
  const request = checkStatusRequest(checkId);
  try {
    const response = await client.request(request);
    const body = response.body ?? null;
    return { status: await readResponse('checkStatus', { ...response, body }, request), raw: body };
  } catch (error) {
    throw checkNotFound(error, checkId);
  }
}
