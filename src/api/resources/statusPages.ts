import type { ApiClient } from '../client';
import type { ApiRequest } from '../request';
import { pages } from '../paginate';
import { statusPageListSchema } from '../schemas/statusPages';

type Client = Pick<ApiClient, 'request'>;

export function statusPageListRequest(query: { limit?: number; nextId?: string }): ApiRequest {
  return { method: 'GET', path: '/v1/status-pages', query };
}

/** The pages of GET /v1/status-pages, from `nextId` (or the start). */
export function statusPagePages(client: Client, query: { limit?: number; nextId?: string }) {
  return pages(client, statusPageListRequest(query), statusPageListSchema);
}
