import { ApiError } from './errors';
import { readResponse } from './read';
import type { ApiRequest, Requester } from './request';
import type { ResponseName, ResponseOf } from './schemas/responses';
import { sanitize } from '../text/escape';
import { UsageError } from '../errors';
import { formatBytes } from '../text/bytes';

export interface Page<T> {
  length: number;
  entries: T[];
  nextId?: string | null | undefined;
}

/** The answers that are one page of a `nextId`-paginated list, and those that are a page-numbered one (a bare array). */
type PageName = { [N in ResponseName]: ResponseOf<N> extends Page<unknown> ? N : never }[ResponseName];
type ListName = { [N in ResponseName]: ResponseOf<N> extends { id: string | number }[] ? N : never }[ResponseName];

/** How many pages in a row may come without entries before paging stops. */
export const MAX_EMPTY_PAGES = 100;

/**
 * How much one command reads of a list (`--all`, `api --paginate`): a server that always
 * answers with a new `nextId` must not make mon read (and hold) without end. 1,000 full
 * pages are 100,000 entries; entries of a few kilobytes each are 128 MiB of answers, the
 * bytes bound, which stops a server whose pages are large (2 MB each) long before the count
 * bounds would. MON_MAX_PAGES, MON_MAX_ENTRIES and MON_MAX_BYTES raise each bound.
 */
export interface PagingBounds {
  maxPages: number;
  maxEntries: number;
  /** The bodies of the pages read, in bytes as received. */
  maxBytes: number;
}
const MIB = 1024 * 1024;
export const DEFAULT_PAGING: PagingBounds = { maxPages: 1000, maxEntries: 100_000, maxBytes: 128 * MIB };

/** MON_MAX_BYTES: a whole number of bytes, or of KiB, MiB or GiB (`512MiB`). */
const BYTES = /^(\d+)\s*(KiB|MiB|GiB)?$/i;
const UNIT_BYTES: Record<string, number> = { kib: 1024, mib: MIB, gib: 1024 * MIB };

/** The bounds from MON_MAX_PAGES, MON_MAX_ENTRIES (whole numbers from 1) and MON_MAX_BYTES, or the defaults. */
export function pagingBounds(env: NodeJS.ProcessEnv): PagingBounds {
  const read = (variable: string, fallback: number, bytes = false): number => {
    const text = env[variable];
    if (text === undefined || text === '') return fallback;
    const match = (bytes ? BYTES : /^(\d+)$/).exec(text.trim());
    const value = match ? Number(match[1]) * (UNIT_BYTES[match[2]?.toLowerCase() ?? ''] ?? 1) : NaN;
    if (!(value >= 1) || !Number.isSafeInteger(value))
      throw new UsageError(
        `${variable} must be a whole number from 1${bytes ? ' (bytes, or with KiB, MiB or GiB: 512MiB)' : ''} (got ${sanitize(JSON.stringify(text))}).`,
      );
    return value;
  };
  return {
    maxPages: read('MON_MAX_PAGES', DEFAULT_PAGING.maxPages),
    maxEntries: read('MON_MAX_ENTRIES', DEFAULT_PAGING.maxEntries),
    maxBytes: read('MON_MAX_BYTES', DEFAULT_PAGING.maxBytes, true),
  };
}

/**
 * Paging stopped before the end of the list (exit 1): what was printed is not all of it, and
 * an array printed entry by entry (`--all --json`) is left unclosed, so that it is not taken
 * for the whole list (it is not valid JSON).
 */
export class PagingStopped extends ApiError {}

/** How to ask for less than a whole list, for every command that pages (and `mon api`). */
const NARROW =
  "Ask for less: one page (--limit N without --all), or a filter (--status, --service, --since, --type, --tag...: the command's --help lists them; for `mon api`, a filter in the query of PATH)";

/** 1,000-style (toLocaleString would load ICU's number formats). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Stops paging that would never end: a `nextId` seen before (a loop), page after page
 * without entries but with a new `nextId` each time (at most MAX_EMPTY_PAGES of those), or
 * more pages or entries than the bounds allow.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private empty = 0;
  private pages = 0;
  private entries = 0;
  private bytes = 0;
  constructor(
    private readonly path: string,
    private readonly bounds: PagingBounds = DEFAULT_PAGING,
  ) {}

  /**
   * A page's body was read, `text` as received: throws before it is used when the pages read
   * so far are more than the bytes bound (what a command holds for a table or for --jq is
   * never more than that).
   */
  read(text: string): void {
    this.bytes += Buffer.byteLength(text);
    const { maxBytes } = this.bounds;
    if (this.bytes <= maxBytes) return;
    throw new PagingStopped(
      'response',
      `Stopped paging ${this.path} at page ${count(this.pages + 1)} (${count(this.entries)} entries before it): its pages so far are ${formatBytes(this.bytes)}, more than the ${formatBytes(maxBytes)} mon reads of a list. What was printed is not the whole list.`,
      { hint: `${NARROW}; or raise the bound: MON_MAX_BYTES=N (e.g. 512MiB).` },
    );
  }

  /** The page just read had `count` entries and points at `nextId`: throws when paging must stop. */
  next(entries: number, nextId: string): void {
    const notAll = 'What was printed is not the whole list.';
    if (this.seen.has(nextId)) {
      throw new PagingStopped(
        'response',
        `The server returned nextId ${sanitize(JSON.stringify(nextId))} twice while paging ${this.path}; stopping instead of looping. ${notAll}`,
      );
    }
    this.seen.add(nextId);
    this.empty = entries === 0 ? this.empty + 1 : 0;
    if (this.empty >= MAX_EMPTY_PAGES) {
      throw new PagingStopped(
        'response',
        `The server sent ${MAX_EMPTY_PAGES} pages in a row without entries while paging ${this.path} (each with a new nextId); stopping. ${notAll}`,
      );
    }
    this.pages += 1;
    this.entries += entries;
    const { maxPages, maxEntries } = this.bounds;
    if (this.pages >= maxPages || this.entries >= maxEntries) {
      const which = this.pages >= maxPages ? `${count(maxPages)} pages` : `${count(maxEntries)} entries`;
      throw new PagingStopped(
        'response',
        `Stopped paging ${this.path} after ${count(this.pages)} pages (${count(this.entries)} entries): mon reads at most ${which} of a list, and the server has more. ${notAll}`,
        {
          hint: `${NARROW}; or raise the bound: ${this.pages >= maxPages ? 'MON_MAX_PAGES' : 'MON_MAX_ENTRIES'}=N.`,
        },
      );
    }
  }
}

/**
 * The pages of a `nextId`-paginated list, one request per page, as an async iterator
 * (`for await (const page of pages(...))`). Stops when `nextId` is null or missing.
 */
export async function* pages<N extends PageName>(
  client: Requester & { paging?: PagingBounds },
  request: ApiRequest,
  answer: N,
): AsyncGenerator<{ page: ResponseOf<N>; raw: unknown }> {
  const guard = new PageGuard(request.path, client.paging);
  let nextId = request.query?.nextId ?? undefined;
  for (;;) {
    const pageRequest = { ...request, query: { ...request.query, nextId } };
    const response = await client.request(pageRequest);
    guard.read(response.text);
    const page = await readResponse(answer, response, pageRequest);
    yield { page, raw: response.body };
    const following = page.nextId;
    if (following === null || following === undefined || following === '') return;
    guard.next(page.entries.length, following);
    nextId = following;
  }
}

/**
 * The pages of a page-numbered list (`GET /v1/checks`: `page` from 1, `limit` entries each,
 * the answer a bare array), from `query.page` (or 1). A page with fewer than `limit` entries
 * is the last. Bounded as `pages` is (MON_MAX_PAGES, MON_MAX_ENTRIES), and a server that
 * answers every page number with the same entries (it ignores `page`) is stopped at the
 * second one instead of being read to the bound.
 */
export async function* numberedPages<N extends ListName>(
  client: Requester & { paging?: PagingBounds },
  request: ApiRequest & { query: { limit: number; page?: number } },
  answer: N,
): AsyncGenerator<{ entries: ResponseOf<N>; raw: unknown; page: number }> {
  const guard = new PageGuard(request.path, client.paging);
  const { limit } = request.query;
  let page = request.query.page ?? 1;
  let previous: string | undefined;
  for (;;) {
    const pageRequest = { ...request, query: { ...request.query, page } };
    const response = await client.request(pageRequest);
    guard.read(response.text);
    const entries = await readResponse(answer, response, pageRequest);
    const ids = entries.map((entry) => entry.id).join(',');
    if (entries.length && ids === previous) {
      throw new PagingStopped(
        'response',
        `The server answered page ${page} of ${request.path} with the entries of page ${page - 1}; stopping instead of reading them again. What was printed is not the whole list.`,
      );
    }
    yield { entries, raw: response.body, page };
    if (entries.length < limit) return;
    previous = ids;
    page += 1;
    guard.next(entries.length, String(page));
  }
}
