/**
 * Page-numbered lists (api/paginate.ts's numberedPages, GET /v1/checks): the pages asked for,
 * where they stop, and the bounds against a server that would never stop; the bounds of a
 * list that follows nextId without end, through the commands that read one.
 */
import { describe, expect, it } from 'vitest';
import { numberedPages, PagingStopped, type PagingBounds } from '../../src/api/paginate';
import type { ApiRequest, ApiResponse } from '../../src/api/request';
import { jsonServer, mon, serverEnv } from '../helpers';

/** A server of `total` entries (e0, e1, ...), or one that answers every page with `answer(page)`. */
function server(options: { total?: number; answer?: (page: number, limit: number) => { id: string }[] }) {
  const asked: ApiRequest[] = [];
  const client = {
    paging: undefined as PagingBounds | undefined,
    async request<T>(request: ApiRequest): Promise<ApiResponse<T>> {
      asked.push(request);
      const page = Number(request.query?.page);
      const limit = Number(request.query?.limit);
      const entries =
        options.answer?.(page, limit) ??
        Array.from({ length: options.total ?? 0 }, (_, i) => ({ id: `e${i}` })).slice((page - 1) * limit, page * limit);
      const body = entries.map((entry) => ({ ...entry, name: `Check ${entry.id}`, checkType: 'DNS' }));
      return { status: 200, headers: {}, body: body as T, text: JSON.stringify(body) };
    },
  };
  return { client, asked };
}

async function read(client: ReturnType<typeof server>['client'], query: { limit: number; page?: number }) {
  const pages: { page: number; ids: string[] }[] = [];
  for await (const { entries, page } of numberedPages(
    client,
    { method: 'GET', path: '/v1/checks', query },
    'checkList',
  )) {
    pages.push({ page, ids: entries.map((entry) => entry.id) });
  }
  return pages;
}

describe('numberedPages', () => {
  it('asks page 1, 2, 3 ... and stops after the first page shorter than the limit', async () => {
    const { client, asked } = server({ total: 5 });
    expect(await read(client, { limit: 2 })).toEqual([
      { page: 1, ids: ['e0', 'e1'] },
      { page: 2, ids: ['e2', 'e3'] },
      { page: 3, ids: ['e4'] },
    ]);
    expect(asked.map((request) => request.query)).toEqual([
      { limit: 2, page: 1 },
      { limit: 2, page: 2 },
      { limit: 2, page: 3 },
    ]);
  });

  it('reads one empty page more when the list ends on a full page, and starts where asked', async () => {
    const { client, asked } = server({ total: 4 });
    expect(await read(client, { limit: 2, page: 2 })).toEqual([
      { page: 2, ids: ['e2', 'e3'] },
      { page: 3, ids: [] },
    ]);
    expect(asked).toHaveLength(2);
  });

  it('stops at MON_MAX_PAGES with an error saying the list is not whole', async () => {
    const { client, asked } = server({ total: 1000 });
    client.paging = { maxPages: 3, maxEntries: 100_000 };
    const pages: number[] = [];
    const error = await (async () => {
      for await (const { page } of numberedPages(
        client,
        { method: 'GET', path: '/v1/checks', query: { limit: 10 } },
        'checkList',
      ))
        pages.push(page);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PagingStopped);
    expect((error as Error).message).toContain('Stopped paging /v1/checks after 3 pages (30 entries)');
    expect(pages).toEqual([1, 2, 3]);
    expect(asked).toHaveLength(3);
  });

  it('stops at the second page when the server answers every page with the same entries (it ignores `page`)', async () => {
    const { client, asked } = server({ answer: () => [{ id: 'a' }, { id: 'b' }] });
    const error = await read(client, { limit: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PagingStopped);
    expect((error as Error).message).toBe(
      'The server answered page 2 of /v1/checks with the entries of page 1; stopping instead of reading them again. What was printed is not the whole list.',
    );
    expect(asked).toHaveLength(2);
  });
});

const statusPage = (n: number) => ({ id: `page-${n}`, name: `Page ${n}`, url: `page-${n}` });

/** Status pages without end: `perPage` entries a page, each page pointing at a new one. */
const endless = (perPage: number) =>
  jsonServer((req) => {
    const at = Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0');
    const entries = Array.from({ length: perPage }, (_, i) => statusPage(at * perPage + i));
    return { length: entries.length, entries, nextId: String(at + 1) };
  });

describe('a list that never ends', () => {
  it('--all --json stops after 1,000 pages, exit 1 saying so; what was printed is one whole JSON array', async () => {
    const target = await endless(1);
    const result = await mon('status-pages list --all --json', { env: serverEnv(target) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Stopped paging /v1/status-pages after 1,000 pages (1,000 entries): mon reads at most 1,000 pages of a list',
    );
    expect(result.stderr).toContain('MON_MAX_PAGES');
    expect(target.received).toHaveLength(1000);
    const printed = JSON.parse(result.stdout) as { id: string }[];
    expect(printed).toHaveLength(1000);
    expect(printed.at(-1)).toEqual(statusPage(999));
  });

  it('api --paginate --jq: MON_MAX_ENTRIES bounds the entries held; jq sees those read', async () => {
    const target = await endless(100);
    const result = await mon('api /v1/status-pages --paginate --jq length', {
      env: serverEnv(target, { MON_MAX_ENTRIES: '250' }),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('300\n');
    expect(result.stderr).toContain('after 3 pages (300 entries): mon reads at most 250 entries');
    expect(result.stderr).toContain('MON_MAX_ENTRIES');
    expect(target.received).toHaveLength(3);
  });

  it('incidents list --all (a table): exit 1 at the bound MON_MAX_PAGES sets', async () => {
    const target = await jsonServer((req) => {
      const at = Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0');
      const incident = {
        id: `inc-${at}`,
        name: `Incident ${at}`,
        severity: 'MINOR',
        services: [],
        incidentUpdates: [],
        lastUpdateStatus: 'RESOLVED',
        created_at: '2026-03-01T10:00:00.000Z',
      };
      return { length: 1, entries: [incident], nextId: String(at + 1) };
    });
    const result = await mon('incidents list --all --status all', { env: serverEnv(target, { MON_MAX_PAGES: '5' }) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('after 5 pages (5 entries): mon reads at most 5 pages');
    expect(target.received).toHaveLength(5);
  });

  it('an invalid bound is exit 2 naming the variable, nothing sent', async () => {
    const target = await endless(1);
    const result = await mon('status-pages list --all', { env: serverEnv(target, { MON_MAX_PAGES: 'lots' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MON_MAX_PAGES must be a whole number from 1');
    expect(target.received).toEqual([]);
  });
});
