/**
 * `mon heartbeats list` and `get`, in-process against the sandbox with its clock frozen: a
 * monitor created, pinged, then moved by the clock into its grace time and past it. The
 * states are the words of api/heartbeat-rules.ts; the strip at a real terminal:
 * test/e2e/heartbeats-history-screen.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { cli, memorySandbox, tsvFields } from '../../helpers';

const T0 = Date.parse('2026-11-20T02:00:00Z');
const HOUR = 3_600_000;
let sandbox: Sandbox;
let id: string;
let token: string;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: () => T0 });
  const created = await cli(
    ['heartbeats', 'create', '--name', 'Listed backup', '--period', '1d', '--grace', '1h', '--json'],
    { sandbox },
  );
  ({
    id,
    heartbeat: { pingToken: token },
  } = JSON.parse(created.stdout));
});
afterAll(() => sandbox.close());

const now = () => sandbox.clock.now();
const row = async () => {
  const result = await cli(['heartbeats', 'list', '--all'], { sandbox, now });
  expect(result.code).toBe(0);
  return result.stdout
    .split('\n')
    .find((line) => line.startsWith('Listed backup\t'))
    ?.split('\t');
};

describe('heartbeats list', () => {
  it('never pinged, on time, in grace, late: by period + grace against the sandbox clock', async () => {
    expect(await row()).toEqual(['Listed backup', 'every 1d, grace 1h', 'never pinged', '', id]);
    sandbox.clock.advance(HOUR);
    expect((await cli(['heartbeats', 'ping', token], { sandbox })).code).toBe(0);
    const pingedAt = new Date(T0 + HOUR).toISOString();
    expect(await row()).toEqual(['Listed backup', 'every 1d, grace 1h', 'on time', pingedAt, id]);
    sandbox.clock.advance(24 * HOUR + 60_000);
    expect((await row())?.[2]).toBe('in grace');
    sandbox.clock.advance(HOUR);
    expect((await row())?.[2]).toBe('late');
  });

  it('lists heartbeats only; on a terminal a table with the short ID; --json the API body', async () => {
    const piped = await cli(['heartbeats', 'list', '--all'], { sandbox, now });
    const types = JSON.parse((await cli(['heartbeats', 'list', '--all', '--json'], { sandbox })).stdout) as {
      checkType: string;
      id: string;
    }[];
    expect(new Set(types.map((check) => check.checkType))).toEqual(new Set(['HEARTBEAT']));
    expect(piped.stdout.trim().split('\n')).toHaveLength(types.length);
    const tty = await cli(['heartbeats', 'list', '--all'], { sandbox, now, tty: true, env: undefined });
    const plain = tty.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/NAME +EXPECTED +STATE +LAST PING +ID/);
    expect(plain).toMatch(new RegExp(`Listed backup +every 1d, grace 1h +late +1d ago +${id.slice(0, 8)}\\n`));
    const requests = sandbox.requests.filter((request) => request.path.startsWith('/v1/checks?'));
    expect(requests.at(-1)?.path).toContain('checkType=HEARTBEAT');
  });
});

describe('heartbeats get', () => {
  it('by name or ID prefix: the state, last ping, next due and alert time; the ping URL masked', async () => {
    for (const check of ['listed backup', id.slice(0, 6)]) {
      const result = await cli(['heartbeats', 'get', check], { sandbox, now });
      expect(result.code, result.stderr).toBe(0);
      const fields = tsvFields(result.stdout);
      expect(fields).toMatchObject({
        id,
        name: 'Listed backup',
        state: 'late',
        expected: 'every 1d, grace 1h',
        lastPing: new Date(T0 + HOUR).toISOString(),
        nextDue: new Date(T0 + 25 * HOUR).toISOString(),
        alertsAt: new Date(T0 + 26 * HOUR).toISOString(),
        pingUrl: `${sandbox.pingUrl}/…${token.slice(-4)}`,
      });
      expect(result.stdout).not.toContain(token);
    }
  });

  it('--json: the API body; an unknown name is exit 6', async () => {
    const json = await cli(['heartbeats', 'get', id, '--json'], { sandbox });
    expect(JSON.parse(json.stdout)).toMatchObject({ id, checkType: 'HEARTBEAT', heartbeat: { period: 1 } });
    const missing = await cli(['heartbeats', 'get', 'No such job'], { sandbox });
    expect(missing.stderr).toContain('No heartbeat is named "No such job"');
    expect(missing.code).toBe(6);
  });

  it("on a terminal: the strip reads back every page of the window's events (the API gives 10 at a time)", async () => {
    const created = await cli(
      ['heartbeats', 'create', '--name', 'Sweeper', '--period', '5m', '--grace', '1m', '--json'],
      { sandbox },
    );
    const { heartbeat } = JSON.parse(created.stdout) as { heartbeat: { pingToken: string } };
    for (let run = 0; run < 25; run++) {
      sandbox.clock.advance(300_000); // exactly one period: on time
      expect((await cli(['heartbeats', 'ping', heartbeat.pingToken], { sandbox })).code).toBe(0);
    }
    sandbox.requests.length = 0;
    const result = await cli(['heartbeats', 'get', 'Sweeper'], { sandbox, now, tty: true, columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const plain = result.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toContain(`\n${Array(25).fill('●').join(' ')}\n`);
    expect(sandbox.requests.filter((request) => request.path.includes('/events?'))).toHaveLength(3);
  });
});
