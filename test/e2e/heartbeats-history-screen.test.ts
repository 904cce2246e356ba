/**
 * A heartbeat's history as pictures at a real terminal (80x24), with and without colour: the
 * strip of `heartbeats get` and `events` (an hourly job pinged five times, then the sandbox
 * clock moved past two expected pings) and the bars of `heartbeats availability`. Piped,
 * neither is printed. The cells themselves: test/commands/heartbeats/shared/strip.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

const LEGEND = '● on time  ◐ in grace  ○ late  × missing  · not due yet';
let sandbox: SandboxProcess;
let id: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    ['heartbeats', 'create', '--name', 'Hourly export', '--period', '1h', '--grace', '5m', '--json'],
    { env: sandbox.env() },
  );
  const body = JSON.parse(created.stdout) as { id: string; heartbeat: { pingToken: string } };
  id = body.id;
  for (let run = 0; run < 5; run++) {
    await sandbox.advanceClock(3590); // a little before each expected ping: on time
    expect((await runMon(['heartbeats', 'ping', body.heartbeat.pingToken], { env: sandbox.env() })).code).toBe(0);
  }
  await sandbox.advanceClock(2.5 * 3600);
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('the history strip', () => {
  for (const [colour, env] of [
    ['without colour', { NO_COLOR: '1' }],
    ['with colour', { NO_COLOR: undefined, FORCE_COLOR: '1' }],
  ] as const) {
    it(`heartbeats get, ${colour}: five pings on time, two missing, an axis and a legend, within 80 columns`, async (context) => {
      requireScreen(context);
      const screen = await openScreen(['heartbeats', 'get', 'Hourly export'], sandbox.env(env));
      await screen.waitFor(LEGEND);
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(0);
      const lines = screen.lines();
      expect(lines).toContain('● ● ● ● ● × ×');
      expect(lines).toContain('6h ago    now');
      expect(lines.join('\n')).toMatch(/State: +late/);
      expect(overWidth(screen.history(), 80)).toEqual([]);
    });
  }

  it('heartbeats events ends with the strip of its window; piped, neither prints one', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['heartbeats', 'events', id.slice(0, 8)], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor(LEGEND);
    expect((await screen.done()).code).toBe(0);
    expect(screen.lines()).toContain('● ● ● ● ● × ×');
    expect(overWidth(screen.history(), 80)).toEqual([]);
    for (const verb of ['get', 'events']) {
      const piped = await runMon(['heartbeats', verb, id], { env: sandbox.env() });
      expect(piped.code).toBe(0);
      expect(piped.stdout).not.toContain('●');
    }
  });

  for (const [colour, env] of [
    ['without colour', { NO_COLOR: '1' }],
    ['with colour', { NO_COLOR: undefined, FORCE_COLOR: '1' }],
  ] as const) {
    it(`heartbeats availability, ${colour}: the ratio as a bar of █ and ░ beside the period before's`, async (context) => {
      requireScreen(context);
      const screen = await openScreen(['heartbeats', 'availability', 'Hourly export'], sandbox.env(env));
      await screen.waitFor(/Events: +\d+ events?/);
      expect((await screen.done()).code).toBe(0);
      const text = screen.text();
      expect(text).toMatch(/This period: +█+░+ {2}\d+(\.\d+)?%/);
      expect(text).toMatch(/Period before: +no data/);
      expect(overWidth(screen.history(), 80)).toEqual([]);
    });
  }
});
