import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { rewordNotFound } from '../errors';
import { pages } from '../paginate';
import { PAGE_LIMIT } from '../schemas/enums';
import type { Service } from '../schemas/incidents';
import type { StatusPage } from '../schemas/statusPages';
import { pageServices } from '../answers';
import { readResponse } from '../read';
import { sanitize } from '../../text/escape';

type Client = Pick<ApiClient, 'request'>;

export function statusPageListRequest(query: { limit?: number; nextId?: string }): ApiRequest {
  return { method: 'GET', path: '/v1/status-pages', query };
}

/** The pages of GET /v1/status-pages, from `nextId` (or the start). */
export function statusPagePages(client: Client, query: { limit?: number; nextId?: string }) {
  return pages(client, statusPageListRequest(query), 'statusPageList');
}

/** A service, with the status page and the card that show it. */
export interface ServiceEntry {
  service: Service;
  page: StatusPage;
  card: string;
}

/** Every service on every status page (one paginated read: status pages carry no incident history). */
export async function serviceDirectory(client: Client): Promise<ServiceEntry[]> {
  const entries: ServiceEntry[] = [];
  for await (const { page } of statusPagePages(client, { limit: PAGE_LIMIT.max })) {
    for (const statusPage of page.entries) {
      for (const { card, service } of pageServices(statusPage)) entries.push({ service, page: statusPage, card });
    }
  }
  return entries;
}

export function getStatusPageRequest(id: string): ApiRequest {
  return { method: 'GET', path: `/v1/status-pages/${pathSegment(id)}` };
}

/** GET /v1/status-pages/{statusPageId}: one page with its cards and services (and its open incidents). */
export async function getStatusPage(client: Client, id: string): Promise<{ page: StatusPage; raw: unknown }> {
  const request = getStatusPageRequest(id);
  try {
    const response = await client.request(request);
    return { page: await readResponse('statusPage', response, request), raw: response.body };
  } catch (error) {
    throw rewordNotFound(
      error,
      `Status page "${sanitize(id)}" was not found.`,
      (next) => `${next('status-pages list')} shows the status pages.`,
    );
  }
}
