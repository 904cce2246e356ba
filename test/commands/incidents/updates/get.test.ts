/** `mon incidents updates get`: one update of an incident. */
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../../../src/api/schemas/incidents';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput, tsvFields } from '../../../helpers';
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
const open = (name: string, severity?: string, services?: string[]) => openIncident(sandbox, name, severity, services);

describe('incidents updates get', () => {
  it('shows one update as key/value lines when piped; an unknown one is exit 6 naming both IDs', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const get = await run(`incidents updates get ${incident.id} ${updateId}`);
    expect(get.stdout).toContain('status\tIDENTIFIED\n');
    expect(get.stdout).toContain('description\tCause found\n');
    const missing = await run(`incidents updates get ${incident.id} nope-nope`);
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain(`Incident update "nope-nope" of incident "${incident.id}" was not found.`);
  });

  it('shows every field of the update, then its message: piped, on a terminal and as Markdown', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found.\nA rollback is next.', 'IDENTIFIED');
    const at = '2026-03-02T10:00:00.000Z';

    const piped = await run(`incidents updates get ${incident.id} ${updateId}`);
    expect(tsvFields(piped.stdout)).toEqual({
      id: updateId,
      incidentId: incident.id,
      status: 'IDENTIFIED',
      publicIncidentUpdateDate: at,
      notifySubscribers: 'false',
      created_at: '2026-03-02',
      description: 'Cause found.\\nA rollback is next.',
    });

    const screen = await run(`incidents updates get ${incident.id} ${updateId}`, { tty: true });
    expect(stripVTControlCharacters(screen.stdout)).toBe(
      [
        `Update:    ${updateId}`,
        `Incident:  ${incident.id}`,
        'Status:    IDENTIFIED',
        'Published: 2026-03-02 10:00 UTC (just now)',
        'Notified:  no',
        'Created:   2026-03-02',
        '',
        'Cause found.',
        'A rollback is next.',
        '',
      ].join('\n'),
    );

    const markdown = await run(`incidents updates get ${incident.id} ${updateId} --format md`);
    expect(markdown.stdout).toMatch(/^## Update: Identified\n/);
    expect(markdown.stdout).toContain('- **Published:** 2026-03-02 10:00 UTC\n- **Notified:** no\n');
  });

  it('says whether subscribers were notified: "yes, subscribers were notified", or "no" when the server leaves it out', async () => {
    const incident = await open('DB slow');
    const notified = (await run(`incidents updates create ${incident.id} -m "Fixed." --notify`)).stdout.trim();
    const quiet = await postUpdate(sandbox, incident.id, 'Watching.', 'MONITORING');
    // An update as an older server stores it: no notifySubscribers, no publication date.
    const stored = sandbox.store.collection<Incident>('incidents').get(incident.id)!;
    const bare = stored.incidentUpdates.find((update) => update.id === quiet)!;
    delete bare.notifySubscribers;
    delete bare.publicIncidentUpdateDate;

    const shown = async (updateId: string, options: CliOptions = {}) =>
      stripVTControlCharacters((await run(`incidents updates get ${incident.id} ${updateId}`, options)).stdout);
    expect(tsvFields(await shown(notified)).notifySubscribers).toBe('true');
    expect(await shown(notified, { tty: true })).toContain('Notified:  yes, subscribers were notified\n');
    const bareFields = tsvFields(await shown(quiet));
    expect([bareFields.notifySubscribers, bareFields.publicIncidentUpdateDate]).toEqual(['false', '']);
    const bareScreen = await shown(quiet, { tty: true });
    expect(bareScreen).toContain('Published: —\n');
    expect(bareScreen).toContain('Notified:  no\n');
  });

  it('without UPDATE_ID and prompts off: exit 2 with a command line that gives it, nothing read', async () => {
    const incident = await open('DB slow');
    const before = sandbox.requests.length;
    const result = await run(`incidents updates get ${incident.id}`);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('UPDATE_ID is required (prompts are off, so no picker can be shown).');
    expect(stripVTControlCharacters(result.stderr)).toContain(
      'For example: `mon incidents updates get INCIDENT_ID UPDATE_ID`',
    );
    expect(sandbox.requests.length).toBe(before);
  });
});

refusesBadInput([
  {
    what: 'an update ID prefix under 6 characters',
    line: 'incidents updates get 6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b 7a2b',
    says: 'UPDATE_ID must be the whole ID or at least its first 6 characters (got "7a2b")',
  },
  {
    what: 'an update ID with "/"',
    line: 'incidents updates get 6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b ../x',
    says: 'UPDATE_ID must not contain "/"',
  },
]);
