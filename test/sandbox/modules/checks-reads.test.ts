/**
 * The sandbox's reads of checks: GET /v1/checks (every check created through it and every
 * heartbeat monitor, page-numbered, filtered), GET|DELETE /v1/checks/{id}, the check statuses
 * (heartbeats from their pings and the sandbox clock; others passing unless the control
 * says otherwise) and one status page, as a client sees them over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, TEST_KEY } from '../../helpers';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const MINUTE = 60_000;
const ACME_CLOUD = '5a0c1f0e-8d2b-4e6f-a1c3-000000000001';

interface Answer<T = unknown> {
  status: number;
  body: T;
}
type CheckBody = {
  id: string;
  name: string;
  checkType: string;
  tags: string[];
  created_at: string;
  heartbeat?: Record<string, unknown>;
};
type StatusBody = {
  name: string;
  checkId: string;
  hasFailures: boolean;
  isDegraded: boolean;
  lastCheckRunId: string | null;
  updated_at: string | null;
};

let sandbox: Sandbox;
let now = T0;

async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      // A connection of its own: a kept-alive one idle for the sandbox's 5 s can be closed as it is reused (under load).
      connection: 'close',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function createDns(name: string, tags: string[] = []): Promise<CheckBody> {
  const body = { name, tags, request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' };
  const created = await call<CheckBody>('POST', '/v1/checks/dns', body);
  expect(created.status).toBe(201);
  return created.body;
}

const names = (answer: Answer<CheckBody[]>) => answer.body.map((check) => check.name);
const heartbeats = () =>
  sandbox.banner().json.heartbeats as { name: string; checkId: string; pingToken: string; pingUrl: string }[];

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => now });
  await createDns('Homepage DNS', ['web', 'prod']);
  await createDns('API DNS', ['api', 'prod']);
  await createDns('Mail MX', ['mail']);
  const legacy = await call('POST', '/v1/checks', {
    type: 'API',
    name: 'Legacy API',
    request: { query: 'api.example.com', recordType: 'A' },
    heartbeat: {},
    script: '',
  });
  expect(legacy.status).toBe(201);
});
afterAll(() => sandbox.close());

describe('GET /v1/checks', () => {
  it('lists the checks created through the sandbox and the heartbeat monitors, by name, 10 to a page by default', async () => {
    const all = await call<CheckBody[]>('GET', '/v1/checks');
    expect(all.status).toBe(200);
    expect(names(all)).toEqual([
      'API DNS',
      'Checkout DNS',
      'Homepage DNS',
      'Hourly report',
      'Legacy API',
      'Mail MX',
      'Nightly backup',
      'Queue worker',
    ]);
    const backup = all.body.find((check) => check.name === 'Nightly backup')!;
    const seeded = heartbeats().find((monitor) => monitor.name === 'Nightly backup')!;
    expect(backup).toMatchObject({
      id: seeded.checkId,
      checkType: 'HEARTBEAT',
      heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours', pingToken: seeded.pingToken },
    });
    // A heartbeat monitor's created_at is the moment its clock started (as POST /v1/checks/heartbeat answers it).
    expect(backup.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(all.body.find((check) => check.name === 'Legacy API')?.checkType).toBe('API');
  });

  it('pages by number: `limit` entries a page, the last one short, past the end empty', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => call<CheckBody[]>('GET', `/v1/checks?limit=2&page=${page}`)),
    );
    expect(pages.map(names)).toEqual([
      ['API DNS', 'Checkout DNS'],
      ['Homepage DNS', 'Hourly report'],
      ['Legacy API', 'Mail MX'],
      ['Nightly backup', 'Queue worker'],
    ]);
    expect(names(await call<CheckBody[]>('GET', '/v1/checks?limit=2&page=5'))).toEqual([]);
  });

  it('filters by type, by any of several tags, by a part of the name in any case, and by status', async () => {
    expect(names(await call('GET', '/v1/checks?checkType=HEARTBEAT'))).toEqual([
      'Hourly report',
      'Nightly backup',
      'Queue worker',
    ]);
    expect(names(await call('GET', '/v1/checks?tag=web&tag=mail'))).toEqual(['Homepage DNS', 'Mail MX']);
    expect(names(await call('GET', '/v1/checks?search=dNs'))).toEqual(['API DNS', 'Checkout DNS', 'Homepage DNS']);
    expect(names(await call('GET', '/v1/checks?checkType=DNS&tag=prod&search=home'))).toEqual(['Homepage DNS']);
    expect(names(await call('GET', '/v1/checks?status=failing'))).toEqual([]);
  });

  it('refuses a query outside the rules with 400 naming the parameter', async () => {
    for (const [query, message] of [
      ['limit=101', 'query.limit: must be a whole number from 1 to 100'],
      ['page=0', 'query.page: must be a whole number >= 1'],
      ['checkType=PING', 'query.checkType: must be one of'],
      ['status=down', 'query.status: must be one of passing, failing, degraded'],
    ]) {
      const answer = await call<{ message: string }>('GET', `/v1/checks?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toContain(message);
    }
  });
});

describe('one check, its status and the control', () => {
  it('reads one check of either kind, and answers 404 for an unknown ID', async () => {
    const { checkId } = heartbeats()[0]!;
    expect((await call<CheckBody>('GET', `/v1/checks/${checkId}`)).body.checkType).toBe('HEARTBEAT');
    const dns = await createDns('Read me');
    expect((await call<CheckBody>('GET', `/v1/checks/${dns.id}`)).body).toMatchObject({ name: 'Read me' });
    const missing = await call<{ message: string }>('GET', '/v1/checks/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } });
  });

  it('keeps a check passing until the control fails it, degrades it or passes it again, since that moment', async () => {
    const dns = await createDns('Rehearsal');
    const status = () => call<StatusBody>('GET', `/v1/check-statuses/${dns.id}`);
    expect((await status()).body).toMatchObject({ hasFailures: false, isDegraded: false, updated_at: null });

    now = T0 + 5 * MINUTE;
    const failed = await call<StatusBody>('POST', `/__sandbox/checks/${dns.id}/status`, { status: 'failing' });
    expect(failed.body).toMatchObject({ hasFailures: true, updated_at: new Date(now).toISOString() });
    expect((await status()).body).toMatchObject({ name: 'Rehearsal', checkId: dns.id, hasFailures: true });
    expect(names(await call('GET', '/v1/checks?status=failing'))).toEqual(['Rehearsal']);

    await call('POST', `/__sandbox/checks/${dns.id}/status`, { status: 'degraded' });
    expect((await status()).body).toMatchObject({ hasFailures: false, isDegraded: true });
    expect(names(await call('GET', '/v1/checks?status=degraded'))).toEqual(['Rehearsal']);

    await call('POST', `/__sandbox/checks/${dns.id}/status`, { status: 'passing' });
    expect((await status()).body).toMatchObject({ hasFailures: false, isDegraded: false });
    expect(names(await call('GET', '/v1/checks?status=failing'))).toEqual([]);
  });

  it("refuses to set a heartbeat's status (its pings decide it) or an unknown status", async () => {
    const { checkId } = heartbeats()[0]!;
    const heartbeat = await call<{ message: string }>('POST', `/__sandbox/checks/${checkId}/status`, {
      status: 'failing',
    });
    expect(heartbeat.status).toBe(400);
    expect(heartbeat.body.message).toContain("A heartbeat's status follows its pings");
    const dns = await createDns('Bad status');
    const unknown = await call<{ message: string }>('POST', `/__sandbox/checks/${dns.id}/status`, { status: 'down' });
    expect(unknown.body.message).toBe('body.status must be one of passing, failing, degraded');
  });

  it('judges a heartbeat by its pings and the sandbox clock: its last ping is its last result, and it fails past period + grace', async () => {
    const local = await memorySandbox({ now: () => T0 });
    try {
      const [monitor] = local.banner().json.heartbeats as { checkId: string; pingToken: string }[];
      const read = async () => {
        const response = await fetch(`${local.url}/v1/check-statuses`, {
          headers: { authorization: `Bearer ${TEST_KEY}` },
        });
        return ((await response.json()) as StatusBody[]).find((status) => status.checkId === monitor!.checkId)!;
      };
      // Nightly backup: every day, grace 1 hour; last pinged 23h40m ago (the seed).
      const before = await read();
      expect(before).toMatchObject({ name: 'Nightly backup', hasFailures: false });
      expect(before.lastCheckRunId).toEqual(expect.any(String));
      expect(Date.parse(before.updated_at!)).toBe(T0 - (24 * 60 - 20) * MINUTE);
      local.clock.advance(80 * MINUTE);
      expect((await read()).hasFailures).toBe(false);
      local.clock.advance(MINUTE);
      expect((await read()).hasFailures).toBe(true);
      await fetch(`${local.pingUrl}/${monitor!.pingToken}`, { method: 'POST' });
      const after = await read();
      expect(after.hasFailures).toBe(false);
      expect(after.lastCheckRunId).not.toBe(before.lastCheckRunId);
      expect(after.updated_at).toBe(new Date(local.clock.now()).toISOString());
    } finally {
      await local.close();
    }
  });

  it('lists a heartbeat created through POST /v1/checks/heartbeat as HEARTBEAT, never pinged until it is late', async () => {
    const local = await memorySandbox({ now: () => T0 });
    try {
      const get = async <T>(path: string) =>
        (await fetch(local.url + path, { headers: { authorization: `Bearer ${TEST_KEY}` } })).json() as Promise<T>;
      const created = await fetch(`${local.url}/v1/checks/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Cron export',
          tags: ['etl'],
          heartbeat: { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' },
        }),
      });
      const { id } = (await created.json()) as CheckBody;
      const listed = await get<CheckBody[]>('/v1/checks?checkType=HEARTBEAT&tag=etl');
      expect(listed).toMatchObject([
        { id, name: 'Cron export', checkType: 'HEARTBEAT', heartbeat: { period: 5, periodUnit: 'minutes' } },
      ]);
      expect(await get<StatusBody>(`/v1/check-statuses/${id}`)).toMatchObject({
        hasFailures: false,
        lastCheckRunId: null,
      });
      local.clock.advance(6 * MINUTE + 1000);
      expect(await get<StatusBody>(`/v1/check-statuses/${id}`)).toMatchObject({
        hasFailures: true,
        lastCheckRunId: null,
      });
      expect(names({ status: 200, body: await get<CheckBody[]>('/v1/checks?status=failing') })).toContain(
        'Cron export',
      );
    } finally {
      await local.close();
    }
  });

  it('deletes a check with its status, and a heartbeat with its pings: its ping token no longer answers', async () => {
    const dns = await createDns('Delete me');
    await call('POST', `/__sandbox/checks/${dns.id}/status`, { status: 'failing' });
    expect((await call('DELETE', `/v1/checks/${dns.id}`)).status).toBe(204);
    expect((await call('GET', `/v1/checks/${dns.id}`)).status).toBe(404);
    expect((await call('GET', `/v1/check-statuses/${dns.id}`)).status).toBe(404);
    expect((await call('DELETE', `/v1/checks/${dns.id}`)).status).toBe(404);

    const worker = heartbeats().find((monitor) => monitor.name === 'Queue worker')!;
    expect((await fetch(worker.pingUrl, { method: 'POST' })).status).toBe(200);
    expect((await call('DELETE', `/v1/checks/${worker.checkId}`)).status).toBe(204);
    expect((await fetch(worker.pingUrl, { method: 'POST' })).status).toBe(404);
    expect((await call('GET', `/v1/checks/heartbeats/${worker.checkId}/events`)).status).toBe(404);
    expect(names(await call('GET', '/v1/checks?checkType=HEARTBEAT'))).toEqual(['Hourly report', 'Nightly backup']);
    expect(
      sandbox.store
        .collection<{ id: string; checkId: string }>('heartbeatPings')
        .values()
        .some((ping) => ping.checkId === worker.checkId),
    ).toBe(false);
  });
});

describe('GET /v1/status-pages/{statusPageId}', () => {
  it('reads one page with its cards and its open incidents (with their updates); 404 for an unknown one', async () => {
    const opened = await call<{ id: string }>('POST', '/v1/status-pages/incidents', {
      name: 'API latency',
      severity: 'MAJOR',
      services: [{ id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API', accountId: 'x' }],
      incidentUpdates: [{ description: 'Looking into it.', status: 'INVESTIGATING' }],
    });
    expect(opened.status).toBe(201);
    const page = await call<{
      name: string;
      cards: { name: string }[];
      incidents: { id: string; incidentUpdates: unknown[] }[];
    }>('GET', `/v1/status-pages/${ACME_CLOUD}`);
    expect(page.status).toBe(200);
    expect(page.body.name).toBe('Acme Cloud');
    expect(page.body.cards.map((card) => card.name)).toEqual(['Core platform', 'Integrations']);
    expect(page.body.incidents.map((incident) => incident.id)).toEqual([opened.body.id]);
    expect(page.body.incidents[0]!.incidentUpdates).toHaveLength(1);
    expect((await call('GET', '/v1/status-pages/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // The incidents list is not taken for a status page named "incidents".
    expect((await call<{ entries: unknown[] }>('GET', '/v1/status-pages/incidents')).body.entries).toHaveLength(1);
  });
});
