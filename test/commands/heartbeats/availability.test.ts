/** `mon heartbeats availability`: the success ratio of a heartbeat check against the period before. The time window's flags: shared/window.test.ts. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput } from '../../helpers';
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
    // The ratio as a bar beside the period before's (none here), in glyphs that read without colour.
    expect(tty.stdout).toMatch(/\nThis period: +█{20,29}░{1,10} {2}9\d\.\d+%\n/);
    expect(tty.stdout).toMatch(/\nPeriod before: +no data\n/);
    const day = await mon(`heartbeats availability ${hourly}`, { sandbox, tty: true });
    expect(day.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/\nPeriod before: +█{30} {2}100%\n/);
  });
});

describe('heartbeats availability CHECK', () => {
  it('takes a name or an ID prefix for CHECK (nothing else reaches a path), and picks a missing one only on a terminal', async () => {
    const bad = await mon('heartbeats events ../runtimes', { sandbox });
    expect(bad.stderr).toContain('No heartbeat is named "../runtimes".');
    expect(bad.code).toBe(6);
    expect(sandbox.requests.every((request) => request.path.startsWith('/v1/checks?'))).toBe(true);
    sandbox.requests.length = 0;

    const missing = await mon('heartbeats availability', { sandbox });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CHECK is required (prompts are off, so no picker can be shown).');
    expect(sandbox.requests).toEqual([]);

    const asked = await mon('heartbeats availability', {
      sandbox,
      tty: true,
      answers: [{ message: 'Which heartbeat?', answer: queue }],
    });
    expect(asked.code).toBe(0);
    expect(asked.prompter.asked.map((question) => question.message)).toEqual(['Which heartbeat?']);
    expect(sandbox.requests.at(-1)!.path).toMatch(new RegExp(`^/v1/checks/heartbeats/${queue}/availability`));

    const named = await mon('heartbeats availability "QUEUE WORKER" --json', { sandbox });
    expect(named.code).toBe(0);
    expect(sandbox.requests.at(-1)!.path).toMatch(new RegExp(`^/v1/checks/heartbeats/${queue}/availability`));
  });
});

describe('heartbeats availability over time', () => {
  it('exit 2 and nothing sent for a period that ends before it starts', async () => {
    const result = await mon(`heartbeats availability ${hourly} --since 1h --to 2h`, { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--since must be before --to');
    expect(sandbox.requests).toEqual([]);
  });

  it('drops after a simulated missed period, and the events show the failure', async () => {
    // A sandbox of its own: moving its clock must not disturb the other tests.
    const own = await memorySandbox();
    try {
      const worker = (own.banner().json.heartbeats as { name: string; checkId: string; pingToken: string }[]).find(
        (monitor) => monitor.name === 'Queue worker',
      )!;
      expect((await mon(`heartbeats ping ${worker.pingToken}`, { sandbox: own })).code).toBe(0);
      const ratio = async () => {
        const result = await mon(`heartbeats availability ${worker.checkId} --json`, { sandbox: own });
        expect(result.code).toBe(0);
        return JSON.parse(result.stdout) as {
          successRatio: { currentPeriod: number };
          totalEntitiesCurrentPeriod: number;
        };
      };
      const before = await ratio();
      expect(before.successRatio.currentPeriod).toBe(100);

      // Every 5 minutes with 1 minute of grace: 30 minutes without a ping is a miss.
      own.clock.advance(30 * 60_000);
      const after = await ratio();
      expect(after.successRatio.currentPeriod).toBeLessThan(before.successRatio.currentPeriod);
      expect(after.totalEntitiesCurrentPeriod).toBe(before.totalEntitiesCurrentPeriod + 1);

      const piped = await mon(`heartbeats availability ${worker.checkId}`, { sandbox: own });
      // The sandbox clock keeps running, so the ratio moves a little between reads.
      expect(piped.stdout).toMatch(/^currentPeriod\t8\d(\.\d+)?\npreviousPeriod\t\ntotalEntitiesCurrentPeriod\t\d+\n$/);
      const events = await mon(`heartbeats events ${worker.checkId} --limit 2`, { sandbox: own });
      expect(
        events.stdout
          .trimEnd()
          .split('\n')
          .map((line) => line.split('\t')[1]),
      ).toEqual(['FAILING', 'RECEIVED']);
    } finally {
      await own.close();
    }
  });

  it('prints "There is no data for this period" and exits 0 for a period before the monitor existed', async () => {
    const result = await mon(
      `heartbeats availability ${seededCheckId(sandbox, 'Nightly backup')} --from 2020-01-01 --to 2020-01-08`,
      { sandbox },
    );
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain('There is no data for this period (2020-01-01 00:00 UTC to 2020-01-08 00:00 UTC).');
  });
});

refusesBadInput([
  {
    what: 'February 29 of a common year',
    line: 'heartbeats availability 4e92b3e4-ad4b-407c-a866-6f8e7401c366 --from 2027-02-29',
    says: '--from must be a date',
  },
]);
