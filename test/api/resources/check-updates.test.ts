/**
 * api/resources/checks.ts's updates: PUT /v1/checks/{id} and PUT /v1/checks/dns/{id} as data
 * (method, path, exact body; never autoAssignAlerts), and the calls against a sandbox: the
 * answer read, a 404 said in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client';
import {
  createDnsCheck,
  updateCheck,
  updateCheckRequest,
  updateDnsCheck,
  updateDnsCheckRequest,
} from '../../../src/api/resources/checks';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../../helpers';

describe('the requests, as data', () => {
  it('PUT /v1/checks/{id} with the body as given, and no query', () => {
    expect(updateCheckRequest('c/1', { muted: true, tags: ['web'] })).toEqual({
      method: 'PUT',
      path: '/v1/checks/c%2F1',
      body: { muted: true, tags: ['web'] },
    });
  });

  it('PUT /v1/checks/dns/{id} with the body as given, and no query', () => {
    const body = { name: 'Web', request: { query: 'example.com', recordType: 'AAAA' as const } };
    expect(updateDnsCheckRequest('c1', body)).toEqual({ method: 'PUT', path: '/v1/checks/dns/c1', body });
  });
});

describe('the calls, against a sandbox', () => {
  let sandbox: Sandbox;
  let client: ApiClient;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    client = new ApiClient({ baseUrl: sandbox.url, apiKey: TEST_KEY, accountId: TEST_ACCOUNT, timeoutMs: 30_000 });
  });
  afterAll(() => sandbox.close());

  it('updates a check either way and reads the answer; says when there is no such check', async () => {
    const { check } = await createDnsCheck(client, {
      name: 'Web',
      request: { query: 'example.com', recordType: 'A' },
      heartbeat: {},
      script: '',
    });
    const muted = await updateCheck(client, check.id, { muted: true });
    expect(muted.check).toMatchObject({ id: check.id, name: 'Web', muted: true, updated_at: expect.any(String) });
    const renamed = await updateDnsCheck(client, check.id, { name: 'Web DNS', frequency: 5 });
    expect(renamed.check).toMatchObject({ id: check.id, name: 'Web DNS', muted: true, frequency: 5 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(updateCheck(client, unknown, { muted: false })).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining(`Check "${unknown}" was not found.`),
    });
    await expect(updateDnsCheck(client, unknown, { name: 'x' })).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining(`DNS check "${unknown}" was not found.`),
      hint: '`mon checks list --type DNS` shows the DNS checks and their IDs.',
    });
    expect(sandbox.requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      `/v1/checks/${check.id}`,
      `/v1/checks/dns/${check.id}`,
      `/v1/checks/${unknown}`,
      `/v1/checks/dns/${unknown}`,
    ]);
  });
});
