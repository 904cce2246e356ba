import type { z } from 'zod';
import { ApiError } from './errors';
import type { ApiClient } from './client';
import type { ApiRequest } from './request';
import { parseResponse } from './validate';

export interface Page<T> {
  length: number;
  entries: T[];
  nextId?: string | null | undefined;
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
  const seen = new Set<string>();
  let nextId = request.query?.nextId ?? undefined;
  for (;;) {
    const pageRequest = { ...request, query: { ...request.query, nextId } };
    const response = await client.request(pageRequest);
    const page = parseResponse(schema, response, pageRequest);
    yield { page, raw: response.body };
    const following = page.nextId;
    if (following === null || following === undefined || following === '') return;
    if (seen.has(following)) {
      throw new ApiError(
        'response',
        `The server returned nextId ${JSON.stringify(following)} twice while paging ${request.path}; stopping instead of looping.`,
      );
    }
    seen.add(following);
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
