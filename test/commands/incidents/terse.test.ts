/**
 * An API whose answers leave out what its schema makes optional: an update without its status
 * or notifySubscribers. What create, update, resolve and updates edit then report is what they sent.
 */
import { describe, expect, it } from 'vitest';
import { jsonServer, mon, serverEnv, TEST_ACCOUNT } from '../../helpers';

const ID = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const UPDATE = '9a8b7c6d-0000-4000-8000-000000000001';
const SERVICE = { id: '11111111-0000-4000-8000-000000000001', name: 'Checkout', accountId: TEST_ACCOUNT };
const INCIDENT = {
  id: ID,
  name: 'Checkout errors',
  severity: 'MAJOR',
  services: [SERVICE],
  // Only what the schema requires of an update.
  incidentUpdates: [{ id: UPDATE, description: 'Looking.' }],
  lastUpdateStatus: 'INVESTIGATING',
  created_at: '2026-11-20',
};
const PAGE = {
  id: 'p1',
  name: 'Acme',
  url: 'acme',
  accountId: TEST_ACCOUNT,
  cards: [{ id: 'c1', name: 'Core', services: [SERVICE] }],
};

/** The terse API: the incident, the status page, and an update that is its ID and message only. */
const terseApi = () =>
  jsonServer((req) => {
    const path = req.url!.split('?')[0]!;
    if (path === '/v1/status-pages') return { length: 1, entries: [PAGE], nextId: null };
    if (path.endsWith('/incident-updates')) return { id: 'u1', description: 'Sent.' };
    // updates edit: the update read, then its PUT answered with the message alone.
    if (path.endsWith(`/incident-updates/${UPDATE}`))
      return { id: UPDATE, description: req.method === 'PUT' ? 'Edited.' : 'Looking.' };
    return INCIDENT;
  });

describe('an API that answers without the optional fields of an update', () => {
  it.each([
    [
      `incidents update ${ID} --status monitoring -m Sent. --notify`,
      '✓ Posted an update to "Checkout errors": MONITORING (was INVESTIGATING). Subscribers were notified.',
    ],
    [
      `incidents update ${ID} -m Sent.`,
      '✓ Posted an update to "Checkout errors": INVESTIGATING. Subscribers were not notified.',
    ],
    [`incidents resolve ${ID} --notify`, 'Subscribers were notified.'],
    [`incidents resolve ${ID}`, 'Subscribers were not notified.'],
    [
      `incidents create --name "Checkout errors" --severity major --service ${SERVICE.id} -m Looking. --notify`,
      '✓ Opened incident "Checkout errors": MAJOR, INVESTIGATING, on Checkout. Subscribers were notified.',
    ],
    [
      `incidents create --name "Checkout errors" --severity major --service ${SERVICE.id} -m Looking.`,
      'on Checkout. Subscribers were not notified.',
    ],
    [
      `incidents updates edit ${ID} ${UPDATE} --notify --status monitoring --date 2026-11-20T10:00:00Z`,
      `✓ Edited update ${UPDATE} of incident ${ID}: message replaced; status — → MONITORING; published at 2026-11-20T10:00:00.000Z; notifySubscribers true.`,
    ],
    [`incidents updates edit ${ID} ${UPDATE} --no-notify`, 'message replaced; notifySubscribers false.'],
  ])('%s: reports what it sent', async (line, said) => {
    const api = await terseApi();
    const result = await mon(line, { env: serverEnv(api) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(said);
  });
});
