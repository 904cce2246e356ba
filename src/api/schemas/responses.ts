import type { z } from 'zod';
import { checkListSchema, checkSchema, checkStatusListSchema, checkStatusSchema } from './checkReads';
import { checkResponseSchema, dnsCheckResponseSchema } from './checkResponses';
import { checkResultListSchema, checkResultSchema } from './checkResults';
import { checkSessionSchema, triggeredSessionsSchema } from './checkSessions';
import { availabilityResponseSchema, heartbeatCheckSchema, heartbeatEventsResponseSchema } from './heartbeats';
import { incidentListSchema, incidentSchema, incidentUpdateSchema } from './incidents';
import { maintenanceWindowListSchema, maintenanceWindowSchema } from './maintenance';
import { runtimeListSchema, runtimeSchema } from './runtimes';
import { statusPageListSchema, statusPageSchema } from './statusPages';

/*
 * Every answer mon reads, by name: api/read.ts checks a body against its shape (derived from
 * these schemas into api/answer-checks.generated.ts by `npm run answer-checks`) and loads a
 * schema here only to word what is wrong with a body that does not fit.
 */
export const RESPONSES = {
  incidentList: incidentListSchema,
  incident: incidentSchema,
  incidentUpdate: incidentUpdateSchema,
  statusPageList: statusPageListSchema,
  statusPage: statusPageSchema,
  checkList: checkListSchema,
  check: checkSchema,
  createdCheck: checkResponseSchema,
  /** A DNS check as its create and its update answer it. */
  dnsCheck: dnsCheckResponseSchema,
  checkStatusList: checkStatusListSchema,
  checkStatus: checkStatusSchema.nullable(),
  heartbeatCheck: heartbeatCheckSchema,
  heartbeatEvents: heartbeatEventsResponseSchema,
  availability: availabilityResponseSchema,
  runtimeList: runtimeListSchema,
  runtime: runtimeSchema,
  maintenanceWindowList: maintenanceWindowListSchema,
  maintenanceWindow: maintenanceWindowSchema,
  triggeredSessions: triggeredSessionsSchema,
  checkSession: checkSessionSchema,
  checkResultList: checkResultListSchema,
  checkResult: checkResultSchema,
} satisfies Record<string, z.ZodType>;

export type ResponseName = keyof typeof RESPONSES;
export type ResponseOf<N extends ResponseName> = z.infer<(typeof RESPONSES)[N]>;
