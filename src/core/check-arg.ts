import type { ApiClient } from '../api/client';
import { allChecks } from '../api/resources/checks';
import type { Check } from '../api/schemas/checkReads';
import type { CheckType } from '../api/schemas/checkValues';
import { CliError, UsageError } from '../errors';
import { shortId } from '../output/render';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';
import { isWholeId, MIN_PREFIX } from './flags/common';

/*
 * The one way a command names a check (the CHECK argument, core/flags/common.ts's checkArg):
 * its whole ID (used as it is, with no request), the first 6+ characters of its ID, or its
 * name in any case. A prefix or a name costs a read of the checks (a name is searched for:
 * the API filters by name). Ambiguous is exit 2 listing the matches; nothing is exit 6, or
 * exit 2 when it was too short to be a prefix. Left out on a terminal: a picker.
 */

type Client = Pick<ApiClient, 'request'>;

/** What an ID prefix can look like: hex digits and dashes. */
const ID_LIKE = /^[0-9a-f-]+$/i;

export interface CheckFilter {
  /** Only checks of this type (`mon heartbeats`: HEARTBEAT). */
  checkType?: CheckType;
}

/** The check an argument named: `check` when it was read in the lookup (a whole ID is not looked up). */
export interface NamedCheck {
  id: string;
  check?: Check;
}

/** "check" or "heartbeat", for messages. */
const noun = (filter: CheckFilter) => (filter.checkType === 'HEARTBEAT' ? 'heartbeat' : 'check');

/** "Nightly backup (e1bd9feb)": how a match is listed. */
export const checkLabel = (check: Pick<Check, 'name' | 'id'>) => `${sanitize(check.name)} (${shortId(check.id)})`;

/** The check CHECK names (see above). */
export async function resolveCheck(client: Client, arg: string, filter: CheckFilter = {}): Promise<NamedCheck> {
  const text = arg.trim();
  if (isWholeId(text)) return { id: text };
  const prefix = ID_LIKE.test(text) && text.length >= MIN_PREFIX;
  // A name alone is searched for; a prefix needs every check (the API has no ID filter).
  const candidates = await allChecks(client, {
    ...(filter.checkType ? { checkType: filter.checkType } : {}),
    ...(prefix ? {} : { search: text }),
  });
  const lower = text.toLowerCase();
  const matches = candidates.filter(
    (check) => check.name.trim().toLowerCase() === lower || (prefix && check.id.toLowerCase().startsWith(lower)),
  );
  if (matches.length === 1) return { id: matches[0]!.id, check: matches[0]! };
  const what = noun(filter);
  if (matches.length > 1) {
    throw new UsageError(
      `CHECK "${sanitize(text)}" matches ${matches.length} ${what}s:\n${matches.map((check) => `  ${checkLabel(check)}`).join('\n')}`,
      (next) => `Give its ID, or enough of it to tell them apart (${next(`${what}s list`)} shows them).`,
    );
  }
  if (text.length < MIN_PREFIX) {
    throw new UsageError(
      `CHECK "${sanitize(text)}" is no ${what}'s name, and an ID prefix needs at least ${MIN_PREFIX} characters.`,
      (next) =>
        `Give the ${what}'s whole name or the first ${MIN_PREFIX}+ characters of its ID (${next(`${what}s list`)} shows them).`,
    );
  }
  throw new CliError(
    'not-found',
    `No ${what} is named "${sanitize(text)}"${prefix ? ' or has an ID starting with it' : ''}.`,
    (next) => `${next(`${what}s list`)} shows the ${what}s, their names and IDs.`,
  );
}

/** No CHECK without a terminal: exit 2 before anything is sent. */
function requireCheckOrPrompt(ctx: Pick<Ctx, 'io'>, arg: string | undefined, example: string): void {
  if (arg !== undefined || ctx.io.canPrompt()) return;
  throw new UsageError(
    'CHECK is required (prompts are off, so no picker can be shown).',
    (next) => `For example: ${next(example)}`,
  );
}

/** A picker of the checks (of one type with `filter`), on a terminal. */
async function pickCheck(
  ctx: Pick<Ctx, 'prompter'>,
  client: Client,
  question: string,
  filter: CheckFilter = {},
): Promise<Check> {
  const found = await allChecks(client, filter.checkType ? { checkType: filter.checkType } : {});
  const what = noun(filter);
  if (!found.length) {
    throw new UsageError(
      `There are no ${what}s to pick from.`,
      (next) => `Create one with ${next(what === 'heartbeat' ? 'heartbeats create' : 'checks create-dns')}.`,
    );
  }
  const id = await ctx.prompter.select<string>({
    message: question,
    choices: found.map((check) => ({
      name: sanitize(`${check.name} · ${check.checkType}`),
      value: check.id,
      description: sanitize(check.id),
    })),
  });
  return found.find((check) => check.id === id)!;
}

/** CHECK as given, or picked on a terminal when it was left out (without a terminal: exit 2, nothing sent). */
export async function checkOrPick(
  ctx: Pick<Ctx, 'prompter' | 'io'>,
  client: Client,
  arg: string | undefined,
  /** `example`: a command line that gives CHECK, the words after `mon`. */
  options: CheckFilter & { question: string; example: string },
): Promise<NamedCheck> {
  requireCheckOrPrompt(ctx, arg, options.example);
  if (arg !== undefined) return resolveCheck(client, arg, options);
  const check = await pickCheck(ctx, client, options.question, options);
  return { id: check.id, check };
}
