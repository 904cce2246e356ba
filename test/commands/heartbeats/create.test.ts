/**
 * `mon heartbeats create`, in-process against the sandbox: every rule of the spec's table
 * checked before sending (each bound and one past it), the durations sent in their largest
 * exact unit, the prompts and confirmation, and the ping URL shown whole only on a terminal.
 * The prompts at a real terminal: test/e2e/heartbeats-create-screen.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { monitors } from '../../../src/sandbox/modules/heartbeats/store';
import { cli, memorySandbox, testEnv, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const sent = () => sandbox.requests.filter((request) => request.method !== 'GET');
const create = (flags: string[], options: Parameters<typeof cli>[1] = {}) =>
  cli(['heartbeats', 'create', ...flags], { sandbox, ...options });
const NAMED = ['--name', 'Nightly backup'];

describe('heartbeats create: the rules, before anything is sent', () => {
  it.each([
    [['--period', '29s', '--grace', '0s'], '--period must be 30 seconds to 365 days (got 29s).'],
    [['--period', '366d', '--grace', '0s'], '--period must be 30 seconds to 365 days (got 366d).'],
    [['--period', '1d', '--grace', '366d'], '--grace must be 0 seconds to 365 days (got 366d).'],
    [['--period', '30.5s', '--grace', '0s'], '--period must be a whole number of seconds (got 30.5 seconds).'],
    [
      ['--period', '30', '--grace', '0s'],
      '--period needs a unit: 30s, 30m, 30h or 30d (a duration like 90s, 30m, 2h, 7d or 2w) (got "30").',
    ],
    [
      ['--period', '1d', '--grace', '1h', '--description', 'x'.repeat(501)],
      '--description must be at most 500 characters',
    ],
    [
      ['--period', '1d', '--grace', '1h', '--alert-channel', 'ops'],
      '--alert-channel must be the number of an alert channel (got "ops").',
    ],
    [['--period', '1d', '--grace', '1h', '--tag', ' '], '--tag '],
  ])('%j: exit 2 naming the flag and the rule, nothing sent', async (flags, message) => {
    const result = await create([...NAMED, ...flags]);
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.code).toBe(2);
    expect(sent()).toEqual([]);
  });

  it('a period and a grace both out of range: both named in one message', async () => {
    const result = await create([...NAMED, '--period', '10s', '--grace', '400d']);
    expect(result.stderr).toContain(
      'error: 2 problems:\n  --period must be 30 seconds to 365 days (got 10s)\n  --grace must be 0 seconds to 365 days (got 400d)',
    );
    expect(result.code).toBe(2);
    expect(sent()).toEqual([]);
  });

  it('--description-file longer than 500 characters is refused naming it; 500 are sent', async () => {
    const dir = testEnv().HOME!;
    const long = join(dir, 'long.md');
    writeFileSync(long, `${'x'.repeat(501)}\n`);
    const refused = await create([...NAMED, '--period', '1d', '--grace', '1h', '--description-file', long]);
    expect(refused.stderr).toContain('error: --description-file must hold at most 500 characters (it holds 501).');
    expect(refused.code).toBe(2);
    const fits = join(dir, 'fits.md');
    writeFileSync(fits, `${'y'.repeat(500)}\n`);
    const accepted = await create([...NAMED, '--period', '1d', '--grace', '1h', '--description-file', fits]);
    expect(accepted.code).toBe(0);
    expect((sent()[0]?.body as { description: string }).description).toBe('y'.repeat(500));
  });

  it('without a terminal, the missing flags are named with an example (exit 2)', async () => {
    const result = await create(['--period', '1d']);
    expect(result.stderr).toContain('error: --name and --grace are required (prompts are off');
    expect(result.stderr).toContain(
      'For example: `mon heartbeats create --name "Nightly backup" --period 1d --grace 1h`',
    );
    expect(result.code).toBe(2);
    expect(sent()).toEqual([]);
  });
});

describe('heartbeats create: durations in the largest exact unit, each bound accepted', () => {
  it.each([
    ['30s', '0s', { period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' }],
    ['365d', '365d', { period: 365, periodUnit: 'days', grace: 365, graceUnit: 'days' }],
    ['120s', '90s', { period: 2, periodUnit: 'minutes', grace: 90, graceUnit: 'seconds' }],
    ['36h', '2w', { period: 36, periodUnit: 'hours', grace: 14, graceUnit: 'days' }],
    ['1.5h', '3600s', { period: 90, periodUnit: 'minutes', grace: 1, graceUnit: 'hours' }],
  ])('--period %s --grace %s', async (period, grace, heartbeat) => {
    const result = await create([...NAMED, '--period', period, '--grace', grace, '--dry-run', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).request.body).toEqual({ name: 'Nightly backup', heartbeat });
    expect(sandbox.requests).toEqual([]);
  });
});

describe('heartbeats create: what is sent and shown', () => {
  it('piped: the check ID on stdout; the ping URL masked; the body has every flag', async () => {
    const result = await create([
      ...NAMED,
      '--period',
      '1d',
      '--grace',
      '1h',
      '--description',
      'Backs up **the database**',
      '--tag',
      'ops',
      '--tag',
      'db',
      '--muted',
      '--inactive',
      '--alert-channel',
      '1002',
    ]);
    expect(result.code).toBe(0);
    const [request] = sent();
    expect(request?.path).toBe('/v1/checks/heartbeat?autoAssignAlerts=false');
    expect(request?.body).toEqual({
      name: 'Nightly backup',
      heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
      description: 'Backs up **the database**',
      tags: ['ops', 'db'],
      muted: true,
      activated: false,
      alertChannelSubscriptions: [{ alertChannelId: 1002, activated: true }],
    });
    const monitor = monitors(sandbox).get(result.stdout.trim())!;
    expect(result.stdout).toBe(`${monitor.id}\n`);
    expect(result.stderr).toContain('✓ Created heartbeat monitor "Nightly backup": every 1d, grace 1h.');
    expect(result.stderr).toContain(`  Check ID  ${monitor.id}`);
    expect(result.stderr).toContain(`  Ping URL  ${sandbox.pingUrl}/…${monitor.pingToken.slice(-4)}`);
    expect(result.stderr).toContain('  Next: `mon heartbeats exec TOKEN -- JOB`');
    expect(result.stdout + result.stderr).not.toContain(monitor.pingToken);
  });

  it('--json: the API body, whole token included', async () => {
    const result = await create([...NAMED, '--period', '15m', '--grace', '5m', '--json']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.heartbeat).toEqual({
      period: 15,
      periodUnit: 'minutes',
      grace: 5,
      graceUnit: 'minutes',
      pingToken: expect.stringMatching(/^\S{16,}$/),
      pingUrl: `${sandbox.pingUrl}/${body.heartbeat.pingToken}`,
    });
  });

  it('on a terminal: the whole ping URL, once, and the next step with the token', async () => {
    const result = await create([...NAMED, '--period', '1d', '--grace', '1h'], { tty: true });
    expect(result.code).toBe(0);
    const monitor = monitors(sandbox).values().at(-1)!;
    expect(result.stderr).toContain(`  Ping URL  ${sandbox.pingUrl}/${monitor.pingToken}`);
    expect(result.stderr).toContain(`\`mon heartbeats exec ${monitor.pingToken} -- JOB\``);
    expect(result.stdout).toBe('');
  });

  it('prompts for what is missing, refuses a period out of range at the prompt, confirms, then sends', async () => {
    const result = await create([], {
      tty: true,
      answers: [
        { message: 'Name of the monitor', answer: 'Queue sweeper' },
        { message: 'How often does the job run?', answer: '10s' },
        { message: 'How often does the job run?', answer: '15m' },
        { message: 'How long may it be late', answer: '30' },
        { message: 'How long may it be late', answer: '5m' },
        { message: 'Create this monitor?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    const errors = result.prompter.asked.flatMap((question) => question.rejected ?? []);
    expect(errors).toEqual([
      'It must be 30 seconds to 365 days (got 10s).',
      'It needs a unit: 30s, 30m, 30h or 30d (a duration like 90s, 30m, 2h, 7d or 2w).',
    ]);
    expect(result.stderr).toContain('About to create a heartbeat monitor:');
    expect(result.stderr).toMatch(/Expected: .*every 15m, grace 5m/);
    expect(sent().map((request) => request.body)).toEqual([
      { name: 'Queue sweeper', heartbeat: { period: 15, periodUnit: 'minutes', grace: 5, graceUnit: 'minutes' } },
    ]);
  });

  it('"no" at the confirmation creates nothing (exit 1)', async () => {
    const result = await create(['--period', '1d', '--grace', '1h'], {
      tty: true,
      answers: [
        { message: 'Name of the monitor', answer: 'Never created' },
        { message: 'Create this monitor?', answer: 'no' },
      ],
    });
    expect(result.stderr).toContain('Nothing was created.');
    expect(result.code).toBe(1);
    expect(sent()).toEqual([]);
  });
});

describe('heartbeats create with --sandbox', () => {
  it('its next step names --sandbox too, so the command pasted reaches the same sandbox', async () => {
    const result = await cli([
      '--sandbox',
      'heartbeats',
      'create',
      '--name',
      'Nightly export',
      '--period',
      '1d',
      '--grace',
      '1h',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('  Next: `mon --sandbox heartbeats exec TOKEN -- JOB`');
  });
});

refusesBadInput([
  {
    what: 'a period under 30 seconds',
    line: 'heartbeats create --name Backup --period 29s --grace 0s',
    says: '--period must be 30 seconds to 365 days (got 29s)',
  },
  {
    what: 'a grace over 365 days',
    line: 'heartbeats create --name Backup --period 1d --grace 366d',
    says: '--grace must be 0 seconds to 365 days (got 366d)',
  },
]);
