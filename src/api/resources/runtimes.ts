import type { ApiClient } from '../client';
import { pathSegment, type ApiRequest } from '../request';
import { rewordNotFound } from '../errors';
import type { Runtime } from '../schemas/runtimes';
import { readResponse } from '../read';

type Client = Pick<ApiClient, 'request'>;

export async function listRuntimes(client: Client): Promise<{ runtimes: Runtime[]; raw: unknown }> {
  const request: ApiRequest = { method: 'GET', path: '/v1/runtimes' };
  const response = await client.request(request);
  return { runtimes: await readResponse('runtimeList', response, request), raw: response.body };
}

export async function getRuntime(client: Client, id: string): Promise<{ runtime: Runtime; raw: unknown }> {
  const request: ApiRequest = { method: 'GET', path: `/v1/runtimes/${pathSegment(id)}` };
  try {
    const response = await client.request(request);
    return { runtime: await readResponse('runtime', response, request), raw: response.body };
  } catch (error) {
    throw rewordNotFound(
      error,
      `Runtime "${id}" was not found.`,
      (next) => `${next('runtimes list')} shows the available runtimes.`,
    );
  }
}
