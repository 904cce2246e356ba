/**
 * The incident and runtime values of the API (docs/API.md), kept free of zod so that flag tables, help
 * and shell completions can list them without loading the schemas (like checkValues.ts).
 */

export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_NAME_MAX = 255;

export const RUNTIME_IDS = ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10'] as const;
export const RUNTIME_STAGES = ['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE'] as const;

/** Page size of the status-page and incident lists: 1 to 100, default 20. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** The heartbeat events read returns at most this many events per request (spec: limit <= 10, default 10). */
export const EVENTS_LIMIT = { min: 1, max: 10, default: 10 } as const;
