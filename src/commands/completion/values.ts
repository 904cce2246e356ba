import type { Ctx } from '../../core/context';
import type { CompletionSource, Input } from '../../core/flags/spec';
import { sanitize } from '../../text/escape';
import { findIncidents } from '../incidents/find';
import type { COMPLETE_VALUES } from './spec';

/** A shell waits for a completion: a slow or unreachable API costs at most this, once. */
export const COMPLETION_TIMEOUT_MS = 2000;

type Client = Awaited<ReturnType<Ctx['clientFor']>>;

/** Each source: its values with a description (an incident's name). */
const SOURCES: Record<CompletionSource, (client: Client) => Promise<[string, string][]>> = {
  'open-incidents': async (client) => {
    const { entries } = await findIncidents(client, { filter: { status: 'open' }, limit: 100 });
    return entries.map((incident) => [incident.id, incident.name]);
  },
};

/**
 * `mon __complete SOURCE`: "VALUE<TAB>DESCRIPTION" lines for the completion scripts, from the
 * current profile. Silent on any failure (no key, no network, a slow server): a completion
 * that prints an error into the user's command line is worse than none.
 */
export async function completeValuesRun(
  ctx: Pick<Ctx, 'io' | 'settings' | 'clientFor'>,
  { args }: Input<typeof COMPLETE_VALUES>,
): Promise<void> {
  try {
    const settings = await ctx.settings();
    if (!settings.apiKey || !settings.baseUrl) return;
    const client = await ctx.clientFor(
      { baseUrl: settings.baseUrl.value, apiKey: settings.apiKey.value, accountId: settings.accountId?.value },
      { timeoutMs: COMPLETION_TIMEOUT_MS, maxAttempts: 1 },
    );
    const values = await SOURCES[args.source as CompletionSource](client); // checked against COMPLETION_SOURCES
    ctx.io.out(values.map(([value, about]) => `${sanitize(value)}\t${sanitize(about)}\n`).join(''));
  } catch {
    // Nothing to offer.
  }
}
