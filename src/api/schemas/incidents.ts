import { z } from 'zod';

export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

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
