/** Short IDs (src/commands/incidents/shared/prefix.ts): an incident or update named by the first characters of its ID. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, mon } from '../../../helpers';

/** Two open incidents whose IDs share their first 8 characters, and a resolved one sharing 6 with them. */
const TWINS = ['abcdef12-0000-4000-8000-000000000001', 'abcdef12-0000-4000-8000-000000000002'];
const RESOLVED = 'abcdef99-0000-4000-8000-000000000003';

function incident(id: string, name: string, status: string) {
  const service = {
    id: SEED_SERVICES.api,
    name: 'Public API',
    accountId: 'acct',
    created_at: '2026-01-15',
    updated_at: null,
  };
  const update = {
    id: `${id.slice(0, 24)}aaaaaaaaaaaa`,
    description: 'Investigating',
    status,
    publicIncidentUpdateDate: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20',
    notifySubscribers: false,
  };
  return {
    id,
    name,
    severity: 'MAJOR',
    services: [service],
    incidentUpdates: [update],
    lastUpdateStatus: status,
    duration: status === 'RESOLVED' ? 0 : null,
    created_at: '2026-11-20',
    updated_at: '2026-11-20',
  };
}

let sandbox: Sandbox;
beforeAll(async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-prefix-')), 'data.jsonl');
  const lines = [
    { format: 'mon-sandbox', version: 1 },
    ...[
      incident(RESOLVED, 'Old outage', 'RESOLVED'),
      incident(TWINS[0]!, 'Checkout errors', 'INVESTIGATING'),
      incident(TWINS[1]!, 'Webhooks late', 'IDENTIFIED'),
    ].map((put) => ({ c: 'incidents', put })),
  ];
  writeFileSync(dataFile, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  sandbox = await memorySandbox({ dataFile });
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
    expect(open.code).toBe(2); // both open twins match
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
});
