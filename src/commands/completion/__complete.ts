import { STORED_NAME } from '../../config/settings';
import type { Ctx } from '../../core/context';
import type { CompletionSource, Input } from '../../core/flags/spec';
import { allChecks } from '../../api/resources/checks';
import { serviceDirectory, statusPagePages } from '../../api/resources/statusPages';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import { storedTemplates } from '../../core/templates';
import { sanitize } from '../../text/escape';
import { findIncidents } from '../incidents/shared/find';
import type { COMPLETE_VALUES } from './spec';

/** A shell waits for a completion: a slow or unreachable API costs at most this, once. */
export const COMPLETION_TIMEOUT_MS = 2000;

type CompleteCtx = Pick<Ctx, 'io' | 'settings' | 'clientFor' | 'config' | 'globals' | 'env'>;

/** An ID as the API gives them (a UUID, or a word of letters, digits and `._:-`): anything else is not offered. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** A control character (a line break, a tab, an escape): a value holding one is not offered. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A client for the account of the command line, with the short deadline of a completion. */
async function completionClient(ctx: CompleteCtx) {
  const settings = await ctx.settings();
  if (!settings.apiKey || !settings.baseUrl) return undefined;
  return ctx.clientFor(
    { baseUrl: settings.baseUrl.value, apiKey: settings.apiKey.value, accountId: settings.accountId?.value },
    { timeoutMs: COMPLETION_TIMEOUT_MS, maxAttempts: 1 },
  );
}

/**
 * Each source: its values, each with a description. Values are printed only when they are
 * safe as they are (IDs, stored names) or plain text (service names); the scripts quote them.
 */
const SOURCES: Record<CompletionSource, (ctx: CompleteCtx) => Promise<[string, string][]>> = {
  'open-incidents': async (ctx) => {
    const client = await completionClient(ctx);
    if (!client) return [];
    const { entries } = await findIncidents(client, { filter: { status: 'open' }, limit: 100 });
    return entries.filter((incident) => SAFE_ID.test(incident.id)).map((incident) => [incident.id, incident.name]);
  },
  services: async (ctx) => {
    const client = await completionClient(ctx);
    if (!client) return [];
    const names = new Map<string, string>();
    for (const { service, page, card } of await serviceDirectory(client))
      if (!names.has(service.name)) names.set(service.name, `${page.name} › ${card}`);
    return [...names];
  },
  checks: (ctx) => checkValues(ctx, {}),
  heartbeats: (ctx) => checkValues(ctx, { checkType: 'HEARTBEAT' }),
  'status-pages': async (ctx) => {
    const client = await completionClient(ctx);
    if (!client) return [];
    const values: [string, string][] = [];
    for await (const { page } of statusPagePages(client, { limit: PAGE_LIMIT.max }))
      for (const statusPage of page.entries) values.push([statusPage.url, statusPage.name]);
    return values;
  },
  templates: async (ctx) =>
    Object.entries(storedTemplates(ctx))
      .filter(([name]) => STORED_NAME.test(name))
      .map(([name, template]) => [name, template.message]),
  profiles: async (ctx) =>
    Object.entries(ctx.config().profiles())
      .filter(([name]) => STORED_NAME.test(name))
      .map(([name, profile]) => [name, String(profile['base-url'] ?? '')]),
};

/** Each check's ID (described by its name) and its name (described by its type and ID): CHECK takes either. */
async function checkValues(ctx: CompleteCtx, query: { checkType?: 'HEARTBEAT' }): Promise<[string, string][]> {
  const client = await completionClient(ctx);
  if (!client) return [];
  const found = await allChecks(client, query);
  return [
    ...found.filter((check) => SAFE_ID.test(check.id)).map((check): [string, string] => [check.id, check.name]),
    ...found.map((check): [string, string] => [check.name, `${check.checkType} ${check.id}`]),
  ];
}

/** A value a shell can be handed as one word of data: one line of text, not a flag. */
const offerable = (value: string) => value.trim() !== '' && !CONTROL.test(value) && !value.startsWith('-');

/** A description on one line, escaped, at most 80 characters. */
function describe(text: string): string {
  const line = sanitize(text.replace(/\s+/g, ' ').trim());
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * `mon __complete SOURCE`: "VALUE<TAB>DESCRIPTION" lines for the completion scripts, from the
 * current profile. Silent on any failure (no key, no network, a slow server), and done within
 * 2 seconds however many pages the server sends: a completion that prints an error into the
 * user's command line, or hangs it, is worse than none.
 */
export async function completeValuesRun(ctx: CompleteCtx, { args }: Input<typeof COMPLETE_VALUES>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<[string, string][]>((resolve) => {
    timer = setTimeout(() => resolve([]), COMPLETION_TIMEOUT_MS);
  });
  try {
    // checked against COMPLETION_SOURCES by the argument's table
    const values = await Promise.race([SOURCES[args.source as CompletionSource](ctx), deadline]);
    ctx.io.out(
      values
        .filter(([value]) => offerable(value))
        .map(([value, about]) => `${value}\t${describe(about)}\n`)
        .join(''),
    );
  } catch {
    // Nothing to offer.
  } finally {
    clearTimeout(timer);
  }
}
