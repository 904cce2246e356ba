/**
 * The sandbox's checks operations over HTTP, without mon: defaults, alert-channel
 * subscriptions, 400 for every rule (a client that skips validation still gets a clear
 * answer), the deprecated create's `type` and 402, and persistence.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import { memorySandbox, TEST_KEY } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

async function post(
  target: Sandbox,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(target.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const minimal = { name: 'dns', request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' };

describe('POST /v1/checks/dns', () => {
  it('creates the check with the spec defaults, subscribed to every alert channel', async () => {
    const { status, body } = await post(sandbox, '/v1/checks/dns', minimal);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'dns',
      checkType: 'DNS',
      activated: true,
      muted: false,
      doubleCheck: true,
      shouldFail: false,
      useGlobalAlertSettings: true,
      runParallel: false,
      frequency: 10,
      degradedResponseTime: 500,
      maxResponseTime: 1000,
      request: { query: 'example.com', recordType: 'A', protocol: 'UDP', assertions: [] },
      updated_at: null,
      alertChannelSubscriptions: [1001, 1002, 1003, 1004].map((alertChannelId) => ({
        alertChannelId,
        activated: true,
      })),
      alertChannels: {
        email: [{ address: 'oncall@acme.example' }],
        slack: [{ url: 'https://hooks.slack.example/services/T000/B000/XXXX' }],
        webhook: [
          {
            name: 'Pager bridge',
            url: 'https://pager.acme.example/hook',
            method: 'POST',
            headers: [],
            queryParameters: [],
          },
        ],
        sms: [{ name: 'On-call phone', number: '+15555550100' }],
      },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The spec's response has no heartbeat or script; they are stored with the check.
    expect(body).not.toHaveProperty('heartbeat');
    expect(sandbox.store.collection('checks').get(body.id as string)).toMatchObject({ heartbeat: {}, script: '' });
  });

  it('with autoAssignAlerts=false subscribes only to the channels asked for', async () => {
    const { status, body } = await post(sandbox, '/v1/checks/dns?autoAssignAlerts=false', {
      ...minimal,
      alertChannelSubscriptions: [{ alertChannelId: 1003, activated: false }],
    });
    expect(status).toBe(201);
    expect(body.alertChannelSubscriptions).toEqual([{ alertChannelId: 1003, activated: false }]);
    expect(body.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] });
  });

  it.each([
    [
      'a seconds-level frequency',
      { frequency: 0, frequencyOffset: 10 },
      'body.frequency: 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks: seconds-level frequencies exist only for API and TCP checks',
    ],
    [
      'an offset above floor(frequency*10)',
      { frequency: 2, frequencyOffset: 21 },
      'body.frequencyOffset: must be between 1 and 20 for frequency 2 (frequencyOffset rule: 1..floor(frequency*10))',
    ],
    [
      'an offset above ceil(frequency/60)',
      { frequency: 1440, frequencyOffset: 25 },
      'body.frequencyOffset: must be between 1 and 24 for frequency 1440',
    ],
    ['an offset below 1', { frequencyOffset: 0 }, 'body.frequencyOffset: must be a whole number >= 1'],
    ['a frequency not in the list', { frequency: 3 }, 'body.frequency: must be one of 0, 1, 2, 5'],
    ['a long description', { description: 'd'.repeat(501) }, 'body.description: must be at most 500 characters'],
    [
      '51 environment variables',
      { environmentVariables: Array.from({ length: 51 }, (_, i) => ({ key: `K${i}`, value: '' })) },
      'body.environmentVariables: must have at most 50 variables (got 51)',
    ],
    [
      'degraded above max',
      { degradedResponseTime: 900, maxResponseTime: 800 },
      'body.degradedResponseTime: must not be greater than maxResponseTime 800',
    ],
    ['a response time above 5000', { maxResponseTime: 5001 }, 'body.maxResponseTime: must be between 0 and 5000 (ms)'],
    ['a negative group order', { groupOrder: -1 }, 'body.groupOrder: must be >= 0'],
    ['an unknown location', { locations: ['moon-1'] }, 'body.locations[0]: must be one of us-east-1'],
    ['an unknown runtime', { runtimeId: '2020.01' }, 'body.runtimeId: must be one of 2026.04'],
    ['no heartbeat', { heartbeat: undefined }, 'body.heartbeat: is required (send {})'],
    ['no script', { script: undefined }, 'body.script: is required'],
    ['an unknown field', { checkType: 'DNS' }, 'body: has unknown field "checkType"'],
    [
      'an unknown alert channel',
      { alertChannelSubscriptions: [{ alertChannelId: 42, activated: true }] },
      'body.alertChannelSubscriptions[0].alertChannelId: there is no alert channel 42',
    ],
    [
      'an incident trigger for an unknown service',
      {
        triggerIncident: {
          serviceId: 'nope',
          severity: 'MAJOR',
          name: 'DNS down',
          description: '',
          notifySubscribers: false,
        },
      },
      'body.triggerIncident.serviceId: there is no service "nope" on any status page',
    ],
  ])('answers 400 to %s', async (_what, change, message) => {
    const before = sandbox.store.collection('checks').size;
    const { status, body } = await post(sandbox, '/v1/checks/dns', { ...minimal, ...change });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toContain(message);
    expect(sandbox.store.collection('checks').size).toBe(before);
  });

  it('answers 400 to an autoAssignAlerts that is not a boolean', async () => {
    const { status, body } = await post(sandbox, '/v1/checks/dns?autoAssignAlerts=maybe', minimal);
    expect(status).toBe(400);
    expect(body.message).toBe('query.autoAssignAlerts: must be true or false');
  });

  it('accepts an incident trigger for a seeded service', async () => {
    const triggerIncident = {
      serviceId: SEED_SERVICES.api,
      severity: 'MAJOR',
      name: 'DNS down',
      description: 'Resolution fails',
      notifySubscribers: true,
    };
    const { status, body } = await post(sandbox, '/v1/checks/dns', { ...minimal, triggerIncident });
    expect(status).toBe(201);
    expect(body.triggerIncident).toEqual(triggerIncident);
  });
});

describe('POST /v1/checks (deprecated)', () => {
  it('takes `type` (the spec) and stores the dependency files', async () => {
    const dependencies = [{ path: 'lib/helpers.js', content: 'module.exports = 1;' }];
    const { status, body } = await post(sandbox, '/v1/checks', {
      ...minimal,
      type: 'TCP',
      frequency: 0,
      frequencyOffset: 30,
      dependencies,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ checkType: 'TCP', frequency: 0, frequencyOffset: 30 });
    expect(sandbox.store.collection('checks').get(body.id as string)).toMatchObject({ dependencies });
  });

  it('answers 400 to `checkType` instead of `type`, and to a seconds-level browser check', async () => {
    const renamed = await post(sandbox, '/v1/checks', { ...minimal, checkType: 'API' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toContain('body.type: is required: one of AGENTIC, API');
    expect(renamed.body.message).toContain('body: has unknown field "checkType"');
    const browser = await post(sandbox, '/v1/checks', {
      ...minimal,
      type: 'BROWSER',
      frequency: 0,
      frequencyOffset: 10,
    });
    expect(browser.status).toBe(400);
    expect(browser.body.message).toContain('not available for BROWSER checks');
  });

  it('answers 402 past --max-checks, counting every check (the sample one too)', async () => {
    const limited = await memorySandbox({ maxChecks: 3 });
    try {
      expect((await post(limited, '/v1/checks/dns', minimal)).status).toBe(201);
      expect((await post(limited, '/v1/checks', { ...minimal, type: 'API' })).status).toBe(201);
      const refused = await post(limited, '/v1/checks', { ...minimal, type: 'API' });
      expect(refused).toEqual({
        status: 402,
        body: {
          statusCode: 402,
          error: 'Payment Required',
          message: 'Your plan allows 3 checks and the account has 3: upgrade the plan or delete checks to create more',
        },
      });
      expect(limited.store.collection('checks').size).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

it('keeps created checks across restarts (--data)', async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-checks-data-')), 'sandbox.jsonl');
  const first = await memorySandbox({ dataFile });
  const { body } = await post(first, '/v1/checks/dns', minimal);
  await first.close();
  const second = await memorySandbox({ dataFile });
  try {
    expect(second.store.collection('checks').get(body.id as string)).toMatchObject({ name: 'dns', checkType: 'DNS' });
  } finally {
    await second.close();
  }
});

it('starts with the sample DNS check the README rehearses an outage on: the same ID in every sandbox, passing', async () => {
  const other = await memorySandbox();
  try {
    for (const target of [sandbox, other]) {
      const response = await fetch(`${target.url}/v1/checks/3f2a9c41-5d6e-4f70-8a91-000000000001`, {
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        name: 'Checkout DNS',
        checkType: 'DNS',
        request: { query: 'checkout.acme.example', recordType: 'A', nameServer: '1.1.1.1' },
        alertChannelSubscriptions: [1001, 1002, 1003, 1004].map((alertChannelId) => ({
          alertChannelId,
          activated: true,
        })),
      });
      const status = await fetch(`${target.url}/v1/check-statuses/3f2a9c41-5d6e-4f70-8a91-000000000001`, {
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      expect(await status.json()).toMatchObject({ name: 'Checkout DNS', hasFailures: false, isDegraded: false });
    }
  } finally {
    await other.close();
  }
});
