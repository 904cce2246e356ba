/**
 * The sandbox's check updates over HTTP, without mon: PUT /v1/checks/{id} and PUT
 * /v1/checks/dns/{id} change what the body gives and keep the rest, set updated_at, and hold
 * the create's rules on the check as updated (each bound on both sides); 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox } from '../../helpers';
import { call } from '../fixture';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Check = Record<string, unknown> & { id: string; updated_at: string | null };

let sandbox: Sandbox;
let now = T0;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
});
afterAll(() => sandbox.close());

const base = { request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' };

async function createDns(extra: Record<string, unknown> = {}): Promise<Check> {
  const created = await call(sandbox, 'POST', '/v1/checks/dns', { name: 'Web', tags: ['web'], ...base, ...extra });
  expect(created.status).toBe(201);
  return created.body as Check;
}

async function put(path: string, body: unknown): Promise<{ status: number; body: Check & { message: string } }> {
  return (await call(sandbox, 'PUT', path, body)) as { status: number; body: Check & { message: string } };
}

describe('PUT /v1/checks/{id}', () => {
  it('changes what the body gives, keeps the rest, and sets updated_at', async () => {
    const check = await createDns({ frequency: 5, description: 'Kept' });
    now = T0 + 60_000;
    const changed = await put(`/v1/checks/${check.id}`, {
      name: 'Web (renamed)',
      tags: ['web', 'prod'],
      request: { query: 'example.org', recordType: 'AAAA' },
      alertSettings: { reminders: { amount: 2 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...check,
      name: 'Web (renamed)',
      tags: ['web', 'prod'],
      // The request is replaced whole, with the API's defaults; alert settings are filled in.
      request: { query: 'example.org', recordType: 'AAAA', protocol: 'UDP', assertions: [] },
      alertSettings: { ...(check.alertSettings as object), reminders: { amount: 2, interval: 5 } },
      updated_at: new Date(T0 + 60_000).toISOString(),
    });
    expect((await call(sandbox, 'GET', `/v1/checks/${check.id}`)).body).toEqual(changed.body);
    now = T0;
  });

  it('changes the alert subscriptions only as the body says (autoAssignAlerts is checked, not applied)', async () => {
    const check = await createDns();
    const one = await put(`/v1/checks/${check.id}?autoAssignAlerts=true`, {
      alertChannelSubscriptions: [{ alertChannelId: 1001, activated: true }],
    });
    expect(one.body.alertChannelSubscriptions).toEqual([{ alertChannelId: 1001, activated: true }]);
    const kept = await put(`/v1/checks/${check.id}`, { muted: true });
    expect(kept.body).toMatchObject({
      muted: true,
      alertChannelSubscriptions: [{ alertChannelId: 1001, activated: true }],
    });
    const refused = await put(`/v1/checks/${check.id}?autoAssignAlerts=maybe`, { muted: false });
    expect(refused.body.message).toBe('query.autoAssignAlerts: must be true or false');
    const unknown = await put(`/v1/checks/${check.id}`, {
      alertChannelSubscriptions: [{ alertChannelId: 9, activated: true }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain(
      'body.alertChannelSubscriptions[0].alertChannelId: there is no alert channel 9',
    );
  });

  it.each([
    ['frequencyOffset 100 with the stored frequency 10', { frequencyOffset: 100 }],
    ['frequencyOffset 1', { frequencyOffset: 1 }],
    ['degradedResponseTime at the stored maximum (1000)', { degradedResponseTime: 1000 }],
    ['maxResponseTime 5000', { maxResponseTime: 5000 }],
    ['a description of 500 characters', { description: 'x'.repeat(500) }],
    ['an empty body (only updated_at changes)', {}],
    ['heartbeat, script and sslCheckDomain null', { heartbeat: null, script: null, sslCheckDomain: null }],
  ])('accepts %s', async (_what, body) => {
    const check = await createDns();
    expect((await put(`/v1/checks/${check.id}`, body)).status).toBe(200);
  });

  it.each([
    [
      'frequencyOffset 101 with the stored frequency 10',
      {},
      { frequencyOffset: 101 },
      'body.frequencyOffset: must be between 1 and 100 for frequency 10',
    ],
    [
      'a frequency that makes the stored offset too large',
      { frequency: 10, frequencyOffset: 100 },
      { frequency: 5 },
      'body.frequencyOffset: must be between 1 and 50 for frequency 5',
    ],
    ['frequencyOffset 0', {}, { frequencyOffset: 0 }, 'body.frequencyOffset: must be a whole number >= 1'],
    [
      'degradedResponseTime above the stored maximum',
      {},
      { degradedResponseTime: 1001 },
      'body.degradedResponseTime: must not be greater than maxResponseTime 1000',
    ],
    ['maxResponseTime 5001', {}, { maxResponseTime: 5001 }, 'body.maxResponseTime: must be between 0 and 5000'],
    [
      'frequency 0 for a DNS check',
      {},
      { frequency: 0, frequencyOffset: 10 },
      'body.frequency: 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks',
    ],
    ['a description of 501 characters', {}, { description: 'x'.repeat(501) }, 'body.description: must be at most 500'],
    ['an empty name', {}, { name: ' ' }, 'body.name: must not be empty'],
    ['a request without its record type', {}, { request: { query: 'x' } }, 'body.request.recordType: is required'],
    ['an unknown field', {}, { checkType: 'API' }, 'body: has unknown field "checkType"'],
    [
      'an incident trigger on no service',
      {},
      {
        triggerIncident: {
          serviceId: UNKNOWN,
          severity: 'MINOR',
          name: 'x',
          description: 'x',
          notifySubscribers: false,
        },
      },
      'body.triggerIncident.serviceId: there is no service',
    ],
  ])('refuses %s (400), and changes nothing', async (_what, created, body, says) => {
    const check = await createDns(created);
    const refused = await put(`/v1/checks/${check.id}`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(says);
    expect((await call(sandbox, 'GET', `/v1/checks/${check.id}`)).body).toEqual(check);
  });

  it('allows frequency 0 to a check of the deprecated create of type API', async () => {
    const created = await call(sandbox, 'POST', '/v1/checks', { name: 'Api', type: 'API', ...base });
    const id = (created.body as Check).id;
    const changed = await put(`/v1/checks/${id}`, { frequency: 0, frequencyOffset: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ checkType: 'API', frequency: 0, frequencyOffset: 10 });
  });

  it('updates a heartbeat monitor by its check ID as PUT /v1/checks/heartbeat/{id} does', async () => {
    const beat = (sandbox.banner().json.heartbeats as { checkId: string }[])[0]!.checkId;
    const changed = await put(`/v1/checks/${beat}`, { muted: true, tags: ['jobs'] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: beat, checkType: 'HEARTBEAT', muted: true, tags: ['jobs'] });
  });

  it('404 for an unknown check', async () => {
    expect(await put(`/v1/checks/${UNKNOWN}`, { name: 'x' })).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: `Check ${UNKNOWN} not found` },
    });
  });
});

describe('PUT /v1/checks/dns/{id}', () => {
  it('needs the name; what the service decides may come back and stays as it is', async () => {
    const check = await createDns();
    now = T0 + 1000;
    const changed = await put(`/v1/checks/dns/${check.id}`, {
      ...check,
      id: UNKNOWN,
      created_at: '1999-01-01',
      name: 'Web DNS',
      frequency: 60,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...check,
      name: 'Web DNS',
      frequency: 60,
      updated_at: new Date(T0 + 1000).toISOString(),
    });
    now = T0;
  });

  it.each([
    ['no name', { frequency: 5 }, 'body.name: is required'],
    ['a check type that is not DNS', { name: 'x', checkType: 'API' }, 'body.checkType: must be DNS'],
    ["a script check's field", { name: 'x', script: '' }, 'body: has unknown field "script"'],
    [
      'frequencyOffset 101 with frequency 10',
      { name: 'x', frequencyOffset: 101 },
      'body.frequencyOffset: must be between 1 and 100',
    ],
  ])('refuses %s (400)', async (_what, body, says) => {
    const check = await createDns();
    const refused = await put(`/v1/checks/dns/${check.id}`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(says);
  });

  it('404 for a check that is not a DNS check, or none', async () => {
    const created = await call(sandbox, 'POST', '/v1/checks', { name: 'Api', type: 'API', ...base });
    const id = (created.body as Check).id;
    expect((await put(`/v1/checks/dns/${id}`, { name: 'x' })).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `DNS check ${id} not found`,
    });
    expect((await put(`/v1/checks/dns/${UNKNOWN}`, { name: 'x' })).status).toBe(404);
  });
});
