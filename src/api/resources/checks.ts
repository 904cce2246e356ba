import { sanitize } from '../../text/escape';
import type { ApiClient } from '../client';
import type { ApiRequest } from '../request';
import { ApiError, statusLabel } from '../errors';
import { checkResponseSchema, dnsCheckResponseSchema, type CheckResponse } from '../schemas/checkResponses';
import { type CombinedCheckCreateBody, type DnsCheckCreateBody } from '../schemas/checks';
import { parseResponse } from '../validate';

type Client = Pick<ApiClient, 'request'>;

export interface CreateCheckOptions {
  /** false: do not subscribe the new check to every alert channel (the API's default is true). */
  autoAssignAlerts?: boolean;
}

const UNCERTAIN =
  'The check may have been created even so: look for it in your account before running this again, or you may get a duplicate.';

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
  return sendCreate(client, createDnsCheckRequest(body, options), dnsCheckResponseSchema);
}

export function createCheck(client: Client, body: CombinedCheckCreateBody, options: CreateCheckOptions = {}) {
  return sendCreate(client, createCheckRequest(body, options), checkResponseSchema);
}

async function sendCreate(
  client: Client,
  request: ApiRequest,
  schema: typeof dnsCheckResponseSchema | typeof checkResponseSchema,
): Promise<{ check: CheckResponse; raw: unknown }> {
  const response = await client.request(request).catch((error: unknown) => {
    throw rewordPlanLimit(error);
  });
  return { check: parseResponse(schema, response, request), raw: response.body };
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
