import { z } from 'zod';
import type { ApiClient } from '../../api/client';
import { incidentPages } from '../../api/resources/incidents';
import { statusPagePages } from '../../api/resources/statusPages';
import {
  INCIDENT_STATUSES,
  SEVERITIES,
  incidentNameSchema,
  incidentStatusSchema,
  severitySchema,
  type Incident,
  type IncidentServiceBody,
  type IncidentStatus,
  type Service,
  type Severity,
} from '../../api/schemas/incidents';
import { pageServices, type StatusPage } from '../../api/schemas/statusPages';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { printJson } from '../../output/render';
import { relativeTime } from '../../text/time';
import { sanitize } from '../../text/escape';
import { parseTime, TIME_HELP } from '../../text/time';
import { startedAt } from './columns';

type Client = Pick<ApiClient, 'request'>;

/*
 * Option schemas, built from the request schemas' rules. Flags are friendlier than bodies:
 * enums in any case (`--status monitoring`), text trimmed, empty text refused.
 */

const upperCase = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
export const severityOption = z.preprocess(upperCase, severitySchema);
export const statusOption = z.preprocess(upperCase, incidentStatusSchema);
export const nameOption = z.string().trim().min(1, { error: 'must not be empty' }).pipe(incidentNameSchema);
export const messageOption = z.string().trim().min(1, { error: 'must not be empty' });
export const serviceIdsOption = z.array(z.string().trim().min(1, { error: 'must not be empty' }));

/** --date: a time as TIME_HELP describes, sent as an ISO 8601 date-time. */
export function dateOption(now: number) {
  return z.string().transform((value, context) => {
    const date = parseTime(value, now);
    if (date) return date.toISOString();
    context.addIssue({ code: 'custom', message: `must be ${TIME_HELP}`, input: value });
    return z.NEVER;
  });
}

/** Option keys and body paths → the flag (or argument) they come from, so every error names what the user typed. */
export const FLAG_NAMES = {
  name: '--name',
  severity: '--severity',
  service: '--service',
  services: '--service',
  message: '--message',
  description: '--message',
  status: '--status',
  notify: '--notify',
  notifySubscribers: '--notify',
  date: '--date',
  publicIncidentUpdateDate: '--date',
  incidentUpdates: '--message',
  'incidentUpdates[0].description': '--message',
  'incidentUpdates[0].status': '--status',
  'incidentUpdates[0].notifySubscribers': '--notify',
  'incidentUpdates[0].publicIncidentUpdateDate': '--date',
  force: '--force',
  dryRun: '--dry-run',
  incidentId: 'INCIDENT_ID',
  updateId: 'UPDATE_ID',
};

/** "--name, --severity and --message" */
function listFlags(flags: string[]): string {
  return flags.length <= 1 ? (flags[0] ?? '') : `${flags.slice(0, -1).join(', ')} and ${flags[flags.length - 1]}`;
}

/** A required value that is missing where no prompt can ask for it: exit 2 naming the flags. */
export function missingFlags(flags: string[], example: string): UsageError {
  const verb = flags.length === 1 ? 'is' : 'are';
  return new UsageError(
    `${listFlags(flags)} ${verb} required (prompts are off: no terminal, --no-input, MON_NO_INPUT or CI).`,
    `For example: ${example}`,
  );
}

/* Services: the status pages say which exist, and give each its page and card. */

export interface ServiceEntry {
  service: Service;
  page: StatusPage;
  card: string;
}

/** Every service on every status page (one paginated read). */
export async function serviceDirectory(client: Client): Promise<ServiceEntry[]> {
  const entries: ServiceEntry[] = [];
  for await (const { page } of statusPagePages(client, { limit: 100 })) {
    for (const statusPage of page.entries) {
      for (const { card, service } of pageServices(statusPage)) entries.push({ service, page: statusPage, card });
    }
  }
  return entries;
}

/** A service as a request body names it: the reference requires name, id and accountId. */
export function serviceBody(service: Service, page?: StatusPage): IncidentServiceBody {
  return { id: service.id, name: service.name, accountId: (service.accountId ?? page?.accountId)! };
}

/** `--service ID`s → the services' bodies; exit 2 naming every ID that is on no status page. */
export function resolveServices(directory: ServiceEntry[], ids: string[]): IncidentServiceBody[] {
  const byId = new Map(directory.map((entry) => [entry.service.id, entry]));
  const unique = [...new Set(ids)];
  const unknown = unique.filter((id) => !byId.has(id));
  if (unknown.length) {
    const shown = unknown.map((id) => `"${sanitize(id)}"`).join(', ');
    throw new UsageError(
      `--service ${shown} ${unknown.length === 1 ? 'is not a service' : 'are not services'} on any status page.`,
      'Run `mon status-pages list` to see the services and their IDs.',
    );
  }
  return unique.map((id) => serviceBody(byId.get(id)!.service, byId.get(id)!.page));
}

/** The checkbox of `incidents create`: one choice per service, labelled "Page › Card › Service". */
export async function promptServices(
  ctx: Pick<Ctx, 'prompter'>,
  directory: ServiceEntry[],
): Promise<IncidentServiceBody[]> {
  if (!directory.length) {
    throw new UsageError(
      'There are no services on any status page, so there is nothing an incident could name.',
      'Add services to a status page first.',
    );
  }
  const ids = await ctx.prompter.checkbox<string>({
    message: 'Affected services',
    choices: directory.map((entry) => ({
      name: sanitize(`${entry.page.name} › ${entry.card} › ${entry.service.name}`),
      value: entry.service.id,
    })),
    validate: (values) => (values.length > 0 ? true : 'Select at least one service (space selects).'),
  });
  return resolveServices(directory, ids);
}

export async function promptName(ctx: Pick<Ctx, 'prompter'>): Promise<string> {
  const answer = await ctx.prompter.input({
    message: 'Incident name (what the status page shows)',
    validate: (value) => checkWith(nameOption, value),
  });
  return answer.trim();
}

export async function promptSeverity(ctx: Pick<Ctx, 'prompter'>): Promise<Severity> {
  return ctx.prompter.select<Severity>({
    message: 'Severity',
    choices: SEVERITIES.map((severity) => ({ name: severity, value: severity })),
  });
}

export async function promptStatus(ctx: Pick<Ctx, 'prompter'>, current: IncidentStatus): Promise<IncidentStatus> {
  return ctx.prompter.select<IncidentStatus>({
    message: 'Status',
    choices: INCIDENT_STATUSES.map((status) => ({
      name: status === current ? `${status} (current)` : status,
      value: status,
    })),
    default: current,
  });
}

export async function promptMessage(ctx: Pick<Ctx, 'prompter'>): Promise<string> {
  const answer = await ctx.prompter.input({
    message: 'Message (what subscribers read)',
    validate: (value) => checkWith(messageOption, value),
  });
  return answer.trim();
}

export async function promptNotify(ctx: Pick<Ctx, 'prompter'>): Promise<boolean> {
  return ctx.prompter.confirm({ message: 'Notify the status page subscribers?', default: false });
}

function checkWith(schema: z.ZodType, value: string): true | string {
  const result = schema.safeParse(value);
  return result.success ? true : `It ${result.error.issues[0]?.message ?? 'is not valid'}.`;
}

/* Incidents: filtered reads and the picker. */

export type StatusFilter = 'open' | 'resolved' | 'all';

export function matchesStatus(incident: Incident, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  return (incident.lastUpdateStatus === 'RESOLVED') === (filter === 'resolved');
}

/**
 * Up to `limit` incidents that match, following pages as needed (100 entries a page, the
 * most the API gives). `nextId` continues right after the last match: it is the ID of the
 * next entry, which is what the API's nextId is (null when no entry follows).
 */
export async function findIncidents(
  client: Client,
  options: { filter: StatusFilter; limit: number; nextId?: string },
): Promise<{ entries: Incident[]; raw: unknown[]; nextId: string | null }> {
  const found: Incident[] = [];
  const raw: unknown[] = [];
  for await (const matches of matchingPages(client, { limit: 100, nextId: options.nextId }, options.filter)) {
    for (const [index, incident] of matches.entries.entries()) {
      found.push(incident);
      raw.push(matches.raw[index]);
      if (found.length === options.limit) {
        const following = matches.following[index] ?? null;
        return { entries: found, raw, nextId: following };
      }
    }
  }
  return { entries: found, raw, nextId: null };
}

/**
 * Each page's matching incidents, parsed and as received (for --json), with the ID of the
 * entry that follows each match (the next page's first one after the last entry).
 */
export async function* matchingPages(client: Client, query: { limit?: number; nextId?: string }, filter: StatusFilter) {
  for await (const { page, raw } of incidentPages(client, query)) {
    const received = (raw as { entries: unknown[] }).entries;
    const matches = { entries: [] as Incident[], raw: [] as unknown[], following: [] as (string | null)[] };
    page.entries.forEach((incident, index) => {
      if (!matchesStatus(incident, filter)) return;
      matches.entries.push(incident);
      matches.raw.push(received[index]);
      matches.following.push(page.entries[index + 1]?.id ?? page.nextId ?? null);
    });
    yield matches;
  }
}

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

/* After a change: unmistakable on stderr, and the ID (or the body with --json) on stdout. */

/**
 * stdout of a mutating command: the API body with --json; otherwise, when piped, the ID of
 * what was created or changed on a line of its own (`id=$(mon incidents create ...)`).
 */
export function printOutcome(ctx: Pick<Ctx, 'io' | 'globals'>, id: string, raw: unknown): void {
  if (ctx.globals.json) printJson(ctx.io, raw);
  else if (!ctx.io.stdoutIsTTY) ctx.io.out(`${id}\n`);
}

export function notifiedText(notified: boolean | undefined): string {
  return notified ? 'Subscribers were notified.' : 'Subscribers were not notified.';
}

export const done = (ctx: Pick<Ctx, 'io'>) => ctx.io.errStyle.green('✓');
