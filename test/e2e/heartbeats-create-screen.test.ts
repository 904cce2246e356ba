/**
 * `mon heartbeats create` at a real terminal (80x24): it asks for what is missing, refuses a
 * period out of range where it is typed (the typing kept), shows the monitor for a
 * confirmation, and prints the whole ping URL this one time, on lines that fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('heartbeats create on a terminal', () => {
  it('asks, refuses 10s at the prompt, confirms, then shows the whole ping URL once', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['heartbeats', 'create'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Name of the monitor');
    await screen.type('Nightly backup');
    await screen.press('Enter');
    await screen.waitFor('? How often does the job run?');
    await screen.type('10s');
    await screen.press('Enter');
    await screen.waitFor('It must be 30 seconds to 365 days (got 10s).');
    await screen.press('BSpace', 'BSpace', 'BSpace');
    await screen.type('1d');
    await screen.press('Enter');
    await screen.waitFor('? How long may it be late');
    await screen.type('1h');
    await screen.press('Enter');
    await screen.waitFor('? Create this monitor?');
    expect(screen.text()).toContain('  Expected: every 1d, grace 1h');
    expect((await sandbox.requests()).filter((request) => request.method !== 'GET')).toEqual([]);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    const [request] = (await sandbox.requests()).filter((entry) => entry.method === 'POST');
    expect(request?.body).toEqual({
      name: 'Nightly backup',
      heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
    });
    const text = screen.text();
    expect(text).toContain('✓ Created heartbeat monitor "Nightly backup": every 1d, grace 1h.');
    expect(text).toMatch(new RegExp(`  Ping URL  ${sandbox.info.pingUrl}/[0-9a-f-]{36}\\n`));
    expect(text).toMatch(/`mon heartbeats exec [0-9a-f-]{36} -- JOB`/);
    expect(overWidth(screen.history(), 80)).toEqual([]);
  });
});
