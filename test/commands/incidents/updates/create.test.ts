/** `mon incidents updates create`: one update posted to an incident. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import type { Incident } from '../../../../src/api/schemas/incidents';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput, testEnv } from '../../../helpers';
import { openIncident, postUpdate } from '../fixture';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterEach(async () => {
  await sandbox.close();
});

/** mon and the sandbox on one clock, which stands still unless a test moves it. */
const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });
/** What reached the server other than reads. */
const mutations = () => sandbox.requests.filter((request) => request.method !== 'GET');
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);

describe('incidents updates create', () => {
  it('posts the message and the status given, and prints the ID of the new update when piped', async () => {
    const incident = await open('DB slow');
    const created = await run(`incidents updates create ${incident.id} --message "Cause found" --status identified`);
    expect(created.code).toBe(0);
    expect(mutations()[0]!.body).toEqual({
      description: 'Cause found',
      status: 'IDENTIFIED',
      notifySubscribers: false,
    });
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    const posted = stored.incidentUpdates.find((update) => update.description === 'Cause found')!;
    expect(created.stdout).toBe(`${posted.id}\n`);
  });

  it('needs --message without a terminal, and asks for it on one', async () => {
    const incident = await open('DB slow');
    const piped = await run(`incidents updates create ${incident.id}`);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('--message is required');
    const tty = await run(`incidents updates create ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Typed' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(tty.code).toBe(0);
    // No --status: none is sent, and the server keeps the incident's.
    expect(mutations()[0]!.body).toEqual({ description: 'Typed', notifySubscribers: false });
  });
});

describe('incidents updates create: the plan, the body and what it says after', () => {
  const cases: { flags: string; change: string; body: object; says: string }[] = [
    {
      flags: '-m "Fix out." --status monitoring --notify --date 2026-03-01T09:00:00Z',
      change: 'a new update, status INVESTIGATING → MONITORING, subscribers notified: "Fix out."',
      body: {
        description: 'Fix out.',
        status: 'MONITORING',
        publicIncidentUpdateDate: '2026-03-01T09:00:00.000Z',
        notifySubscribers: true,
      },
      says: 'MONITORING. Subscribers were notified.',
    },
    {
      flags: '-m "Still looking."',
      change: 'a new update, status INVESTIGATING (unchanged), subscribers not notified: "Still looking."',
      body: { description: 'Still looking.', notifySubscribers: false },
      says: 'INVESTIGATING. Subscribers were not notified.',
    },
  ];
  it.each(cases)('$flags', async ({ flags, change, body, says }) => {
    const incident = await open('DB slow');
    const line = `incidents updates create ${incident.id} ${flags}`;
    const dry = await run(`${line} --dry-run`);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      target: { kind: 'incident', id: incident.id, name: 'DB slow' },
      changes: [`Incident "DB slow" (${incident.id}): ${change}`],
      request: { method: 'POST', path: `/v1/status-pages/incidents/${incident.id}/incident-updates`, body },
    });
    expect(mutations()).toEqual([]);

    const posted = await run(line);
    expect(posted.code, posted.stderr).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([body]);
    const updateId = posted.stdout.trim();
    expect(stripVTControlCharacters(posted.stderr)).toBe(
      `✓ Posted update ${updateId} to incident ${incident.id}: ${says}\n`,
    );
  });

  it('on a terminal: the incident picked, the confirmation naming it, and the update said posted to it by name', async () => {
    const incident = await open('DB slow');
    const result = await run('--no-color incidents updates create', {
      tty: true,
      answers: [
        { message: 'Which open incident?', answer: incident.id },
        { message: 'Message', answer: 'Typed.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    const said = result.stderr.replace(/\s+/g, ' ');
    expect(said).toContain(
      [
        'About to post an update:',
        'Incident: DB slow (MAJOR, on Checkout)',
        `ID: ${incident.id}`,
        'Status: INVESTIGATING (unchanged)',
        'Message: Typed.',
        'Notify: no, subscribers are not notified',
      ].join(' '),
    );
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    const updateId = stored.incidentUpdates.find((update) => update.description === 'Typed.')!.id;
    expect(said).toContain(`✓ Posted update ${updateId} to "DB slow": INVESTIGATING. Subscribers were not notified.`);
  });
});

describe('incidents updates create --plan', () => {
  it('its token posts what was planned, and is exit 10 with nothing sent once someone else posted to the incident', async () => {
    const incident = await open('DB slow');
    const line = `incidents updates create ${incident.id} -m "Still investigating."`;
    // One configuration directory for the runs: where the plans are kept.
    const env = testEnv({ sandbox });
    const token = async () => {
      const planned = await run(`${line} --plan`, { env });
      expect(planned.code, planned.stderr).toBe(9);
      return (JSON.parse(planned.stdout) as { planToken: string }).planToken;
    };
    const stale = await token();
    await postUpdate(sandbox, incident.id, 'Someone else wrote.', 'IDENTIFIED');
    const late = await run(`${line} --plan-token ${stale}`, { env });
    expect(late.code, late.stderr).toBe(10);
    expect(mutations()).toEqual([]);

    const sent = await run(`${line} --plan-token ${await token()}`, { env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(mutations().map((request) => [request.path, request.body])).toEqual([
      [
        `/v1/status-pages/incidents/${incident.id}/incident-updates`,
        { description: 'Still investigating.', notifySubscribers: false },
      ],
    ]);
  });
});

describe('incidents updates create --message-file', () => {
  it('--message-file FILE or - gives a long message; --message beside it is exit 2', async () => {
    const incident = await open('DB slow');
    const file = join(mkdtempSync(join(tmpdir(), 'mon-message-')), 'message.txt');
    writeFileSync(file, 'First line.\n\nSecond paragraph.\n');
    expect((await run(['incidents', 'updates', 'create', incident.id, '--message-file', file])).code).toBe(0);
    expect(
      (await run(`incidents updates create ${incident.id} --message-file -`, { stdin: 'From stdin.\n' })).code,
    ).toBe(0);
    expect(mutations().map((request) => request.body)).toEqual([
      { description: 'First line.\n\nSecond paragraph.', notifySubscribers: false },
      { description: 'From stdin.', notifySubscribers: false },
    ]);
    const both = await run(['incidents', 'updates', 'create', incident.id, '-m', 'x', '--message-file', file]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--message and --message-file cannot be given together');
  });
});

const INCIDENT = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
refusesBadInput([
  {
    what: 'an incident ID ".."',
    line: 'incidents updates create .. --message m',
    says: 'INCIDENT_ID must not be "." or ".."',
  },
  {
    what: 'no message (prompts off)',
    line: `incidents updates create ${INCIDENT}`,
    says: '--message is required',
  },
  {
    what: 'an unknown status',
    line: `incidents updates create ${INCIDENT} --message m --status nope`,
    says: '--status must be one of',
  },
  {
    what: 'a malformed --date',
    line: `incidents updates create ${INCIDENT} --message m --date 2026-11-20T14:05:00+99:00`,
    says: '--date must be',
  },
]);
