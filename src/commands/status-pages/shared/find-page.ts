import type { ApiClient } from '../../../api/client';
import { statusPagePages } from '../../../api/resources/statusPages';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { StatusPage } from '../../../api/schemas/statusPages';
import type { Ctx } from '../../../core/context';
import { isWholeId, MIN_PREFIX } from '../../../core/flags/common';
import { CliError, UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';

/*
 * A status page named on the command line: its ID or the first 6+ characters of it, its URL
 * slug or its name (slug and name in any case). An ID or a slug is one page; a name or a prefix
 * two pages share is refused, listing them. Without PAGE: the only page, or on a terminal a
 * picker.
 */

type Page = Pick<StatusPage, 'id' | 'name' | 'url'>;

const fold = (text: string) => text.trim().toLowerCase();
const listed = (pages: readonly Page[]) =>
  pages.map((page) => `${sanitize(page.name)} (${sanitize(page.url)})`).join(', ');

/** The page `text` names; exit 6 naming the pages there are when none, exit 2 when a name is shared. */
export function findPage<P extends Page>(pages: readonly P[], text: string): P {
  const wanted = fold(text);
  const byId = pages.find((page) => page.id === text.trim());
  if (byId) return byId;
  const bySlug = pages.find((page) => fold(page.url) === wanted);
  if (bySlug) return bySlug;
  const byName = pages.filter((page) => fold(page.name) === wanted);
  const named =
    byName.length || wanted.length < MIN_PREFIX ? byName : pages.filter((page) => fold(page.id).startsWith(wanted));
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw new UsageError(
      `${named.length} status pages ${byName.length ? 'are named' : 'have IDs starting with'} "${sanitize(text)}": ${listed(named)}.`,
      'Name one by its URL slug or ID.',
    );
  }
  throw new CliError(
    'not-found',
    `No status page has the ID, URL or name "${sanitize(text)}".`,
    pages.length ? `The status pages: ${listed(pages)}.` : 'This account has no status pages.',
  );
}

/** The page PAGE names; without it the only one, or on a terminal one picked; else exit 2. */
export async function pageOrPick<P extends Page>(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  pages: readonly P[],
  text: string | undefined,
): Promise<P> {
  if (text !== undefined) return findPage(pages, text);
  if (pages.length === 0) throw new CliError('not-found', 'This account has no status pages.');
  if (pages.length === 1) return pages[0]!;
  if (!ctx.io.canPrompt()) {
    throw new UsageError(
      'PAGE is required: there are several status pages, and prompts are off, so no picker can be shown.',
      `Name one by its URL slug, name or ID: ${listed(pages)}.`,
    );
  }
  const id = await ctx.prompter.select<string>({
    message: 'Which status page?',
    choices: pages.map((page) => ({ name: sanitize(page.name), value: page.id, description: sanitize(page.url) })),
  });
  return pages.find((page) => page.id === id)!;
}

/** The ID of the page PAGE names: a whole ID as it is (no request), else found among every page. */
export async function statusPageId(client: Pick<ApiClient, 'request'>, text: string): Promise<string> {
  if (isWholeId(text.trim())) return text.trim();
  const pages: StatusPage[] = [];
  for await (const { page } of statusPagePages(client, { limit: PAGE_LIMIT.max })) pages.push(...page.entries);
  return findPage(pages, text).id;
}
