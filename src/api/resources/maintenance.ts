import { sanitize } from '../../text/escape';
import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { rewordNotFound } from '../errors';
import { numberedPages } from '../paginate';
import { DATE_CONSTRAINTS, PAGE_LIMIT } from '../schemas/enums';
import type {
  DateFilter,
  MaintenanceWindow,
  MaintenanceWindowCreateBody,
  MaintenanceWindowUpdateBody,
} from '../schemas/maintenance';
import { readResponse } from '../read';
import type { NextCommand } from '../../text/next';

/*
 * Maintenance windows (the public description's /v1/maintenance-windows): a window silences
 * the alerts of the checks it covers while it is in force (api/maintenance-rules.ts). Each
 * request as data (for --dry-run and plans) and its call. A window's ID is a number.
 */

type Client = Pick<ApiClient, 'request'>;

const WINDOWS = '/v1/maintenance-windows';
const windowPath = (id: number | string) => `${WINDOWS}/${pathSegment(String(id))}`;

const windowNotFound = (error: unknown, id: number | string) =>
  rewordNotFound(
    error,
    `Maintenance window ${sanitize(String(id))} was not found.`,
    (next: NextCommand) => `${next('maintenance list')} shows the windows and their IDs.`,
  );

/** The list's query as mon asks for it: the page, its size, and the windows' start and end. */
export interface MaintenanceWindowListOptions {
  page?: number;
  limit?: number;
  startsAt?: DateFilter;
  endsAt?: DateFilter;
}

/**
 * GET /v1/maintenance-windows: one page. `limit` is always sent (the API's
 * default, 10, is not mon's 20); a filter goes as `startsAt[gte]=...`.
 */
export function maintenanceWindowListRequest(
  options: MaintenanceWindowListOptions = {},
): ApiRequest & { query: { limit: number; page?: number } } {
  const query: NonNullable<ApiRequest['query']> & { limit: number; page?: number } = {
    limit: options.limit ?? PAGE_LIMIT.default,
    ...(options.page !== undefined ? { page: options.page } : {}),
  };
  for (const field of ['startsAt', 'endsAt'] as const) {
    for (const operator of DATE_CONSTRAINTS) {
      const value = options[field]?.[operator];
      if (value !== undefined) query[`${field}[${operator}]`] = value;
    }
  }
  return { method: 'GET', path: WINDOWS, query };
}

/** The pages of GET /v1/maintenance-windows from `options.page` (or 1), each `{entries, raw, page}`. */
export function maintenanceWindowPages(client: Client, options: MaintenanceWindowListOptions = {}) {
  return numberedPages(client, maintenanceWindowListRequest(options), 'maintenanceWindowList');
}

export function getMaintenanceWindowRequest(id: number | string): ApiRequest {
  return { method: 'GET', path: windowPath(id) };
}

export async function getMaintenanceWindow(
  client: Client,
  id: number | string,
): Promise<{ window: MaintenanceWindow; raw: unknown }> {
  const request = getMaintenanceWindowRequest(id);
  try {
    const response = await client.request(request);
    return { window: await readResponse('maintenanceWindow', response, request), raw: response.body };
  } catch (error) {
    throw windowNotFound(error, id);
  }
}

export function createMaintenanceWindowRequest(body: MaintenanceWindowCreateBody): ApiRequest {
  return {
    method: 'POST',
    path: WINDOWS,
    body,
    uncertainHint: (next: NextCommand) =>
      `The window may have been opened even so: check with ${next('maintenance list')} before retrying, so it is not opened twice.`,
  };
}

/** POST /v1/maintenance-windows (201). */
export async function createMaintenanceWindow(
  client: Client,
  body: MaintenanceWindowCreateBody,
): Promise<{ window: MaintenanceWindow; raw: unknown }> {
  const request = createMaintenanceWindowRequest(body);
  const response = await client.request(request);
  return { window: await readResponse('maintenanceWindow', response, request), raw: response.body };
}

/** PUT /v1/maintenance-windows/{id}: what the body gives changes; the rest stays (ending a window: `endsAt` now). */
export function updateMaintenanceWindowRequest(id: number | string, body: MaintenanceWindowUpdateBody): ApiRequest {
  return { method: 'PUT', path: windowPath(id), body };
}

export async function updateMaintenanceWindow(
  client: Client,
  id: number | string,
  body: MaintenanceWindowUpdateBody,
): Promise<{ window: MaintenanceWindow; raw: unknown }> {
  const request = updateMaintenanceWindowRequest(id, body);
  try {
    const response = await client.request(request);
    return { window: await readResponse('maintenanceWindow', response, request), raw: response.body };
  } catch (error) {
    throw windowNotFound(error, id);
  }
}

export function deleteMaintenanceWindowRequest(id: number | string): ApiRequest {
  return {
    method: 'DELETE',
    path: windowPath(id),
    uncertainHint: (next: NextCommand) =>
      `Check with ${next('maintenance list')} whether the window is still there before retrying.`,
  };
}

/** DELETE /v1/maintenance-windows/{id} (204; any 2xx is success). */
export async function deleteMaintenanceWindow(client: Client, id: number | string): Promise<void> {
  try {
    await client.request({ ...deleteMaintenanceWindowRequest(id), anyBody: true });
  } catch (error) {
    throw windowNotFound(error, id);
  }
}
