/** `mon heartbeats update CHECK`: one PUT with the current values for what the flags do not change. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, memorySandbox, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
let id: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  const created = await cli(
    [
      'heartbeats',
      'create',
      '--name',
      'Updated backup',
      '--period',
      '1d',
      '--grace',
      '1h',
      '--tag',
      'ops',
      '--description',
      'Nightly dump',
    ],
    { sandbox },
  );
  id = created.stdout.trim();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const puts = () => sandbox.requests.filter((request) => request.method === 'PUT');
const WHOLE = {
  name: 'Updated backup',
  heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
  description: 'Nightly dump',
  tags: ['ops'],
  muted: false,
  activated: true,
  // The sandbox's four channels, which a new monitor is subscribed to: kept as they are.
  alertChannelSubscriptions: [1001, 1002, 1003, 1004].map((alertChannelId) => ({ alertChannelId, activated: true })),
};

describe('heartbeats update', () => {
  it('sends the monitor whole with what changed (the period in its largest exact unit), by name', async () => {
    const result = await cli(['heartbeats', 'update', 'updated backup', '--period', '720m', '--muted'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(puts()).toHaveLength(1);
    expect(puts().map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `/v1/checks/heartbeat/${id}`,
        body: { ...WHOLE, heartbeat: { ...WHOLE.heartbeat, period: 12, periodUnit: 'hours' }, muted: true },
      },
    ]);
    expect(result.stderr).toContain(
      '✓ Changed heartbeat monitor "Updated backup": expected every 1d, grace 1h → every 12h, grace 1h; alerts channels 1001, 1002, 1003, 1004 → muted (channels 1001, 1002, 1003, 1004).',
    );
    expect(result.stdout).toBe(`${id}\n`);
  });

  it('--unmuted, --inactive and --activate each change only their field; the rest is kept', async () => {
    await cli(['heartbeats', 'update', id, '--unmuted', '--inactive', '--period', '1d'], { sandbox });
    expect(puts().at(-1)?.body).toEqual({ ...WHOLE, activated: false, muted: false });
    await cli(['heartbeats', 'update', id.slice(0, 6), '--activate'], { sandbox });
    expect(puts().at(-1)?.body).toEqual({ ...WHOLE, activated: true });
  });

  it.each([
    [[], 'Nothing to change: give --name, --period'],
    [['--muted', '--unmuted'], '--muted and --unmuted cannot be given together.'],
    [['--activate', '--inactive'], '--activate and --inactive cannot be given together.'],
    [['--grace', '366d'], '--grace must be 0 seconds to 365 days (got 366d).'],
    [['--period', '29s'], '--period must be 30 seconds to 365 days (got 29s).'],
  ])('%j: exit 2, nothing read or sent', async (flags, message) => {
    const result = await cli(['heartbeats', 'update', id, ...flags], { sandbox });
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.code).toBe(2);
    expect(sandbox.requests).toEqual([]);
  });

  it('--dry-run prints the PUT, naming the monitor and its change, and sends nothing', async () => {
    const result = await cli(['heartbeats', 'update', id, '--grace', '120s', '--dry-run', '--json'], { sandbox });
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan).toMatchObject({
      status: 'dry_run',
      command: 'heartbeats update',
      classification: { kind: 'write', idempotent: true },
      target: { kind: 'heartbeat', id },
    });
    expect(plan.request).toEqual({
      method: 'PUT',
      path: `/v1/checks/heartbeat/${id}`,
      body: { ...WHOLE, heartbeat: { ...WHOLE.heartbeat, grace: 2, graceUnit: 'minutes' } },
    });
    expect(plan.changes).toEqual([
      expect.stringMatching(
        new RegExp(`^Heartbeat monitor ".+" \\(${id}\\): expected every .+, grace .+ → every .+, grace 2m$`),
      ),
    ]);
    expect(puts()).toEqual([]);
  });
});

refusesBadInput([
  {
    what: 'nothing to change',
    line: 'heartbeats update 4e92b3e4-ad4b-407c-a866-6f8e7401c366',
    says: 'Nothing to change',
  },
]);
