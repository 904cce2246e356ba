import type { z } from 'zod';
import { ApiError } from './errors';
import type { ApiClient } from './client';
import type { ApiRequest } from './request';
import { parseResponse } from './validate';
import { sanitize } from '../text/escape';

export interface Page<T> {
  length: number;
  entries: T[];
  nextId?: string | null | undefined;
}

/** How many pages in a row may come without entries before paging stops. */
export const MAX_EMPTY_PAGES = 100;

/**
 * Stops paging that would never end: a `nextId` seen before (a loop), or page after page
 * without entries but with a new `nextId` each time (at most MAX_EMPTY_PAGES of those).
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private empty = 0;
  constructor(private readonly path: string) {}

  /** The page just read had `count` entries and points at `nextId`: throws when paging must stop. */
  next(count: number, nextId: string): void {
    if (this.seen.has(nextId)) {
      throw new ApiError(
        'response',
        `The server returned nextId ${sanitize(JSON.stringify(nextId))} twice while paging ${this.path}; stopping instead of looping. What was printed is not the whole list.`,
      );
    }
    this.seen.add(nextId);
    this.empty = count === 0 ? this.empty + 1 : 0;
    if (this.empty >= MAX_EMPTY_PAGES) {
      throw new ApiError(
        'response',
        `The server sent ${MAX_EMPTY_PAGES} pages in a row without entries while paging ${this.path} (each with a new nextId); stopping. What was printed is not the whole list.`,
      );
    }
  }
}

/**
 * The pages of a `nextId`-paginated list, one request per page, as an async iterator
 * (`for await (const page of pages(...))`). Stops when `nextId` is null or missing.
 */
export async function* pages<S extends z.ZodType<Page<unknown>>>(
  client: Pick<ApiClient, 'request'>,
  request: ApiRequest,
  schema: S,
): AsyncGenerator<{ page: z.infer<S>; raw: unknown }> {
  const guard = new PageGuard(request.path);
  let nextId = request.query?.nextId ?? undefined;
  for (;;) {
    const pageRequest = { ...request, query: { ...request.query, nextId } };
    const response = await client.request(pageRequest);
    const page = parseResponse(schema, response, pageRequest);
    yield { page, raw: response.body };
    const following = page.nextId;
    if (following === null || following === undefined || following === '') return;
    guard.next(page.entries.length, following);
    nextId = following;
  }
}

/** Every entry of every page (`for await (const incident of entries(...))`). */
export async function* entries<T>(
  client: Pick<ApiClient, 'request'>,
  request: ApiRequest,
  schema: z.ZodType<Page<T>>,
): AsyncGenerator<T> {
  for await (const { page } of pages(client, request, schema)) yield* page.entries;
}
