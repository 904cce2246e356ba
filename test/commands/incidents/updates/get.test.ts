/** `mon incidents updates get`: one update of an incident. */
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
