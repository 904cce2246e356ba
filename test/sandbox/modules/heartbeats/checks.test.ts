/**
 * The sandbox's POST /v1/checks/heartbeat and PUT /v1/checks/heartbeat/{id}: the spec's rules
 * (period 30 s to 365 days, grace 0 to 365 days, description up to 500 characters; each
 * bound and one past it), the answer (the configuration, the ping token and its URL), and a
 * created monitor living as the seeded ones do: pinged, judged by its period and grace on the
 * sandbox clock, listed by `sandbox info`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, TEST_KEY } from '../../../helpers';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => T0 });
});
afterAll(() => sandbox.close());

/** What these tests read of an answer: a heartbeat check, or an error. */
interface Answer {
  id: string;
  message: string;
  created_at: string;
  heartbeat: { pingToken: string; pingUrl: string };
  alertChannelSubscriptions: { alertChannelId: number; activated: boolean }[];
  alertChannels: { slack: unknown[] };
}
type Events = { events: { state: string }[] }[];

async function call<T = Answer>(method: string, path: string, body?: unknown) {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const timing = (period: number, periodUnit: string, grace: number, graceUnit: string) => ({
  period,
  periodUnit,
  grace,
  graceUnit,
});

describe('POST /v1/checks/heartbeat', () => {
  it('creates a monitor: 201 with its configuration, check ID, ping token and ping URL', async () => {
    const { status, body } = await call('POST', '/v1/checks/heartbeat', {
      name: 'Nightly export',
      heartbeat: timing(1, 'days', 2, 'hours'),
      description: 'CSV to the warehouse',
      tags: ['etl'],
      muted: true,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Nightly export',
      checkType: 'HEARTBEAT',
      activated: true,
      muted: true,
      tags: ['etl'],
      description: 'CSV to the warehouse',
      heartbeat: { period: 1, periodUnit: 'days', grace: 2, graceUnit: 'hours' },
      created_at: new Date(T0).toISOString(),
      updated_at: null,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.heartbeat.pingToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.heartbeat.pingUrl).toBe(`${sandbox.pingUrl}/${body.heartbeat.pingToken}`);
    // Subscribed to every alert channel, as the API does by default.
    expect(body.alertChannelSubscriptions.map((s) => s.alertChannelId)).toEqual([1001, 1002, 1003, 1004]);
  });

  it.each([
    ['period 30 seconds', timing(30, 'seconds', 0, 'seconds')],
    ['period 365 days', timing(365, 'days', 0, 'seconds')],
    ['period 0.5 minutes', timing(0.5, 'minutes', 0, 'seconds')],
    ['grace 0', timing(1, 'hours', 0, 'days')],
    ['grace 365 days', timing(1, 'hours', 365, 'days')],
    ['grace 8760 hours', timing(1, 'hours', 8760, 'hours')],
  ])('accepts %s (a bound)', async (_what, heartbeat) => {
    expect((await call('POST', '/v1/checks/heartbeat', { name: 'Bound', heartbeat })).status).toBe(201);
  });

  it.each([
    [
      'period 29 seconds',
      timing(29, 'seconds', 0, 'seconds'),
      'body.heartbeat.period: must be 30 seconds to 365 days (got 29 seconds)',
    ],
    [
      'period 366 days',
      timing(366, 'days', 0, 'seconds'),
      'body.heartbeat.period: must be 30 seconds to 365 days (got 366 days)',
    ],
    [
      'period 365 days and a second',
      timing(31_536_001, 'seconds', 0, 'seconds'),
      'body.heartbeat.period: must be 30 seconds to 365 days (got 31536001 seconds)',
    ],
    [
      'grace -1 second',
      timing(1, 'hours', -1, 'seconds'),
      'body.heartbeat.grace: must be 0 seconds to 365 days (got -1 seconds)',
    ],
    [
      'grace 366 days',
      timing(1, 'hours', 366, 'days'),
      'body.heartbeat.grace: must be 0 seconds to 365 days (got 366 days)',
    ],
    [
      'a unit it does not know',
      timing(1, 'weeks', 0, 'seconds'),
      'body.heartbeat.periodUnit: must be one of seconds, minutes, hours, days',
    ],
  ])('refuses %s: 400 naming the field and the rule', async (_what, heartbeat, message) => {
    const { status, body } = await call('POST', '/v1/checks/heartbeat', { name: 'Past', heartbeat });
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('a description of 500 characters, not 501; a name and the heartbeat are required', async () => {
    const heartbeat = timing(1, 'hours', 5, 'minutes');
    expect(
      (await call('POST', '/v1/checks/heartbeat', { name: 'D', heartbeat, description: 'x'.repeat(500) })).status,
    ).toBe(201);
    const long = await call('POST', '/v1/checks/heartbeat', { name: 'D', heartbeat, description: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('body.description: must be at most 500 characters');
    const bare = await call('POST', '/v1/checks/heartbeat', {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('body.name: is required');
    expect(bare.body.message).toContain('body.heartbeat: is required');
  });

  it('subscribes only the channels asked for with autoAssignAlerts=false, and refuses a channel that does not exist', async () => {
    const body = { name: 'Channels', heartbeat: timing(1, 'hours', 0, 'seconds') };
    const only = await call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      ...body,
      alertChannelSubscriptions: [{ alertChannelId: 1002, activated: true }],
    });
    expect(only.body.alertChannelSubscriptions).toEqual([{ alertChannelId: 1002, activated: true }]);
    expect(only.body.alertChannels.slack).toEqual([{ url: 'https://hooks.slack.example/services/T000/B000/XXXX' }]);
    const unknown = await call('POST', '/v1/checks/heartbeat', {
      ...body,
      alertChannelSubscriptions: [{ alertChannelId: 9, activated: true }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('there is no alert channel 9');
  });
});

describe('a created monitor', () => {
  it('is pinged at its token and judged by its period and grace on the sandbox clock; `sandbox info` lists it', async () => {
    const { body } = await call('POST', '/v1/checks/heartbeat', {
      name: 'Judged',
      heartbeat: timing(10, 'minutes', 5, 'minutes'),
    });
    const listed = () =>
      (sandbox.banner().json.heartbeats as { checkId: string; pingToken: string }[]).find((m) => m.checkId === body.id);
    expect(listed()?.pingToken).toBe(body.heartbeat.pingToken);
    expect((await fetch(body.heartbeat.pingUrl, { method: 'POST' })).status).toBe(200);
    sandbox.clock.advance(12 * 60_000);
    const events = await call<Events>('GET', `/v1/checks/heartbeats/${body.id}/events`);
    expect(events.body[0]!.events.map((event) => event.state)).toEqual(['RECEIVED']);
    sandbox.clock.advance(4 * 60_000);
    const late = await call<Events>('GET', `/v1/checks/heartbeats/${body.id}/events`);
    expect(late.body[0]!.events.map((event) => event.state)).toEqual(['FAILING', 'RECEIVED']);
  });
});

describe('PUT /v1/checks/heartbeat/{id}', () => {
  it('changes what the body gives and keeps the rest; the token stays', async () => {
    const { body: created } = await call('POST', '/v1/checks/heartbeat', {
      name: 'Before',
      heartbeat: timing(1, 'days', 1, 'hours'),
      tags: ['a'],
    });
    const { status, body } = await call('PUT', `/v1/checks/heartbeat/${created.id}`, {
      name: 'After',
      heartbeat: timing(12, 'hours', 30, 'minutes'),
      muted: true,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: created.id,
      name: 'After',
      muted: true,
      tags: ['a'],
      heartbeat: {
        period: 12,
        periodUnit: 'hours',
        grace: 30,
        graceUnit: 'minutes',
        pingToken: created.heartbeat.pingToken,
      },
      created_at: created.created_at,
      updated_at: expect.any(String),
    });
  });

  it('checks the same rules, and answers 404 for a check that is not a heartbeat monitor', async () => {
    const { body: created } = await call('POST', '/v1/checks/heartbeat', {
      name: 'Rules',
      heartbeat: timing(1, 'days', 0, 'seconds'),
    });
    const bad = await call('PUT', `/v1/checks/heartbeat/${created.id}`, {
      heartbeat: timing(20, 'seconds', 0, 'seconds'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('body.heartbeat.period: must be 30 seconds to 365 days (got 20 seconds)');
    const missing = await call('PUT', '/v1/checks/heartbeat/0a0b0c0d-1111-4222-8333-444455556666', { name: 'x' });
    expect(missing.status).toBe(404);
  });
});
