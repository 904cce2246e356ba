import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { rewordNotFound } from '../errors';
import { pages } from '../paginate';
import type {
  Incident,
  IncidentCreateBody,
  IncidentPutBody,
  IncidentUpdate,
  IncidentUpdateBody,
} from '../schemas/incidents';
import { readResponse } from '../read';
import type { Hint } from '../../text/next';

type Client = Pick<ApiClient, 'request'>;

const INCIDENTS = '/v1/status-pages/incidents';

const incidentPath = (id: string) => `${INCIDENTS}/${pathSegment(id)}`;
const updatesPath = (incidentId: string) => `${incidentPath(incidentId)}/incident-updates`;

/** How to find out whether a POST that failed half-way went through. */
export const checkIncidentHint =
  (incidentId: string): Hint =>
  (next) =>
    `Check with ${next(`incidents get ${incidentId}`)} whether the update was posted before retrying, so it is not posted twice.`;
export const CHECK_CREATED_HINT: Hint = (next) =>
  `Check with ${next('incidents list')} whether the incident was opened before retrying, so it is not opened twice.`;

const notFound = (error: unknown, incidentId: string) =>
  rewordNotFound(
    error,
    `Incident "${incidentId}" was not found.`,
    (next) => `${next('incidents list --status all')} shows incidents and their IDs.`,
  );

/** The pages of GET /v1/status-pages/incidents (newest first), from `nextId` (or the start). */
export function incidentPages(client: Client, query: { limit?: number; nextId?: string }) {
  return pages(client, { method: 'GET', path: INCIDENTS, query }, 'incidentList');
}

export function getIncidentRequest(incidentId: string): ApiRequest {
  return { method: 'GET', path: incidentPath(incidentId) };
}

export async function getIncident(client: Client, incidentId: string): Promise<{ incident: Incident; raw: unknown }> {
  const request = getIncidentRequest(incidentId);
  try {
    const response = await client.request(request);
    return { incident: await readResponse('incident', response, request), raw: response.body };
  } catch (error) {
    throw notFound(error, incidentId);
  }
}

export function createIncidentRequest(body: IncidentCreateBody): ApiRequest {
  return { method: 'POST', path: INCIDENTS, body, uncertainHint: CHECK_CREATED_HINT };
}

export async function createIncident(
  client: Client,
  body: IncidentCreateBody,
): Promise<{ incident: Incident; raw: unknown }> {
  const request = createIncidentRequest(body);
  const response = await client.request(request);
  return { incident: await readResponse('incident', response, request), raw: response.body };
}

export function putIncidentRequest(incidentId: string, body: IncidentPutBody): ApiRequest {
  return { method: 'PUT', path: incidentPath(incidentId), body };
}

export async function putIncident(
  client: Client,
  incidentId: string,
  body: IncidentPutBody,
): Promise<{ incident: Incident; raw: unknown }> {
  const request = putIncidentRequest(incidentId, body);
  try {
    const response = await client.request(request);
    return { incident: await readResponse('incident', response, request), raw: response.body };
  } catch (error) {
    throw notFound(error, incidentId);
  }
}

export function postIncidentUpdateRequest(incidentId: string, body: IncidentUpdateBody): ApiRequest {
  return { method: 'POST', path: updatesPath(incidentId), body, uncertainHint: checkIncidentHint(incidentId) };
}

export async function postIncidentUpdate(
  client: Client,
  incidentId: string,
  body: IncidentUpdateBody,
): Promise<{ update: IncidentUpdate; raw: unknown }> {
  const request = postIncidentUpdateRequest(incidentId, body);
  try {
    const response = await client.request(request);
    return { update: await readResponse('incidentUpdate', response, request), raw: response.body };
  } catch (error) {
    throw notFound(error, incidentId);
  }
}

const updateNotFound = (error: unknown, incidentId: string, updateId: string) =>
  rewordNotFound(
    error,
    `Incident update "${updateId}" of incident "${incidentId}" was not found.`,
    (next) => `${next(`incidents get ${incidentId}`)} lists the incident's updates and their IDs.`,
  );

export function getIncidentUpdateRequest(incidentId: string, updateId: string): ApiRequest {
  return { method: 'GET', path: `${updatesPath(incidentId)}/${pathSegment(updateId)}` };
}

export async function getIncidentUpdate(
  client: Client,
  incidentId: string,
  updateId: string,
): Promise<{ update: IncidentUpdate; raw: unknown }> {
  const request = getIncidentUpdateRequest(incidentId, updateId);
  try {
    const response = await client.request(request);
    return { update: await readResponse('incidentUpdate', response, request), raw: response.body };
  } catch (error) {
    throw updateNotFound(error, incidentId, updateId);
  }
}

export function putIncidentUpdateRequest(incidentId: string, updateId: string, body: IncidentUpdateBody): ApiRequest {
  return { method: 'PUT', path: `${updatesPath(incidentId)}/${pathSegment(updateId)}`, body };
}

export async function putIncidentUpdate(
  client: Client,
  incidentId: string,
  updateId: string,
  body: IncidentUpdateBody,
): Promise<{ update: IncidentUpdate; raw: unknown }> {
  const request = putIncidentUpdateRequest(incidentId, updateId, body);
  try {
    const response = await client.request(request);
    return { update: await readResponse('incidentUpdate', response, request), raw: response.body };
  } catch (error) {
    throw updateNotFound(error, incidentId, updateId);
  }
}
