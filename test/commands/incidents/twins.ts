/**
 * A sandbox data file holding two open incidents whose IDs share their first 8 characters
 * (TWINS) and a resolved one sharing 6 with them (RESOLVED), each with one update whose ID
 * begins with the incident's first 24 characters: what short IDs must tell apart. Used by the
 * in-process tests of short IDs and by the end-to-end terminal tests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';

/** Two open incidents whose IDs share their first 8 characters, and a resolved one sharing 6 with them. */
export const TWINS = ['abcdef12-0000-4000-8000-000000000001', 'abcdef12-0000-4000-8000-000000000002'];
export const RESOLVED = 'abcdef99-0000-4000-8000-000000000003';

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

/** A new data file holding the three incidents; its path. */
/** An open incident whose two updates share their first 8 characters (an update ID prefix matching both). */
export const TWIN_UPDATES = {
  incident: 'fedcba21-0000-4000-8000-000000000004',
  updates: ['feedbeef-0000-4000-8000-000000000001', 'feedbeef-0000-4000-8000-000000000002'],
};

export function twinUpdatesDataFile(): string {
  const base = incident(TWIN_UPDATES.incident, 'Two updates', 'IDENTIFIED');
  const [first] = base.incidentUpdates;
  const put = {
    ...base,
    incidentUpdates: [
      { ...first!, id: TWIN_UPDATES.updates[0]!, status: 'INVESTIGATING', description: 'Looking\ninto it' },
      { ...first!, id: TWIN_UPDATES.updates[1]!, status: 'IDENTIFIED', description: 'Found it' },
    ],
  };
  const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-twins-')), 'data.jsonl');
  const lines = [
    { format: 'mon-sandbox', version: 1 },
    { c: 'incidents', put },
  ];
  writeFileSync(dataFile, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return dataFile;
}

export function twinsDataFile(): string {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-twins-')), 'data.jsonl');
  const lines = [
    { format: 'mon-sandbox', version: 1 },
    ...[
      incident(RESOLVED, 'Old outage', 'RESOLVED'),
      incident(TWINS[0]!, 'Checkout errors', 'INVESTIGATING'),
      incident(TWINS[1]!, 'Webhooks late', 'IDENTIFIED'),
    ].map((put) => ({ c: 'incidents', put })),
  ];
  writeFileSync(dataFile, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return dataFile;
}
