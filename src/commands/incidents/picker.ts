import type { ApiClient } from '../../api/client';
import type { Incident } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { relativeTime } from '../../text/time';
import { startedAt } from './columns';
import { findIncidents } from './find';

type Client = Pick<ApiClient, 'request'>;

/** No INCIDENT_ID: on a terminal a picker of open incidents, otherwise exit 2. */
export async function pickOpenIncident(
  ctx: Pick<Ctx, 'prompter' | 'io' | 'now'>,
  client: Client,
  question: string,
): Promise<Incident> {
  const { entries } = await findIncidents(client, { filter: 'open', limit: 100 });
  if (!entries.length) {
    throw new UsageError(
      'There are no open incidents to pick from.',
      'Pass an INCIDENT_ID (`mon incidents list --status all` shows every incident), or open one with `mon incidents create`.',
    );
  }
  const now = ctx.now();
  const id = await ctx.prompter.select<string>({
    message: question,
    choices: entries.map((incident) => ({
      name: sanitize(
        `${incident.name} · ${incident.severity} · ${incident.lastUpdateStatus} · started ${relativeTime(startedAt(incident), now)}`,
      ),
      value: incident.id,
      description: sanitize(`${incident.id} · ${incident.services.map((service) => service.name).join(', ')}`),
    })),
  });
  return entries.find((incident) => incident.id === id)!;
}

/** The ID when given; when not, null if a picker can be shown, else exit 2. */
export function incidentIdOrPicker(ctx: Pick<Ctx, 'io'>, id: string | undefined, example: string): string | null {
  if (id !== undefined) return id;
  if (ctx.io.canPrompt()) return null;
  throw new UsageError(
    'INCIDENT_ID is required (prompts are off, so no picker can be shown).',
    `For example: ${example}  (\`mon incidents list\` shows the open incidents and their IDs)`,
  );
}
