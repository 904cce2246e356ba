import { z } from 'zod';
import { paginated } from './common';
import { INCIDENT_NAME_MAX, INCIDENT_STATUSES, SEVERITIES } from './enums';

/** A service as responses carry it (status-page cards, incidents). */
export const serviceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  accountId: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type Service = z.infer<typeof serviceSchema>;

export const incidentUpdateSchema = z.looseObject({
  id: z.string(),
  description: z.string(),
  status: z.string().optional(),
  publicIncidentUpdateDate: z.string().optional(),
  created_at: z.string().optional(),
  notifySubscribers: z.boolean().optional(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  severity: z.string(),
  services: z.array(serviceSchema),
  incidentUpdates: z.array(incidentUpdateSchema),
  lastUpdateStatus: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
  duration: z.number().nullable().optional(),
});
export type Incident = z.infer<typeof incidentSchema>;

/*
 * Request bodies. These are the API's rules (docs/API.md), checked by the client before anything is sent
 * and by the sandbox (400) with the same schemas. The enums are exact here; the commands
 * accept any case and upper-case it first.
 */

export const severitySchema = z.enum(SEVERITIES, { error: `must be one of ${SEVERITIES.join(', ')}` });
export const incidentStatusSchema = z.enum(INCIDENT_STATUSES, {
  error: `must be one of ${INCIDENT_STATUSES.join(', ')}`,
});
export const incidentNameSchema = z
  .string({ error: 'is required' })
  .max(INCIDENT_NAME_MAX, { error: `must be at most ${INCIDENT_NAME_MAX} characters` });

/** A service as a request names it: name, id and accountId are required (the OpenAPI description's IncidentService). */
export const incidentServiceBodySchema = z.object({
  id: z.string({ error: 'is required' }).min(1, { error: 'must not be empty' }),
  name: z.string({ error: 'is required' }),
  accountId: z.string({ error: 'is required' }),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type IncidentServiceBody = z.infer<typeof incidentServiceBodySchema>;

const servicesBodySchema = z
  .array(incidentServiceBodySchema, { error: 'is required' })
  .min(1, { error: 'needs at least one service' });

const dateTimeSchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

/** POST .../incident-updates and PUT .../incident-updates/{id}: only the description is required. */
export const incidentUpdateBodySchema = z.object({
  description: z.string({ error: 'is required' }),
  status: incidentStatusSchema.optional(),
  publicIncidentUpdateDate: dateTimeSchema.optional(),
  notifySubscribers: z.boolean({ error: 'must be true or false' }).optional(),
  id: z.string().optional(),
  created_at: z.string().optional(),
});
export type IncidentUpdateBody = z.infer<typeof incidentUpdateBodySchema>;

/** Fields of an incident a request may carry but the server decides (the OpenAPI description's StatusPageV2IncidentCommon). */
const serverDecidedFields = {
  id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  lastUpdateStatus: incidentStatusSchema.optional(),
  duration: z.number().int().nullable().optional(),
};

/** PUT /v1/status-pages/incidents/{id}: name, severity and services. */
export const incidentPutBodySchema = z.object({
  name: incidentNameSchema,
  severity: severitySchema,
  services: servicesBodySchema,
  ...serverDecidedFields,
});
export type IncidentPutBody = z.infer<typeof incidentPutBodySchema>;

/** POST /v1/status-pages/incidents: the PUT body plus exactly one incident update. */
export const incidentCreateBodySchema = incidentPutBodySchema.extend({
  incidentUpdates: z
    .array(incidentUpdateBodySchema, { error: 'is required' })
    .length(1, { error: 'must hold exactly one incident update' }),
});
export type IncidentCreateBody = z.infer<typeof incidentCreateBodySchema>;

export const incidentListSchema = paginated(incidentSchema);
