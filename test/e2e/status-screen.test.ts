/**
 * `mon status` on a real terminal of 80x24 (the screen harness), during a rehearsed outage
 * (a check failed with `mon sandbox checks fail`, an incident with a long name and message,
 * a heartbeat made late with the sandbox clock) and after it: every line fits 80 columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

const NAME = 'Checkout errors on the payment page for customers paying with European cards';
let sandbox: SandboxProcess;
let checkId: string;
let incidentId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const env = sandbox.env();
  const created = await runMon(
    ['checks', 'create-dns', '--name', 'Checkout DNS', '--query', 'pay.example.com', '--no-input'],
    {
      env,
    },
  );
  checkId = created.stdout.trim();
  expect((await runMon(['sandbox', 'checks', 'fail', 'checkout dns'], { env })).code).toBe(0);
  const opened = await runMon(
    [
      'incidents',
      'create',
      '--name',
      NAME,
      '--severity',
      'major',
      '--service',
      'Checkout',
      '--message',
      'Card payments fail for about a third of customers; the provider is rolling back.',
    ],
    { env },
  );
  incidentId = opened.stdout.trim();
  // Past the Queue worker's 5 minutes and 1 minute of grace. Half a minute more keeps "10m ago"
  // clear of the minute's edge: the sandbox's Date header, mon's clock, has whole seconds.
  await sandbox.advanceClock(10 * 60 + 30);
});
afterAll(() => sandbox?.stop());

describe('mon status at 80x24', () => {
  it('during the outage: each section, each line with its short ID, nothing wider than the screen; then all clear', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['status', '--exit-status'], sandbox.env());
    const { code, screen: shown } = await screen.done();
    expect(code).toBe(3);
    expect(shown[0]).toBe('Open incidents (1)');
    expect(shown[1]).toMatch(
      new RegExp(`^  ${incidentId.slice(0, 8)}  MAJOR     INVESTIGATING · Checkout errors on the payment page for c…$`),
    );
    expect(shown).toContain(`  ${checkId.slice(0, 8)}  failing   Checkout DNS · since 10m ago`);
    expect(shown.find((line) => line.includes('Queue worker'))).toMatch(
      /^ {2}\w{8} {2}late {6}Queue worker · last ping/,
    );
    expect(shown.at(-1)).toBe('Needs attention: 1 open incident, 1 failing check, 1 late heartbeat.');
    expect(overWidth(screen.history(), 80)).toEqual([]);

    // After it: the check passes, the incident is resolved, the heartbeats ping.
    const env = sandbox.env();
    expect((await runMon(['sandbox', 'checks', 'pass', checkId], { env })).code).toBe(0);
    expect(
      (await runMon(['incidents', 'resolve', incidentId, '--message', 'Payments work again.'], { env })).code,
    ).toBe(0);
    for (const monitor of sandbox.info.heartbeats as { pingToken: string }[])
      expect((await runMon(['heartbeats', 'ping', monitor.pingToken], { env })).code).toBe(0);
    const after = await openScreen(['status', '--exit-status'], sandbox.env());
    const done = await after.done();
    expect(done.code).toBe(0);
    expect(done.screen).toEqual(['✓ All clear: no open incidents, failing checks or late heartbeats.']);
  });

  it('an incident with three updates shows its newest: its text, its status, how long ago (the API gives them newest first)', async (context) => {
    requireScreen(context);
    const env = sandbox.env();
    const opened = await runMon(
      [
        'incidents',
        'create',
        '--name',
        'Search slow',
        '--severity',
        'minor',
        '--service',
        'Public API',
        '-m',
        'Search is slow; looking.',
      ],
      { env },
    );
    expect(opened.code, opened.stderr).toBe(0);
    const id = opened.stdout.trim();
    for (const [status, message] of [
      ['identified', 'An index rebuild is the cause.'],
      ['monitoring', 'The rebuild finished; search is fast again.'],
    ]) {
      await sandbox.advanceClock(120);
      const posted = await runMon(['incidents', 'update', id, '-s', status!, '-m', message!], { env });
      expect(posted.code, posted.stderr).toBe(0);
    }
    const screen = await openScreen(['status'], sandbox.env());
    const { code, screen: shown } = await screen.done();
    expect(code).toBe(0);
    const row = shown.findIndex((line) => line.startsWith(`  ${id.slice(0, 8)}  MINOR     MONITORING · Search slow`));
    expect(row, shown.join('\n')).toBeGreaterThan(0);
    expect(shown[row + 1]).toBe(`${' '.repeat(22)}just now: The rebuild finished; search is fast again.`);
    expect(shown.join('\n')).not.toContain('Search is slow; looking.');
  });
});
