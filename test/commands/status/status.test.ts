/**
 * `mon status` in-process against the sandbox: all clear in one line, then a rehearsed
 * outage (a failing check, a degraded one, an open incident, a late heartbeat by the
 * sandbox clock), --exit-status's 3, --json's three lists, and the three reads it makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, memorySandbox, testEnv, TEST_KEY } from '../../helpers';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;

const call = (method: string, path: string, body?: unknown) =>
  fetch(sandbox.url + path, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => T0 });
  env = testEnv({ sandbox });
  // Every seeded heartbeat pinged now: nothing is late.
  for (const monitor of sandbox.banner().json.heartbeats as { pingToken: string }[])
    await fetch(`${sandbox.pingUrl}/${monitor.pingToken}`, { method: 'POST' });
});
afterAll(() => sandbox.close());

describe('mon status', () => {
  it('says "All clear" in one line when nothing is wrong; --exit-status is 0; three reads', async () => {
    sandbox.requests.length = 0;
    const result = await cli(['status', '--exit-status'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('✓ All clear: no open incidents, failing checks or late heartbeats.\n');
    expect(sandbox.requests.map((entry) => entry.path.split('?')[0]).sort()).toEqual([
      '/v1/check-statuses',
      '/v1/checks',
      '/v1/status-pages/incidents',
    ]);
  });

  it('during an outage: the open incident, failing and degraded checks, the late heartbeat, each with its short ID; exit 3', async () => {
    const make = async (name: string) =>
      (
        await cli(['checks', 'create-dns', '--name', name, '--query', 'example.com', '--no-input'], { env })
      ).stdout.trim();
    const down = await make('Homepage DNS');
    const slow = await make('Mail MX');
    await call('POST', `/__sandbox/checks/${down}/status`, { status: 'failing' });
    await call('POST', `/__sandbox/checks/${slow}/status`, { status: 'degraded' });
    const opened = await cli(
      [
        'incidents',
        'create',
        '--name',
        'Website down',
        '--severity',
        'critical',
        '--service',
        'Public API',
        '--message',
        'Investigating.',
      ],
      { env },
    );
    const incident = opened.stdout.trim();
    // The Queue worker pings every 5 minutes with 1 minute of grace: 7 minutes later it is late,
    // and the hourly report is still on time.
    sandbox.clock.advance(7 * 60_000);

    const result = await cli(['status', '--exit-status'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'Needs attention: 1 open incident, 1 failing check, 1 degraded check, 1 late heartbeat.\n',
    );
    const queue = (sandbox.banner().json.heartbeats as { name: string; checkId: string }[]).find(
      (monitor) => monitor.name === 'Queue worker',
    )!;
    expect(result.stdout.split('\n')).toEqual([
      'Open incidents (1)',
      `  ${incident.slice(0, 8)}  CRITICAL  INVESTIGATING · Website down · started 7m ago`,
      '                      7m ago: Investigating.',
      'Checks failing or degraded (2)',
      `  ${down.slice(0, 8)}  failing   Homepage DNS · since 7m ago`,
      `  ${slow.slice(0, 8)}  degraded  Mail MX · since 7m ago`,
      'Heartbeats late or in grace (1)',
      `  ${queue.checkId.slice(0, 8)}  late      Queue worker · last ping 7m ago · alerting since 1m ago`,
      '',
    ]);
    // Without --exit-status the same screen is a success.
    expect((await cli(['status'], { env })).code).toBe(0);

    const json = await cli(['status', '--json'], { env });
    const body = JSON.parse(json.stdout) as {
      incidents: { id: string }[];
      checks: { checkId: string }[];
      heartbeats: { id: string; state: string; lastPingAt: string; alertsAt: string }[];
    };
    expect(body.incidents.map((entry) => entry.id)).toEqual([incident]);
    expect(body.checks.map((entry) => entry.checkId)).toEqual([down, slow]);
    expect(body.heartbeats).toEqual([
      {
        id: queue.checkId,
        name: 'Queue worker',
        state: 'late',
        lastPingAt: new Date(T0).toISOString(),
        dueAt: new Date(T0 + 5 * 60_000).toISOString(),
        alertsAt: new Date(T0 + 6 * 60_000).toISOString(),
      },
    ]);
  });
});
