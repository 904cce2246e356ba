/** `mon sandbox clock advance DURATION`: the sandbox's clock moved forward, what it does to the monitors, and kept in the data file. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../../../helpers';

interface Monitor {
  name: string;
  checkId: string;
  pingToken: string;
  state: string;
}

const named = <M extends { name: string }>(monitors: M[], name: string) =>
  monitors.find((monitor) => monitor.name === name)!;
const monitorsOf = (sandbox: Sandbox) => sandbox.banner().json.heartbeats as Monitor[];

async function latestEvent(sandbox: Sandbox, checkId: string): Promise<{ state: string; userAgent: string }> {
  const events = await mon(`heartbeats events ${checkId} --limit 1 --json`, { sandbox });
  expect(events.code).toBe(0);
  return (JSON.parse(events.stdout) as { events: { state: string; userAgent: string }[] }[])[0]!.events[0]!;
}

/** `mon sandbox info --json` of a data file, or of the embedded sandbox's with `--sandbox`. */
async function infoJson(line: string, env = testEnv()): Promise<{ heartbeats: Monitor[] }> {
  const result = await mon(`${line} --json`, { env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { heartbeats: Monitor[] };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('sandbox clock advance', () => {
  it("turns the Queue worker's latest event to FAILING, and the offset survives a restart", async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-clock-')), 'data.jsonl');
    const own = await memorySandbox({ dataFile });
    const worker = named(monitorsOf(own), 'Queue worker');
    try {
      expect((await latestEvent(own, worker.checkId)).state).toBe('RECEIVED');
      const before = Date.now();
      const advanced = await mon('sandbox clock advance 2h', { sandbox: own });
      expect(advanced.code).toBe(0);
      expect(advanced.stderr).toMatch(
        /✓ The sandbox clock moved forward 2h: it is now \S+ \(2h ahead of the real time\)\./,
      );
      // Two hours past the real time it was moved at (to the second the time is written in).
      expect(Date.parse(advanced.stdout.trim())).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7_200_000);
      expect(Date.parse(advanced.stdout.trim())).toBeLessThanOrEqual(Date.now() + 7_200_000);
      expect((await latestEvent(own, worker.checkId)).state).toBe('FAILING');
      const info = await infoJson(`sandbox info --data ${dataFile}`);
      expect(named(info.heartbeats, 'Queue worker').state).toBe('late');

      // A ping ends the outage.
      expect((await mon(`heartbeats ping ${worker.pingToken}`, { sandbox: own })).code).toBe(0);
      expect((await latestEvent(own, worker.checkId)).state).toBe('LATE');
      const up = await infoJson(`sandbox info --data ${dataFile}`);
      expect(named(up.heartbeats, 'Queue worker').state).toBe('on time');
    } finally {
      await own.close();
    }
    const restarted = await memorySandbox({ dataFile });
    try {
      const json = await mon('sandbox clock advance 1m --json', { sandbox: restarted });
      expect(JSON.parse(json.stdout)).toMatchObject({ offsetSeconds: 2 * 3600 + 60 });
    } finally {
      await restarted.close();
    }
  });

  it('moves the embedded sandbox (--sandbox) clock, kept in its data file', async () => {
    const env = testEnv({ env: { MON_SANDBOX: '1' } });
    const advanced = await mon('sandbox clock advance 90m', { env });
    expect(advanced.code).toBe(0);
    expect(advanced.stderr).toContain('moved forward 1h 30m');
    const info = await infoJson('sandbox info', env);
    const worker = named(info.heartbeats, 'Queue worker');
    expect(worker.state).toBe('late');
    const events = await mon(`heartbeats events ${worker.checkId} --limit 1 --json`, { env });
    expect(JSON.parse(events.stdout)[0].events[0].state).toBe('FAILING');
  });

  it('refuses a DURATION that is not one, or over 100 years (exit 2), and sends nothing', async () => {
    sandbox.requests.length = 0;
    for (const [line, rule] of [
      ['sandbox clock advance 2x', 'DURATION must be a duration like 90s, 30m, 2h, 7d or 2w (got "2x")'],
      ['sandbox clock advance -- -2h', 'DURATION must be a duration like 90s, 30m, 2h, 7d or 2w (got "-2h")'],
      ['sandbox clock advance 40000d', 'DURATION must be at most 100 years (got "40000d")'],
    ] as const) {
      const result = await mon(line, { sandbox });
      expect(result.code, line).toBe(2);
      expect(result.stderr, line).toContain(rule);
    }
    expect(sandbox.clock.offsetMs).toBe(0);
    expect(sandbox.requests).toEqual([]);
  });
});
