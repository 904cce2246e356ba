import type { Page } from '../api/paginate';
import { PAGE_LIMIT } from '../api/schemas/enums';
import { moreHint } from '../output/more';
import { showList, showPages, showsRows } from '../output/present';
import type { Column, Columns } from '../output/render';
import { sayWarning } from '../output/say';
import { shellQuote } from '../text/shell';
import { sanitize } from '../text/escape';
import { commandLine } from '../text/next';
import type { IO } from '../io';
import type { Ctx } from './context';
import { flagName, type FlagTable } from './flags/spec';

/*
 * Every list of mon, one way: --limit, --next-id and --all; one page (its JSON as received,
 * or its rows), or with --all every page (JSON streamed entry by entry, rows shown once with
 * the spinner counting pages); the "There may be more" hint (output/more.ts) naming the
 * command that shows the rest. How the rows look is output/present.ts's.
 */

/** One page of a list. */
export interface ListPage<T> {
  entries: T[];
  /** --json of one page: its body as received (ping tokens masked). */
  json: unknown;
  /** --all --json: this page's entries as received. */
  jsonEntries: readonly unknown[];
  /**
   * Where the next page starts (null or '' at the end). Undefined for a list paged by number
   * (GET /v1/checks), which has no cursor: a full page may have more after it.
   */
  nextId?: string | null;
}

/** The pages of a list with cursors (`nextId`), as api/paginate.ts reads them. */
export async function* cursorPages<T>(
  pages: AsyncIterable<{ page: Page<T>; raw: unknown }>,
): AsyncGenerator<ListPage<T>> {
  for await (const { page, raw } of pages) {
    yield {
      entries: page.entries,
      json: raw,
      jsonEntries: (raw as Page<unknown>).entries,
      nextId: page.nextId ?? null,
    };
  }
}

/** The pages of a list paged by number (a bare array each), their JSON made by `shown` (ping tokens masked). */
export async function* numberedPages<T>(
  pages: AsyncIterable<{ entries: T[]; raw: unknown }>,
  shown: (raw: unknown[]) => unknown[] = (raw) => raw,
): AsyncGenerator<ListPage<T>> {
  for await (const { entries, raw } of pages) {
    const json = shown(raw as unknown[]);
    yield { entries, json, jsonEntries: json };
  }
}

/** --limit / --next-id / --all as the list's flags give them. */
export interface ListOptions {
  limit?: number;
  nextId?: string;
  all?: boolean;
}

export interface PagedList<T, R = T, S = undefined> {
  /** The verb's flag table: the "more" hint repeats the flags given (less --limit, --next-id, --all). */
  table: FlagTable;
  /** The pages from where the user asked (`limit` undefined: the API's default). */
  pages: (query: { limit?: number; nextId?: string }) => AsyncIterable<ListPage<T>>;
  /** One page, when it is not the API's first (mon keeps what matches across pages); default: the first of `pages`. */
  page?: (query: { limit: number; nextId?: string }) => Promise<ListPage<T>>;
  /** A read the rows need beside the pages (the checks' statuses): started with them, when the format shows rows. */
  beside?: () => Promise<S>;
  /** Rows from entries (default: one row each). */
  rows?: (entries: T[], beside: S) => readonly R[];
  /** The columns, or a choice of them made from the rows, the width they are shown in and what was read beside. */
  columns: readonly Column<R>[] | ((rows: readonly R[], width: number, beside: S) => readonly Column<R>[]);
  /** Said when nothing is found: "No status pages." */
  empty: string;
}

/** A list's page or pages, as the flags ask. */
export async function runPagedList<T, R = T, S = undefined>(
  ctx: Pick<Ctx, 'io' | 'globals' | 'progress' | 'commandPath'>,
  options: ListOptions & Record<string, unknown>,
  list: PagedList<T, R, S>,
): Promise<void> {
  const beside = showsRows(ctx) ? list.beside?.() : undefined;
  // A failed read beside the pages must not go unhandled while they are read.
  beside?.catch(() => {});
  let read: S;
  const toRows = async (entries: T[]) => {
    read = (await beside) as S;
    return list.rows ? list.rows(entries, read) : (entries as unknown as readonly R[]);
  };
  const { columns: given } = list;
  const columns: Columns<R> = typeof given === 'function' ? (rows, width) => given(rows, width, read) : given;

  if (options.all) {
    // --all reads full pages (the API's maximum) unless --limit says otherwise: a fifth of the requests.
    const query = { limit: options.limit ?? PAGE_LIMIT.max, nextId: options.nextId };
    await showPages(ctx, {
      pages: (async function* () {
        for await (const page of list.pages(query)) yield { entries: page.entries, json: page.jsonEntries };
      })(),
      rows: toRows,
      columns,
      empty: list.empty,
      progress: { page: (entries) => ctx.progress().page(entries), finish: () => ctx.progress().finish() },
    });
    return;
  }

  const asked = options.limit ?? PAGE_LIMIT.default;
  const page = list.page
    ? await list.page({ limit: asked, nextId: options.nextId })
    : await first(list.pages({ limit: options.limit, nextId: options.nextId }));
  // Entries the server sent past the limit are the next page's start: it begins at the first one left out.
  const left = page.entries[asked] as { id?: unknown } | undefined;
  const nextId = typeof left?.id === 'string' ? left.id : page.nextId;
  // A list paged by number has no cursor: a full page may have more after it.
  const more = page.nextId === undefined ? page.entries.length >= asked : Boolean(nextId);
  await showList(ctx, {
    rows: () =>
      toRows(atMost(ctx.io, page.entries, asked, options.limit === undefined ? 'the default limit' : '--limit')),
    columns,
    json: page.json,
    empty: list.empty,
    hint: more
      ? moreHint({
          command: typedCommand(ctx, list.table, options),
          limit: options.limit,
          nextId: page.nextId === undefined ? undefined : nextId,
        })
      : undefined,
  });
}

async function first<T>(pages: AsyncIterable<ListPage<T>>): Promise<ListPage<T>> {
  for await (const page of pages) return page;
  return { entries: [], json: [], jsonEntries: [] };
}

/**
 * The first `limit` entries: a server that sends more than it was asked for (`--limit 1`
 * answered with 1,000) is shown no more than the user asked to see, and said to have sent more.
 */
export function atMost<T>(io: Pick<IO, 'err' | 'errStyle'>, entries: T[], limit: number, what: string): T[] {
  if (entries.length <= limit) return entries;
  sayWarning(
    io,
    `the server sent ${entries.length} entries where at most ${limit} were asked for (${what}); showing the first ${limit}.`,
  );
  return entries.slice(0, limit);
}

/** The flags that page a list: the "more" hint gives its own. */
const PAGING = new Set(['limit', 'nextId', 'all']);

/**
 * The list's command line as the user would type it again: `mon` with the global flags that
 * chose where (text/next.ts: --sandbox, --profile, --base-url...), the command, and its flags
 * as given (not their defaults), each value quoted for a shell, control characters escaped.
 */
function typedCommand(
  ctx: Pick<Ctx, 'globals' | 'commandPath'>,
  table: FlagTable,
  given: Record<string, unknown>,
): string {
  const words = [ctx.commandPath.startsWith('mon ') ? ctx.commandPath.slice('mon '.length) : ctx.commandPath];
  for (const [key, flag] of Object.entries(table)) {
    const value = given[key];
    if (PAGING.has(key) || value === undefined || ('default' in flag && flag.default === value)) continue;
    if (flag.kind === 'bool') {
      // A switch given: its own spelling (`--no-x` for false).
      const forms = flag.forms ?? 'positive';
      if (value === true && forms !== 'negative') words.push(flagName(key, { ...flag, forms: 'positive' }));
      if (value === false && forms !== 'positive') words.push(flagName(key, { ...flag, forms: 'negative' }));
      continue;
    }
    const name = flagName(key, flag);
    for (const one of Array.isArray(value) ? value : [value]) {
      const text = one instanceof Date ? one.toISOString() : String(one);
      words.push(name, shellQuote(flag.kind === 'enum' ? text.toLowerCase() : text));
    }
  }
  // The global flags that chose where (--sandbox, --profile, --base-url...), as next.ts keeps them in every hint.
  return sanitize(commandLine(ctx.globals, words.join(' ')));
}
