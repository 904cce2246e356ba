import type { ApiClient } from '../api/client';
import { statusPagePages } from '../api/resources/statusPages';
import { PAGE_LIMIT } from '../api/schemas/enums';
import type { IncidentServiceBody, Service } from '../api/schemas/incidents';
import { pageServices, type StatusPage } from '../api/schemas/statusPages';
import { UsageError } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';

/* Services: the status pages say which exist, and give each its page and card. */

export interface ServiceEntry {
  service: Service;
  page: StatusPage;
  card: string;
}

/** Every service on every status page (one paginated read). */
export async function serviceDirectory(client: Pick<ApiClient, 'request'>): Promise<ServiceEntry[]> {
  const entries: ServiceEntry[] = [];
  for await (const { page } of statusPagePages(client, { limit: PAGE_LIMIT.max })) {
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

/** A checklist of every service, labelled "Page › Card › Service". */
export async function askServices(
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
