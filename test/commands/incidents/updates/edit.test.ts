/** `mon incidents updates edit`: one update changed, the current values sent for what was not given. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, refusesBadInput } from '../../../helpers';
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

describe('incidents updates edit', () => {
  it('sends the current values for what was not given, and says what changed; nothing to change is exit 2', async () => {
    const incident = await open('DB slow');
    const updateId = await postUpdate(sandbox, incident.id, 'Cause found', 'IDENTIFIED');
    const edited = await run(
      `incidents updates edit ${incident.id} ${updateId} --message "Cause: an expired certificate"`,
    );
    expect(edited.code).toBe(0);
    const put = mutations()[0]!;
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}`,
    });
    expect(put.body).toMatchObject({
      description: 'Cause: an expired certificate',
      status: 'IDENTIFIED',
      notifySubscribers: false,
    });
    expect(edited.stderr).toContain('message replaced');

    const nothing = await run(`incidents updates edit ${incident.id} ${updateId}`);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
  });
});

const INCIDENT = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const UPDATE = '7a2b3c4d-5e6f-4a0b-9c8d-7e6f5a4b3c2d';
refusesBadInput([
  {
    what: 'an update ID with a newline',
    line: ['incidents', 'updates', 'edit', INCIDENT, 'u\nv', '--message', 'm'],
    says: 'UPDATE_ID must not contain control characters',
  },
  {
    what: 'nothing to change',
    line: `incidents updates edit ${INCIDENT} ${UPDATE}`,
    says: 'Nothing to change: give --message, --status, --notify/--no-notify or --date',
  },
  {
    what: 'February 29 of a common year',
    line: `incidents updates edit ${INCIDENT} ${UPDATE} --date 2027-02-29T10:00:00Z`,
    says: '--date must be',
  },
]);
