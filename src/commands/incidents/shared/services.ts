import type { ServiceEntry } from '../../../api/resources/statusPages';
import type { IncidentServiceBody, Service } from '../../../api/schemas/incidents';
import type { StatusPage } from '../../../api/schemas/statusPages';
import type { Ctx } from '../../../core/context';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { closest } from '../../../text/similar';
import { isPrefix } from './prefix';

/* `--service` of the incident verbs: the status pages say which services exist, and give each its page and card. */

/** A service as a request body names it: the API requires name, id and accountId (docs/API.md). */
export function serviceBody(service: Service, page?: StatusPage): IncidentServiceBody {
  return { id: service.id, name: service.name, accountId: (service.accountId ?? page?.accountId)! };
}

/** "Acme Cloud › Core platform › Public API (0b7e…)" */
const label = (entry: ServiceEntry) =>
  `${entry.page.name} › ${entry.card} › ${entry.service.name} (${entry.service.id})`;

/**
 * `--service` values → the services they name: an ID, the first 6+ characters of one (as
 * `mon status-pages list` shows them), or a service name in any case. A name or prefix
 * meaning several services is exit 2 listing them ("Page › Card › Service (ID)"); an unknown
 * one is exit 2 with the closest names.
 */
export function findServices(directory: ServiceEntry[], values: string[]): ServiceEntry[] {
  const found = new Map<string, ServiceEntry>();
  const unknown: string[] = [];
  for (const value of values) {
    const byId = directory.find((entry) => entry.service.id === value);
    const byName = directory.filter((entry) => entry.service.name.toLowerCase() === value.trim().toLowerCase());
    const byPrefix = isPrefix(value)
      ? directory.filter((entry) => entry.service.id.toLowerCase().startsWith(value.toLowerCase()))
      : [];
    const named = byName.length ? byName : byPrefix;
    const ids = new Set(named.map((entry) => entry.service.id));
    if (byId) found.set(byId.service.id, byId);
    else if (ids.size === 1) found.set(named[0]!.service.id, named[0]!);
    else if (ids.size > 1) {
      throw new UsageError(
        `--service "${sanitize(value)}" names ${ids.size} services:\n${named.map((entry) => `  ${sanitize(label(entry))}`).join('\n')}`,
        byName.length ? 'Give the ID of the one you mean.' : 'Give more characters of the ID.',
      );
    } else unknown.push(value);
  }
  if (unknown.length) {
    const names = [...new Set(directory.map((entry) => entry.service.name))];
    const near = [...new Set(unknown.flatMap((value) => closest(value, names)))];
    const shown = unknown.map((value) => `"${sanitize(value)}"`).join(', ');
    throw new UsageError(
      `--service ${shown} ${unknown.length === 1 ? 'is not a service' : 'are not services'} on any status page (by ID or name).`,
      (next) =>
        `${near.length ? `Did you mean ${near.map((name) => `"${sanitize(name)}"`).join(' or ')}? ` : ''}Run ${next('status-pages list')} to see the services.`,
    );
  }
  return [...found.values()];
}

/** `--service` values → the services' bodies. */
export function resolveServices(directory: ServiceEntry[], values: string[]): IncidentServiceBody[] {
  return findServices(directory, values).map((entry) => serviceBody(entry.service, entry.page));
}

/** A checklist of every service, labelled "Page › Card › Service". */
export async function askServices(
  ctx: Pick<Ctx, 'prompter'>,
  directory: ServiceEntry[],
  previous: { id: string }[] = [],
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
      checked: previous.some((service) => service.id === entry.service.id),
    })),
    validate: (values) => (values.length > 0 ? true : 'Select at least one service (space selects).'),
  });
  return resolveServices(directory, ids);
}
