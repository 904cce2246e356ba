/**
 * `mon status` on a real terminal of 80x24 (the screen harness), during a rehearsed outage
 * (a check failed with `mon sandbox checks fail`, an incident with a long name and message,
 * a heartbeat made late with the sandbox clock) and after it: every line fits 80 columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIncident, runMon, startSandbox, type SandboxProcess } from './harness';
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
  expect((await runMon(['sandbox', 'checks', 'fail', checkId], { env })).code).toBe(0);
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

describe('mon status with more open than one screen holds', () => {
  /** 14 open incidents, their severities mixed; a MINOR opened last (the newest) must still come after every MAJOR. */
  const SEVERITIES = ['MAJOR', 'MINOR', 'CRITICAL', 'MEDIUM', 'MINOR', 'MAJOR', 'MINOR', 'MEDIUM', 'CRITICAL', 'MINOR'];
  const ORDER = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'];
  let crowded: SandboxProcess;
  beforeAll(async () => {
    crowded = await startSandbox();
    const env = crowded.env();
    const service = { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' };
    for (const [index, severity] of [...SEVERITIES, 'MAJOR', 'MEDIUM', 'MAJOR', 'MINOR'].entries()) {
      await openIncident(crowded, { name: `Outage ${index + 1}`, severity, service });
    }
    for (const name of ['Checkout DNS', 'Login DNS', 'Search DNS']) {
      const created = await runMon(
        ['checks', 'create-dns', '--name', name, '--query', 'pay.example.com', '--no-input'],
        {
          env,
        },
      );
      expect(created.code, created.stderr).toBe(0);
      // By its ID: the sample data has a "Checkout DNS" of its own.
      expect((await runMon(['sandbox', 'checks', 'fail', created.stdout.trim()], { env })).code).toBe(0);
    }
    await crowded.advanceClock(10 * 60 + 30);
  });
  afterAll(() => crowded?.stop());

  it('is one screen at 80x24: each section keeps its heading, most severe first, and what does not fit is counted with the command that shows it', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['status'], crowded.env({ NO_COLOR: '1' }));
    const { code, screen: shown } = await screen.done();
    expect(code).toBe(0);
    // Nothing scrolled off the top: everything it wrote is on the screen.
    expect(screen.history()).toEqual(shown);
    expect(shown.length).toBeLessThanOrEqual(23);
    expect(shown[0]).toBe('Open incidents (14)');
    expect(shown).toContain('Checks failing or degraded (3)');
    expect(shown.find((line) => line.startsWith('Heartbeats late or in grace ('))).toBeDefined();
    const severities = shown.flatMap((line) => /^ {2}\w{8} {2}(CRITICAL|MAJOR|MEDIUM|MINOR)/.exec(line)?.[1] ?? []);
    expect(severities.length).toBeGreaterThan(2);
    expect(severities).toEqual([...severities].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(severities.slice(0, 2)).toEqual(['CRITICAL', 'CRITICAL']);
    expect(shown).toContain(`  … and ${14 - severities.length} more open incidents: mon incidents list`);
    expect(shown.filter((line) => /^ {2}\w{8} {2}failing /.test(line)).length).toBeGreaterThan(0);
    expect(overWidth(screen.history(), 80)).toEqual([]);
  });

  it('piped, nothing is left out', async () => {
    const piped = await runMon(['status'], { env: crowded.env() });
    expect(piped.code).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    const severities = lines.flatMap((line) => /^ {2}\w{8} {2}(CRITICAL|MAJOR|MEDIUM|MINOR)/.exec(line)?.[1] ?? []);
    expect(severities).toHaveLength(14);
    expect(severities).toEqual([...severities].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(lines.filter((line) => / failing {3}/.test(line))).toHaveLength(3);
    expect(piped.stdout).not.toContain('… and');
  });
});
