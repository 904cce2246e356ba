import type { z } from 'zod';
import { checkListSchema, checkSchema, checkStatusListSchema, checkStatusSchema } from './checkReads';
import { checkResponseSchema, dnsCheckResponseSchema } from './checkResponses';
import { checkResultListSchema, checkResultSchema } from './checkResults';
import { checkSessionSchema, triggeredSessionsSchema } from './checkSessions';
import { availabilityResponseSchema, heartbeatCheckSchema, heartbeatEventsResponseSchema } from './heartbeats';
import { incidentListSchema, incidentSchema, incidentUpdateSchema } from './incidents';
import { maintenanceWindowListSchema, maintenanceWindowSchema } from './maintenance';
import { runtimeListSchema, runtimeSchema } from './runtimes';
import { shapeOf } from './shape-of';
import { statusPageListSchema, statusPageSchema } from './statusPages';
import { checksSource, type Shape } from '../shape';

/*
 * Every answer mon reads, by name: api/read.ts checks a body against its shape (derived from
 * these schemas when mon is built: answerChecksSource) and loads a schema here only to word
 * what is wrong with a body that does not fit.
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

/** The shape of every answer, an answer inside another (the entries of a page) written as a reference to it. */
export function responseShapes(): Record<ResponseName, Shape> {
  const named = new Map(Object.entries(RESPONSES).map(([name, schema]) => [schema as z.ZodType, name]));
  return Object.fromEntries(
    Object.entries(RESPONSES).map(([name, schema]) => [name, shapeOf(schema, `the answer "${name}"`, named)]),
  ) as Record<ResponseName, Shape>;
}

/** The source of `mon:answer-checks` (scripts/answer-checks.mjs): every answer's check, written from its shape. */
export function answerChecksSource(): string {
  return checksSource(responseShapes());
}
