import type { ApiClient } from '../../../api/client';
import { statusPagePages } from '../../../api/resources/statusPages';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import type { StatusPage } from '../../../api/schemas/statusPages';
import { CliError, UsageError } from '../../../errors';
import { MIN_PREFIX } from '../../../core/flags/common';
import { shortId } from '../../../output/render';
import { sanitize } from '../../../text/escape';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The status page's ID that PAGE names: a whole ID as it is (no request); otherwise every
 * page is read and PAGE matches a page's URL slug or name in any case, or the first 6+
 * characters of its ID. Several: exit 2 listing them; none: exit 6.
 */
export async function statusPageId(client: Pick<ApiClient, 'request'>, arg: string): Promise<string> {
  const text = arg.trim();
  if (UUID.test(text)) return text;
  const lower = text.toLowerCase();
  const matches: StatusPage[] = [];
  for await (const { page } of statusPagePages(client, { limit: PAGE_LIMIT.max })) {
    matches.push(
      ...page.entries.filter(
        (entry) =>
          entry.url.toLowerCase() === lower ||
          entry.name.trim().toLowerCase() === lower ||
          (text.length >= MIN_PREFIX && entry.id.toLowerCase().startsWith(lower)),
      ),
    );
  }
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) {
    throw new UsageError(
      `PAGE "${sanitize(text)}" matches ${matches.length} status pages:\n${matches.map((page) => `  ${sanitize(page.name)} (${sanitize(page.url)}, ${shortId(page.id)})`).join('\n')}`,
      'Give its ID (`mon status-pages list --json` shows them).',
    );
  }
  throw new CliError(
    'not-found',
    `No status page has the URL, name or ID "${sanitize(text)}".`,
    '`mon status-pages list` shows the status pages.',
  );
}
