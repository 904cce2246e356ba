import type { Page } from '../api/paginate';
import { sanitize } from '../text/escape';
import { PAGE_LIMIT } from '../api/schemas/enums';
import { jsonArrayWriter, printJson, renderList, type Column } from '../output/render';
import { sayWarning } from '../output/say';
import type { IO } from '../io';
import type { Ctx } from './context';
import type { PAGE_FLAGS } from './flags/common';
import type { FlagValues } from './flags/spec';
import { nextCommand } from '../text/next';

/** --limit / --next-id / --all (core/flags/common.ts), as every paginated list receives them. */
export type ListOptions = FlagValues<typeof PAGE_FLAGS>;

export interface PagedListSpec<T, R = T> {
  /** The pages, starting where the user asked. */
  pages: (query: { limit?: number; nextId?: string }) => AsyncGenerator<{ page: Page<T>; raw: unknown }>;
  /** Table rows from entries, when one entry makes several rows (default: one row each). */
  rows?: (entries: T[]) => R[];
  /** The columns, or a choice of them made from the rows (a terminal's width fits what matters). */
  columns: Column<R>[] | ((rows: R[]) => Column<R>[]);
  /** Said on stderr when nothing is found: "No status pages." */
  empty: string;
  /** To tell the user how to get the next page, the words after `mon`: "status-pages list". */
  command: string;
}

/**
 * One page as a table/TSV (or the page's JSON body as received), or with --all every page:
 * --json streams one array of every entry, so memory holds one page at a time.
 */
export async function runPagedList<T, R = T>(
  ctx: Pick<Ctx, 'io' | 'globals' | 'progress'>,
  options: ListOptions,
  spec: PagedListSpec<T, R>,
): Promise<void> {
  // --all reads full pages (the API's maximum) unless --limit says otherwise: a fifth of the requests.
  const query = { limit: options.limit ?? (options.all ? PAGE_LIMIT.max : undefined), nextId: options.nextId };
  const toRows = spec.rows ?? ((entries: T[]) => entries as unknown as R[]);
  if (options.all) {
    if (ctx.globals.json) {
      // The entries as received (parsing puts known keys first).
      await streamEntries(ctx.io, spec.pages(query), ({ raw }) => (raw as Page<unknown>).entries);
      return;
    }
    const entries: T[] = [];
    for await (const { page } of spec.pages(query)) {
      entries.push(...page.entries);
      ctx.progress().page(page.entries.length);
    }
    ctx.progress().finish();
    const rows = toRows(entries);
    await renderList(ctx.io, rows, columnsFor(spec, rows), spec.empty);
    return;
  }
  const first = await spec.pages(query).next();
  if (first.done) return;
  const { page, raw } = first.value;
  if (ctx.globals.json) {
    await printJson(ctx.io, raw);
    return;
  }
  const asked = options.limit ?? PAGE_LIMIT.default;
  const entries = atMost(ctx.io, page.entries, asked, options.limit === undefined ? 'the default limit' : '--limit');
  // Entries the server sent past the limit are the next page's start: it begins at the first one left out.
  const left = page.entries[asked] as { id?: unknown } | undefined;
  const nextId = typeof left?.id === 'string' ? left.id : page.nextId;
  const rows = toRows(entries);
  await renderList(ctx.io, rows, columnsFor(spec, rows), spec.empty);
  if (nextId && ctx.io.stderrIsTTY) {
    const limit = options.limit ? ` --limit ${options.limit}` : '';
    const next = nextCommand(ctx.globals, `${spec.command}${limit} --next-id ${sanitize(nextId)}`);
    ctx.io.err(ctx.io.errStyle.dim(`More on the next page: ${next} (or --all for everything)\n`));
  }
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

/**
 * `--all --json`: the entries of every page as one JSON array, written page by page (memory
 * holds one page). When a bound stops the paging (or a page fails), the array is left open (its line ended):
 * what was printed is not the whole list, so it is not valid JSON either, and a script that
 * parses it fails instead of taking part of a list for all of it; the exit code (1) and the
 * error say which bound and how to ask for less. With --jq nothing is printed.
 */
export async function streamEntries<P>(
  io: IO,
  pages: AsyncIterable<P>,
  entriesOf: (page: P) => readonly unknown[],
): Promise<void> {
  const writer = jsonArrayWriter(io);
  try {
    for await (const page of pages) for (const entry of entriesOf(page)) writer.write(entry);
  } catch (error) {
    writer.abandon();
    throw error;
  }
  await writer.end();
}

function columnsFor<T, R>(spec: PagedListSpec<T, R>, rows: R[]): Column<R>[] {
  return typeof spec.columns === 'function' ? spec.columns(rows) : spec.columns;
}
