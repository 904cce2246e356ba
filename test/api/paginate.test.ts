/**
 * Page-numbered lists (api/paginate.ts's numberedPages, GET /v1/checks): the pages asked for,
 * where they stop, and the bounds against a server that would never stop; the bounds of a
 * list that follows nextId without end, through the commands that read one.
 */
import { describe, expect, it } from 'vitest';
import { numberedPages, pagingBounds, PagingStopped, type PagingBounds } from '../../src/api/paginate';
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
    client.paging = { maxPages: 3, maxEntries: 100_000, maxBytes: 1 << 30 };
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
  it('--all --json stops after 1,000 pages, exit 1 saying so; what was printed is left open, not valid JSON', async () => {
    const target = await endless(1);
    const result = await mon('status-pages list --all --json', { env: serverEnv(target) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Stopped paging /v1/status-pages after 1,000 pages (1,000 entries): mon reads at most 1,000 pages of a list',
    );
    expect(result.stderr).toContain('MON_MAX_PAGES');
    expect(target.received).toHaveLength(1000);
    // Part of a list is never taken for all of it: the array is not closed.
    expect(() => JSON.parse(result.stdout)).toThrow();
    expect(result.stdout.endsWith(`${JSON.stringify(statusPage(999), null, 2).replace(/\n/g, '\n  ')}\n`)).toBe(true);
    expect(JSON.parse(`${result.stdout}]`)).toHaveLength(1000);
  });

  it('api --paginate --jq: MON_MAX_ENTRIES bounds the entries held; past it jq prints nothing', async () => {
    const target = await endless(100);
    const result = await mon('api /v1/status-pages --paginate --jq length', {
      env: serverEnv(target, { MON_MAX_ENTRIES: '250' }),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
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

  it('MON_MAX_BYTES: pages up to the bound are read, and the page past it is not used (exit 1, how to ask for less)', async () => {
    // Four pages, the last pointing nowhere: the bytes of all four, as the server sends them.
    const bodies = [0, 1, 2, 3].map((at) =>
      JSON.stringify({ length: 1, entries: [statusPage(at)], nextId: at < 3 ? String(at + 1) : null }),
    );
    const target = await jsonServer((req) =>
      JSON.parse(bodies[Number(new URL(req.url!, 'http://x').searchParams.get('nextId') ?? '0')]!),
    );
    const all = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
    const fits = await mon('status-pages list --all --json', {
      env: serverEnv(target, { MON_MAX_BYTES: String(all) }),
    });
    expect(fits.code, fits.stderr).toBe(0);
    expect(JSON.parse(fits.stdout)).toHaveLength(4);
    const over = await mon('status-pages list --all --jq length', {
      env: serverEnv(target, { MON_MAX_BYTES: String(all - 1) }),
    });
    expect(over.code).toBe(1);
    expect(over.stdout).toBe('');
    expect(over.stderr).toContain('Stopped paging /v1/status-pages at page 4 (3 entries before it)');
    expect(over.stderr).toContain(`more than the ${all - 1} bytes mon reads of a list`);
    expect(over.stderr).toContain('one page (--limit N without --all), or a filter (--status');
    expect(over.stderr).toContain('MON_MAX_BYTES=N');
    const table = await mon('status-pages list --all', { env: serverEnv(target, { MON_MAX_BYTES: String(all - 1) }) });
    expect(table.code).toBe(1);
    expect(table.stdout).toBe('');
  });

  it('reads at most 1,000 pages, 100,000 entries and 128 MiB of a list unless told otherwise', () => {
    expect(pagingBounds({})).toEqual({ maxPages: 1000, maxEntries: 100_000, maxBytes: 128 * 1024 * 1024 });
    expect(pagingBounds({ MON_MAX_BYTES: '512MiB' }).maxBytes).toBe(512 * 1024 * 1024);
    expect(pagingBounds({ MON_MAX_BYTES: '3 KiB' }).maxBytes).toBe(3072);
    expect(pagingBounds({ MON_MAX_BYTES: '1' }).maxBytes).toBe(1);
    expect(() => pagingBounds({ MON_MAX_BYTES: '0' })).toThrow('MON_MAX_BYTES must be a whole number from 1');
  });

  it('an invalid bound is exit 2 naming the variable, nothing sent', async () => {
    const target = await endless(1);
    const result = await mon('status-pages list --all', { env: serverEnv(target, { MON_MAX_PAGES: 'lots' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MON_MAX_PAGES must be a whole number from 1');
    expect(target.received).toEqual([]);
    const bytes = await mon('status-pages list --all', { env: serverEnv(target, { MON_MAX_BYTES: '2 TB' }) });
    expect(bytes.code).toBe(2);
    expect(bytes.stderr).toContain(
      'MON_MAX_BYTES must be a whole number from 1 (bytes, or with KiB, MiB or GiB: 512MiB) (got "2 TB")',
    );
    expect(target.received).toEqual([]);
  });
});
