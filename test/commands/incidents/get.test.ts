/** `mon incidents get`: the incident and its updates, newest first; --json as received. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput, tsvRows } from '../../helpers';
import { openIncident, resolveIncident } from './fixture';

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
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);
const resolveDirectly = (id: string) => resolveIncident(sandbox, id);

describe('incidents get', () => {
  it('shows an incident and its updates newest first; --json is the body as received', async () => {
    const incident = await open('DB slow');
    sandbox.clock.advance(60_000);
    await run(`incidents update ${incident.id} --status identified --message "Found it"`);
    sandbox.clock.advance(60_000);
    await resolveDirectly(incident.id);
    const piped = await run(`incidents get ${incident.id}`);
    expect(piped.stdout).toContain('lastUpdateStatus\tRESOLVED\n');
    expect(piped.stdout).toContain('duration\t120\n');
    const rows = tsvRows(piped.stdout).filter((row) => row[0] === 'update');
    expect(rows.map((row) => [row[3], row[5]])).toEqual([
      ['RESOLVED', 'Over'],
      ['IDENTIFIED', 'Found it'],
      ['INVESTIGATING', 'DB slow began'],
    ]);
    const tty = await run(`--no-color incidents get ${incident.id}`, { tty: true });
    // On a terminal: the timeline in the status page's words and order.
    expect(tty.stdout).toContain('Timeline, as subscribers read it (3 updates, newest first):');
    expect(tty.stdout).toMatch(/\n {2}Resolved · [^\n]*\n {4}Over\n/);
    expect(tty.stdout).toMatch(/\n {2}Identified · [^\n]*\n {4}Found it\n/);
    expect(tty.stdout.indexOf('Found it')).toBeLessThan(tty.stdout.indexOf('DB slow began'));
    expect(tty.stdout).toContain('Duration:    2m');
    const json = await run(`--json incidents get ${incident.id}`);
    expect(JSON.parse(json.stdout)).toEqual(sandbox.store.collection('incidents').get(incident.id));
  });

  it('escapes control characters in names and messages from the server', async () => {
    const incident = await open('Evil \u001b[2Jname');
    const result = await run(`incidents get ${incident.id}`, { tty: true });
    expect(result.stdout).toContain('Evil \\x1b[2Jname');
    expect(result.stdout).not.toContain('\u001b[2J');
  });
});

describe('incidents get, update, resolve: an unknown incident', () => {
  it('exits 6 for an unknown incident, saying how to find one', async () => {
    for (const args of [
      ['incidents', 'get', 'no-such-incident'],
      ['incidents', 'update', 'no-such-incident', '--message', 'x'],
      ['incidents', 'resolve', 'no-such-incident'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(6);
      expect(result.stderr).toContain('Incident "no-such-incident" was not found.');
      expect(result.stderr).toContain('mon incidents list --status all');
    }
  });
});

refusesBadInput([
  {
    what: 'no incident ID (prompts off)',
    line: 'incidents get',
    says:
      'INCIDENT_ID is required (prompts are off, so no picker can be shown).\n' +
      'For example: `mon incidents get INCIDENT_ID` (`mon incidents list` shows the open incidents and their IDs)',
  },
  {
    what: 'an incident ID prefix under 6 characters',
    line: 'incidents get 6e1f0',
    says: 'INCIDENT_ID must be the whole ID or at least its first 6 characters (got "6e1f0")',
  },
  {
    what: 'an incident ID climbing out of the path',
    line: 'incidents get ../../v1/runtimes',
    says: 'INCIDENT_ID must not contain "/"',
  },
  { what: 'an incident ID with "#"', line: 'incidents get a#b', says: 'INCIDENT_ID must not contain' },
  { what: 'an incident ID with a backslash', line: "incidents get '..\\x'", says: 'INCIDENT_ID must not contain' },
  {
    what: 'an incident ID with ESC',
    line: ['incidents', 'get', 'a\u001b[2Jb'],
    says: 'INCIDENT_ID must not contain control characters (got "a\\u001b[2Jb")',
  },
  {
    what: 'an incident ID with a C1 control',
    line: ['incidents', 'get', 'a\u009bb'],
    says: 'INCIDENT_ID must not contain control characters (got "a\\x9bb")',
  },
  {
    what: 'an incident ID with a leading space',
    line: "incidents get ' a'",
    says: 'INCIDENT_ID must not start or end with spaces',
  },
  { what: 'an empty incident ID', line: "incidents get ''", says: 'INCIDENT_ID must not be empty' },
  {
    what: 'an incident ID of 201 characters',
    line: `incidents get ${'a'.repeat(201)}`,
    says: 'INCIDENT_ID must be at most 200 characters',
  },
]);
