import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import { frozenClock, memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../../helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

async function call(method: string, path: string, body?: unknown, on: Sandbox = sandbox) {
  const response = await fetch(on.url + path, {
    method,
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const service = (id: string = SEED_SERVICES.checkout) => ({
  id,
  name: 'whatever the client says',
  accountId: TEST_ACCOUNT,
});
const createBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Checkout errors',
  severity: 'MAJOR',
  services: [service()],
  incidentUpdates: [{ description: 'Looking into it.' }],
  ...overrides,
});

describe('sandbox incidents', () => {
  it('creates an incident with the services as the status pages hold them, and its first update', async () => {
    const created = await call('POST', '/v1/status-pages/incidents', createBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
      lastUpdateStatus: 'INVESTIGATING',
      duration: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(created.body.incidentUpdates).toEqual([
      {
        id: expect.any(String),
        description: 'Looking into it.',
        status: 'INVESTIGATING',
        publicIncidentUpdateDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        created_at: expect.any(String),
        notifySubscribers: false,
      },
    ]);
    const read = await call('GET', `/v1/status-pages/incidents/${created.body.id}`);
    expect(read.body).toEqual(created.body);
  });

  it.each([
    ['a name of 256 characters', { name: 'x'.repeat(256) }, 'body.name: must be at most 255 characters'],
    ['no service', { services: [] }, 'body.services: needs at least one service'],
    ['an unknown severity', { severity: 'major' }, 'body.severity: must be one of CRITICAL, MAJOR, MEDIUM, MINOR'],
    [
      'an unknown status',
      { incidentUpdates: [{ description: 'x', status: 'FIXED' }] },
      'body.incidentUpdates[0].status: must be one of',
    ],
    [
      'two incident updates',
      { incidentUpdates: [{ description: 'a' }, { description: 'b' }] },
      'must hold exactly one incident update',
    ],
    ['no incident update', { incidentUpdates: undefined }, 'body.incidentUpdates: is required'],
    [
      'a service without accountId',
      { services: [{ id: SEED_SERVICES.api, name: 'Public API' }] },
      'body.services[0].accountId: is required',
    ],
    [
      'a date that is not a date-time',
      { incidentUpdates: [{ description: 'x', publicIncidentUpdateDate: 'yesterday' }] },
      'must be an ISO 8601 date-time',
    ],
  ])('answers 400 to %s, and stores nothing', async (_what, overrides, message) => {
    const response = await call('POST', '/v1/status-pages/incidents', createBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.message).toContain(message);
    expect((await call('GET', '/v1/status-pages/incidents')).body.length).toBe(0);
  });

  it('accepts a name of exactly 255 characters', async () => {
    expect((await call('POST', '/v1/status-pages/incidents', createBody({ name: 'x'.repeat(255) }))).status).toBe(201);
  });

  it('answers 404 for a service that is on no status page', async () => {
    const response = await call(
      'POST',
      '/v1/status-pages/incidents',
      createBody({ services: [service('not-a-service')] }),
    );
    expect(response).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Service not-a-service not found on any status page' },
    });
  });

  it('keeps lastUpdateStatus on the newest update by publicIncidentUpdateDate, and sets duration in seconds when resolved', async () => {
    const { body: incident } = await call('POST', '/v1/status-pages/incidents', createBody());
    const updates = `/v1/status-pages/incidents/${incident.id}/incident-updates`;
    sandbox.clock.advance(600_000);
    const identified = await call('POST', updates, { description: 'Found it', status: 'IDENTIFIED' });
    expect(identified.status).toBe(200);
    // Dated before the newest one: it joins the timeline but does not become the status.
    const earlier = new Date(Date.parse(identified.body.publicIncidentUpdateDate) - 60_000).toISOString();
    await call('POST', updates, {
      description: 'Backfilled note',
      status: 'MONITORING',
      publicIncidentUpdateDate: earlier,
    });
    let read = (await call('GET', `/v1/status-pages/incidents/${incident.id}`)).body;
    expect(read.lastUpdateStatus).toBe('IDENTIFIED');
    expect(read.incidentUpdates.map((update: { description: string }) => update.description)).toEqual([
      'Found it',
      'Backfilled note',
      'Looking into it.',
    ]);
    expect(read.duration).toBeNull();

    sandbox.clock.advance(3_000_000);
    const resolved = await call('POST', updates, { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true });
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', notifySubscribers: true });
    read = (await call('GET', `/v1/status-pages/incidents/${incident.id}`)).body;
    expect(read.lastUpdateStatus).toBe('RESOLVED');
    expect(read.duration).toBe(3600);

    // An update without a status keeps the incident where it is; reopening clears duration.
    expect((await call('POST', updates, { description: 'Post-mortem to follow' })).body.status).toBe('RESOLVED');
    await call('POST', updates, { description: 'It is back', status: 'INVESTIGATING' });
    read = (await call('GET', `/v1/status-pages/incidents/${incident.id}`)).body;
    expect(read).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null });
  });

  it('changes name, severity and services with PUT, keeping the updates', async () => {
    const { body: incident } = await call('POST', '/v1/status-pages/incidents', createBody());
    const put = await call('PUT', `/v1/status-pages/incidents/${incident.id}`, {
      name: 'Payments down',
      severity: 'CRITICAL',
      services: [service(SEED_SERVICES.checkout), service(SEED_SERVICES.payouts)],
      lastUpdateStatus: 'RESOLVED',
      duration: 5,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Payments down',
      severity: 'CRITICAL',
      lastUpdateStatus: 'INVESTIGATING',
      duration: null,
    });
    expect(put.body.services.map((s: { name: string }) => s.name)).toEqual(['Checkout', 'Payouts']);
    expect(put.body.incidentUpdates).toEqual(incident.incidentUpdates);
    const bad = await call('PUT', `/v1/status-pages/incidents/${incident.id}`, {
      name: 'x',
      severity: 'MAJOR',
      services: [],
    });
    expect(bad.status).toBe(400);
    const missing = await call('PUT', '/v1/status-pages/incidents/nope', {
      name: 'x',
      severity: 'MAJOR',
      services: [service()],
    });
    expect(missing.status).toBe(404);
  });

  it('reads and edits one update; what the PUT leaves out stays', async () => {
    const { body: incident } = await call('POST', '/v1/status-pages/incidents', createBody());
    const first = incident.incidentUpdates[0];
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates/${first.id}`;
    expect((await call('GET', path)).body).toEqual(first);
    const edited = await call('PUT', path, { description: 'Corrected', status: 'IDENTIFIED' });
    expect(edited.body).toEqual({ ...first, description: 'Corrected', status: 'IDENTIFIED' });
    expect((await call('GET', `/v1/status-pages/incidents/${incident.id}`)).body.lastUpdateStatus).toBe('IDENTIFIED');
    expect((await call('PUT', path, { status: 'IDENTIFIED' })).status).toBe(400);
    expect((await call('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates/nope`)).body.message).toBe(
      'Incident update nope not found',
    );
  });

  it('lists newest first with nextId paging, and shows incidents on their status pages', async () => {
    for (let i = 1; i <= 5; i++)
      await call('POST', '/v1/status-pages/incidents', createBody({ name: `Incident ${i}` }));
    const first = (await call('GET', '/v1/status-pages/incidents?limit=2')).body;
    expect(first.entries.map((incident: { name: string }) => incident.name)).toEqual(['Incident 5', 'Incident 4']);
    expect(first.length).toBe(2);
    const second = (await call('GET', `/v1/status-pages/incidents?limit=2&nextId=${first.nextId}`)).body;
    expect(second.entries.map((incident: { name: string }) => incident.name)).toEqual(['Incident 3', 'Incident 2']);
    expect((await call('GET', '/v1/status-pages/incidents?limit=101')).status).toBe(400);

    const pages = (await call('GET', '/v1/status-pages')).body.entries as {
      name: string;
      incidents: { name: string }[];
    }[];
    expect(pages.find((page) => page.name === 'Acme Payments')!.incidents).toHaveLength(5);
    expect(pages.find((page) => page.name === 'Acme Cloud')!.incidents).toHaveLength(0);
  });

  it('a status page carries its open incidents without their updates, not every incident ever made', async () => {
    const open = (await call('POST', '/v1/status-pages/incidents', createBody({ name: 'Open' }))).body;
    const closed = (await call('POST', '/v1/status-pages/incidents', createBody({ name: 'Closed' }))).body;
    await call('POST', `/v1/status-pages/incidents/${closed.id}/incident-updates`, {
      description: 'Fixed.',
      status: 'RESOLVED',
    });
    const pages = (await call('GET', '/v1/status-pages')).body.entries as {
      name: string;
      incidents: Record<string, unknown>[];
    }[];
    const payments = pages.find((page) => page.name === 'Acme Payments')!;
    expect(payments.incidents.map((incident) => incident.name)).toEqual(['Open']);
    expect(payments.incidents[0]).toMatchObject({
      id: open.id,
      severity: open.severity,
      lastUpdateStatus: 'INVESTIGATING',
    });
    expect(payments.incidents[0]).not.toHaveProperty('incidentUpdates');
  });

  it('keeps incidents across a restart with a data file', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-incidents-')), 'data.jsonl');
    const first = await memorySandbox({ dataFile });
    const { body: incident } = await call('POST', '/v1/status-pages/incidents', createBody(), first);
    await call(
      'POST',
      `/v1/status-pages/incidents/${incident.id}/incident-updates`,
      { description: 'Fixed', status: 'RESOLVED' },
      first,
    );
    await first.close();
    const second = await memorySandbox({ dataFile });
    try {
      const read = await call('GET', `/v1/status-pages/incidents/${incident.id}`, undefined, second);
      expect(read.body).toMatchObject({ lastUpdateStatus: 'RESOLVED' });
      expect(read.body.incidentUpdates).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
