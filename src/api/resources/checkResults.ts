import { sanitize } from '../../text/escape';
import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { rewordNotFound } from '../errors';
import { numberedPages } from '../paginate';
import type { CheckResult } from '../schemas/checkResults';
import type { Location, ReportedCheckType } from '../schemas/checkValues';
import { CHECK_RESULTS_LIMIT, type ResultType } from '../schemas/enums';
import { readResponse } from '../read';
import type { NextCommand } from '../../text/next';

/*
 * Check results (the public description's /v1/check-results/{checkId}): a check's runs,
 * newest first, from a window of at most 6 hours. A result counts as failed when hasFailures
 * or hasErrors is true. Each request as data and its call.
 */

type Client = Pick<ApiClient, 'request'>;

const resultsPath = (checkId: string) => `/v1/check-results/${pathSegment(checkId)}`;

const checkNotFound = (error: unknown, checkId: string) =>
  rewordNotFound(
    error,
    `Check "${sanitize(checkId)}" was not found.`,
    (next: NextCommand) => `${next('checks list')} shows the checks and their IDs.`,
  );

/** The list's query as mon asks for it; `from` and `to` are UNIX seconds, at most 6 hours apart. */
export interface CheckResultsOptions {
  page?: number;
  limit?: number;
  location?: Location;
  checkType?: ReportedCheckType;
  hasFailures?: boolean;
  resultType?: ResultType;
  from?: number;
  to?: number;
}

/** GET /v1/check-results/{checkId}: one page. `limit` is always sent (the API's default, 10). */
export function checkResultsRequest(
  checkId: string,
  options: CheckResultsOptions = {},
): ApiRequest & { query: { limit: number; page?: number } } {
  const { limit = CHECK_RESULTS_LIMIT.default, page, location, checkType, hasFailures, resultType, from, to } = options;
  const query = { limit, page, location, checkType, hasFailures, resultType, from, to };
  // Only what is given goes out (in this order).
  for (const key of Object.keys(query) as (keyof typeof query)[]) if (query[key] === undefined) delete query[key];
  return { method: 'GET', path: resultsPath(checkId), query };
}

/** The pages of a check's results from `options.page` (or 1), newest first, each `{entries, raw, page}`. */
export async function* checkResultPages(client: Client, checkId: string, options: CheckResultsOptions = {}) {
  try {
    yield* numberedPages(client, checkResultsRequest(checkId, options), 'checkResultList');
  } catch (error) {
    throw checkNotFound(error, checkId);
  }
}

export function checkResultRequest(checkId: string, resultId: string): ApiRequest {
  return { method: 'GET', path: `${resultsPath(checkId)}/${pathSegment(resultId)}` };
}

/** GET /v1/check-results/{checkId}/{checkResultId}. */
export async function getCheckResult(
  client: Client,
  checkId: string,
  resultId: string,
): Promise<{ result: CheckResult; raw: unknown }> {
  const request = checkResultRequest(checkId, resultId);
  try {
    const response = await client.request(request);
    return { result: await readResponse('checkResult', response, request), raw: response.body };
  } catch (error) {
    throw rewordNotFound(
      error,
      `Result "${sanitize(resultId)}" of check "${sanitize(checkId)}" was not found.`,
      (next: NextCommand) => `${next(`checks results ${checkId}`)} lists the check's recent results and their IDs.`,
    );
  }
}
