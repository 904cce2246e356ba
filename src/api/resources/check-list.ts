import type { ApiRequest } from '../request';
import type { CheckListQuery } from '../schemas/checkReads';
import { PAGE_LIMIT } from '../schemas/enums';

/*
 * The check list's request, apart from the rest of checks.ts so that `mon checks list --json`
 * can send it without loading the schemas (zod): commands/checks/list.ts.
 */

/** GET /v1/checks: one page. `limit` is always sent (the API's default, 10, is not mon's 20). */
export function checkListRequest(query: CheckListQuery): ApiRequest & { query: { limit: number } } {
  const { tag, ...rest } = query;
  return {
    method: 'GET',
    path: '/v1/checks',
    query: { ...rest, limit: query.limit ?? PAGE_LIMIT.default, ...(tag?.length ? { tag } : {}) },
  };
}
