import { randomUUID } from 'node:crypto';
import {
  incidentCreateBodySchema,
  incidentPutBodySchema,
  incidentUpdateBodySchema,
  type Incident,
  type IncidentServiceBody,
  type IncidentUpdate,
  type IncidentUpdateBody,
  type Service,
} from '../../api/schemas/incidents';
import type { IncidentStatus } from '../../api/schemas/enums';
import { HttpError, notFound, validate } from '../http';
import type { ModuleContext, SandboxModule } from '../module';
import type { Collection } from '../collection';
import { listPage, servicesById } from './statusPages';

/** Stored exactly as the API returns it; the status-pages module reads it too. */
export const INCIDENTS = 'incidents';

function incidents(ctx: Pick<ModuleContext, 'store'>): Collection<Incident> {
  return ctx.store.collection<Incident>(INCIDENTS);
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The services a body names, as the status pages hold them; 404 for one that is on no page. */
function knownServices(ctx: ModuleContext, named: IncidentServiceBody[]): Service[] {
  const known = servicesById(ctx);
  const unique = [...new Map(named.map((service) => [service.id, service])).keys()];
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) {
    throw new HttpError(404, `Service ${missing.join(', ')} not found on any status page`);
  }
  return unique.map((id) => known.get(id)!);
}

function newUpdate(ctx: ModuleContext, body: IncidentUpdateBody, defaultStatus: IncidentStatus): IncidentUpdate {
  const now = ctx.clock.now();
  return {
    id: randomUUID(),
    description: body.description,
    status: body.status ?? defaultStatus,
    publicIncidentUpdateDate: new Date(body.publicIncidentUpdateDate ?? now).toISOString(),
    created_at: isoDate(now),
    notifySubscribers: body.notifySubscribers ?? false,
  };
}

const timeOf = (update: IncidentUpdate) => Date.parse(update.publicIncidentUpdateDate ?? '') || 0;

/**
 * What the server derives from the updates: they are kept newest first by
 * publicIncidentUpdateDate (on a tie the one posted later first), lastUpdateStatus is the
 * newest one's status, and duration is set while that status is RESOLVED: the seconds from
 * the incident's start (its earliest update, which is the update it was opened with unless
 * one was dated earlier) to the resolving update. Reopening sets it back to null.
 */
function derive(incident: Incident, now: number): Incident {
  const updates = [...incident.incidentUpdates].sort((a, b) => timeOf(b) - timeOf(a));
  const lastUpdateStatus = updates[0]?.status ?? 'INVESTIGATING';
  const start = Math.min(...updates.map(timeOf));
  const duration =
    lastUpdateStatus === 'RESOLVED' ? Math.max(0, Math.round((timeOf(updates[0]!) - start) / 1000)) : null;
  return { ...incident, incidentUpdates: updates, lastUpdateStatus, duration, updated_at: isoDate(now) };
}

function findIncident(ctx: ModuleContext, id: string): Incident {
  const incident = incidents(ctx).get(id);
  if (!incident) throw notFound(`Incident ${id}`);
  return incident;
}

function findUpdate(incident: Incident, updateId: string): IncidentUpdate {
  const update = incident.incidentUpdates.find((candidate) => candidate.id === updateId);
  if (!update) throw notFound(`Incident update ${updateId}`);
  return update;
}

export const incidentsModule: SandboxModule = {
  name: 'incidents',
  routes(router, ctx) {
    router.get('/v1/status-pages/incidents', ({ query }) => ({
      status: 200,
      body: listPage(incidents(ctx), query, { newestFirst: true }),
    }));

    router.post('/v1/status-pages/incidents', ({ body }) => {
      const input = validate(incidentCreateBodySchema, body, 'body');
      const services = knownServices(ctx, input.services);
      const now = ctx.clock.now();
      const incident = derive(
        {
          name: input.name,
          severity: input.severity,
          id: randomUUID(),
          services,
          incidentUpdates: [newUpdate(ctx, input.incidentUpdates[0]!, 'INVESTIGATING')],
          lastUpdateStatus: 'INVESTIGATING',
          duration: null,
          created_at: isoDate(now),
          updated_at: isoDate(now),
        },
        now,
      );
      return { status: 201, body: incidents(ctx).put(incident) };
    });

    router.get('/v1/status-pages/incidents/:incidentId', ({ params }) => ({
      status: 200,
      body: findIncident(ctx, params.incidentId!),
    }));

    router.put('/v1/status-pages/incidents/:incidentId', ({ params, body }) => {
      const current = findIncident(ctx, params.incidentId!);
      const input = validate(incidentPutBodySchema, body, 'body');
      const services = knownServices(ctx, input.services);
      // id, created_at, lastUpdateStatus and duration in the body are the server's to decide.
      const changed = { ...current, name: input.name, severity: input.severity, services };
      return { status: 200, body: incidents(ctx).put(derive(changed, ctx.clock.now())) };
    });

    router.post('/v1/status-pages/incidents/:incidentId/incident-updates', ({ params, body }) => {
      const current = findIncident(ctx, params.incidentId!);
      const input = validate(incidentUpdateBodySchema, body, 'body');
      // An update without a status keeps the incident where it is.
      const update = newUpdate(ctx, input, current.lastUpdateStatus as IncidentStatus);
      const changed = { ...current, incidentUpdates: [update, ...current.incidentUpdates] };
      incidents(ctx).put(derive(changed, ctx.clock.now()));
      return { status: 200, body: update };
    });

    router.get('/v1/status-pages/incidents/:incidentId/incident-updates/:updateId', ({ params }) => ({
      status: 200,
      body: findUpdate(findIncident(ctx, params.incidentId!), params.updateId!),
    }));

    router.put('/v1/status-pages/incidents/:incidentId/incident-updates/:updateId', ({ params, body }) => {
      const current = findIncident(ctx, params.incidentId!);
      const existing = findUpdate(current, params.updateId!);
      const input = validate(incidentUpdateBodySchema, body, 'body');
      // The description is replaced; the optional fields keep their value when left out.
      const update: IncidentUpdate = {
        ...existing,
        description: input.description,
        status: input.status ?? existing.status,
        publicIncidentUpdateDate: input.publicIncidentUpdateDate
          ? new Date(input.publicIncidentUpdateDate).toISOString()
          : existing.publicIncidentUpdateDate,
        notifySubscribers: input.notifySubscribers ?? existing.notifySubscribers,
      };
      const updates = current.incidentUpdates.map((candidate) => (candidate.id === update.id ? update : candidate));
      incidents(ctx).put(derive({ ...current, incidentUpdates: updates }, ctx.clock.now()));
      return { status: 200, body: update };
    });
  },
};
