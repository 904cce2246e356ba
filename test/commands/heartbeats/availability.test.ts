/** `mon heartbeats availability`: the success ratio of a heartbeat check against the period before. The time window's flags: shared/window.test.ts. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon } from '../../helpers';
import { seededCheckId } from './fixture';

let sandbox: Sandbox;
let hourly: string;
let queue: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  hourly = seededCheckId(sandbox, 'Hourly report');
  queue = seededCheckId(sandbox, 'Queue worker');
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

describe('heartbeats availability output', () => {
  it('piped: key/value lines; on a terminal: the ratio against the period before and the number of events', async () => {
    const piped = await mon(`heartbeats availability ${hourly}`, { sandbox });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^currentPeriod\t9\d\.\d+\npreviousPeriod\t100\ntotalEntitiesCurrentPeriod\t2\d\n$/);

    const tty = await mon(`heartbeats availability ${hourly} --since 7d`, { sandbox, tty: true });
    tty.stdout = tty.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(tty.stdout).toMatch(/^Period: +\d{4}-\d\d-\d\d \d\d:\d\d UTC to now\n/);
    expect(tty.stdout).toMatch(/\nSuccess ratio: +9\d\.\d+% {2}\(no data for the period before to compare with\)\n/);
    expect(tty.stdout).toMatch(/\nEvents: +2\d events\n$/);
  });
});

describe('heartbeats availability CHECK_ID', () => {
  it('refuses a CHECK_ID that could change the path, and asks for a missing one only on a terminal', async () => {
    const bad = await mon('heartbeats events ../runtimes', { sandbox });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CHECK_ID must not contain "/"');

    const missing = await mon('heartbeats availability', { sandbox });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CHECK_ID is required: the ID of a heartbeat check.');
    expect(sandbox.requests).toEqual([]);

    const asked = await mon('heartbeats availability', {
      sandbox,
      tty: true,
      answers: [{ message: 'Heartbeat check ID', answer: ` ${queue} ` }],
    });
    expect(asked.code).toBe(0);
    expect(asked.prompter.asked.map((question) => question.message)).toEqual(['Heartbeat check ID:']);
    expect(sandbox.requests[0]!.path).toBe(`/v1/checks/heartbeats/${queue}/availability`);
  });
});
