/** Short IDs (src/commands/incidents/shared/prefix.ts): an incident or update named by the first characters of its ID. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, mon } from '../../../helpers';
import { RESOLVED, TWIN_UPDATES, TWINS, twinUpdatesDataFile, twinsDataFile } from '../twins';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox({ dataFile: twinsDataFile() });
});
afterAll(async () => {
  await sandbox.close();
});

describe('short IDs: an incident or update ID by its first characters', () => {
  it('an 8-character prefix works for incidents get (one list request, then the incident)', async () => {
    const created = await mon(
      ['incidents', 'create', '--name', 'Prefix me', '--severity', 'minor', '--service', SEED_SERVICES.api, '-m', 'x'],
      { sandbox },
    );
    const id = created.stdout.trim();
    sandbox.requests.length = 0;
    const result = await mon(['incidents', 'get', id.slice(0, 8)], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`id\t${id}\n`);
    const paths = sandbox.requests.map((request) => request.path);
    expect(paths).toEqual(['/v1/status-pages/incidents?limit=100', `/v1/status-pages/incidents/${id}`]);
  });

  it('a whole ID costs no lookup', async () => {
    sandbox.requests.length = 0;
    const result = await mon(['incidents', 'get', TWINS[0]!], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(sandbox.requests.map((request) => request.path)).toEqual([`/v1/status-pages/incidents/${TWINS[0]}`]);
  });

  it('an 8-character prefix works for updates create, and posts to the whole ID', async () => {
    const created = await mon(
      ['incidents', 'create', '--name', 'Prefix two', '--severity', 'minor', '--service', SEED_SERVICES.api, '-m', 'x'],
      { sandbox },
    );
    const id = created.stdout.trim();
    sandbox.requests.length = 0;
    const result = await mon(['incidents', 'updates', 'create', id.slice(0, 8), '-m', 'Still on it.'], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    const posted = sandbox.requests.filter((request) => request.method === 'POST');
    expect(posted).toEqual([
      expect.objectContaining({
        path: `/v1/status-pages/incidents/${id}/incident-updates`,
        body: { description: 'Still on it.', notifySubscribers: false },
      }),
    ]);
  });

  it('an ambiguous prefix is exit 2 listing the matches (ID and name); nothing is sent', async () => {
    sandbox.requests.length = 0;
    const result = await mon(['incidents', 'update', 'abcdef12', '-m', 'Which one?'], { sandbox });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('INCIDENT_ID abcdef12 matches 2:');
    expect(result.stderr).toContain(`${TWINS[0]}  Checkout errors`);
    expect(result.stderr).toContain(`${TWINS[1]}  Webhooks late`);
    expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('open incidents win over resolved ones with the same prefix; a prefix matching nothing is exit 6', async () => {
    const open = await mon(['incidents', 'get', 'abcdef', '--json'], { sandbox });
    expect(open.code).toBe(2); // both open twins match, the resolved one left out
    expect(open.stderr).toContain('INCIDENT_ID abcdef matches 2:');
    const resolved = await mon(['incidents', 'get', 'abcdef99'], { sandbox });
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout).toContain(`id\t${RESOLVED}`);
    const none = await mon(['incidents', 'get', 'fedcba98'], { sandbox });
    expect(none.code).toBe(6);
    expect(none.stderr).toContain('Incident "fedcba98" was not found.');
  });

  it("an update ID prefix is resolved among the incident's updates", async () => {
    const updateId = `${TWINS[1]!.slice(0, 24)}aaaaaaaaaaaa`;
    const result = await mon(['incidents', 'updates', 'get', TWINS[1]!, updateId.slice(0, 28)], { sandbox });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`id\t${updateId}\n`);
  });

  it('an ambiguous update prefix is exit 2 listing each update (ID, status, first line of its message); nothing is sent', async () => {
    const twins = await memorySandbox({ dataFile: twinUpdatesDataFile() });
    try {
      const result = await mon(['incidents', 'updates', 'edit', TWIN_UPDATES.incident, 'FEEDBEEF', '-m', 'x'], {
        sandbox: twins,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `error: UPDATE_ID FEEDBEEF matches 2:\n  ${TWIN_UPDATES.updates[0]}  INVESTIGATING  Looking\n  ${TWIN_UPDATES.updates[1]}  IDENTIFIED  Found it\nGive more characters of the ID.\n`,
      );
      expect(twins.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    } finally {
      await twins.close();
    }
  });
});
