import { checkPages, getCheckStatuses } from '../../api/resources/checks';
import type { Check, CheckListQuery } from '../../api/schemas/checkReads';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { atMost, streamEntries } from '../../core/list';
import { printJson, renderList } from '../../output/render';
import { withoutPingTokens } from './shared/ping-tokens';
import type { LIST } from './spec';
import { nextCommand } from '../../text/next';

/**
 * `mon checks list`: one page (or with --all every page, the spinner counting them) of GET
 * /v1/checks, the filters sent to the API; the status column from GET /v1/check-statuses,
 * read at the same time.
 */
export async function listChecksRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress'>,
  { flags }: Input<typeof LIST>,
): Promise<void> {
  const { io } = ctx;
  const client = await ctx.api();
  const limit = flags.limit ?? (flags.all ? PAGE_LIMIT.max : PAGE_LIMIT.default);
  const query: CheckListQuery = {
    limit,
    ...(flags.type ? { checkType: flags.type } : {}),
    ...(flags.tag ? { tag: flags.tag } : {}),
    ...(flags.search !== undefined ? { search: flags.search } : {}),
    ...(flags.status ? { status: flags.status } : {}),
  };
  const pages = checkPages(client, query);
  // One page as --json (or --jq) prints it: the API's page as received (ping tokens masked), once
  // it fits its shape, without anything a table needs.
  if (ctx.globals.json && !flags.all) {
    const first = await pages.next();
    return printJson(io, withoutPingTokens(first.done ? [] : (first.value.raw as unknown[])));
  }

  const filtered = Boolean(flags.type || flags.tag || flags.search !== undefined || flags.status);
  const empty = filtered
    ? 'No checks match.'
    : `No checks yet. (${nextCommand(ctx.globals, 'checks create-dns')} creates one.)`;
  if (ctx.globals.json) return streamEntries(io, pages, (page) => withoutPingTokens(page.raw as unknown[]));

  const statuses = getCheckStatuses(client);
  // A failed status read must not go unhandled while the pages are read.
  statuses.catch(() => {});
  let checks: Check[] = [];
  let more = false;
  if (flags.all) {
    for await (const page of pages) {
      checks.push(...page.entries);
      ctx.progress().page(page.entries.length);
    }
    ctx.progress().finish();
  } else {
    const first = await pages.next();
    const entries = first.done ? [] : first.value.entries;
    checks = atMost(io, entries, limit, flags.limit === undefined ? 'the default limit' : '--limit');
    more = entries.length >= limit;
  }
  const byId = new Map((await statuses).statuses.map((status) => [status.checkId, status]));
  const { checkColumns } = await import('./shared/view');
  await renderList(io, checks, checkColumns(byId, client.now()), empty);
  if (more && io.stderrIsTTY) {
    io.err(
      io.errStyle.dim(
        `There may be more: --all reads every page (--limit ${PAGE_LIMIT.max} shows up to ${PAGE_LIMIT.max}).\n`,
      ),
    );
  }
}
