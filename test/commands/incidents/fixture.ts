/**
 * What the tests of the incident verbs share: incidents opened and resolved on the sandbox
 * directly (set-up, left out of its request log), and the generators of the property tests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Incident } from '../../../src/api/schemas/incidents';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, sandboxCall, TEST_ACCOUNT } from '../../helpers';

/** The names of the sandbox's seeded services, by ID (src/sandbox/modules/statusPages.ts). */
const SEED_NAMES: Record<string, string> = {
  [SEED_SERVICES.api]: 'Public API',
  [SEED_SERVICES.webApp]: 'Web app',
  [SEED_SERVICES.webhooks]: 'Webhooks',
  [SEED_SERVICES.database]: 'Primary database',
  [SEED_SERVICES.queue]: 'Job queue',
  [SEED_SERVICES.checkout]: 'Checkout',
  [SEED_SERVICES.payouts]: 'Payouts',
};

/** A seeded service as mon names it in a request body: its ID, its name and the account. */
export function seedService(id: string): { id: string; name: string; accountId: string } {
  return { id, name: SEED_NAMES[id]!, accountId: TEST_ACCOUNT };
}

/** An open incident on `services`, its first update INVESTIGATING (`description`: "NAME began"). */
export async function openIncident(
  sandbox: Sandbox,
  name: string,
  severity = 'MAJOR',
  services: string[] = [SEED_SERVICES.checkout],
  description = `${name} began`,
): Promise<Incident> {
  const { status, body } = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
    name,
    severity,
    services: services.map((id) => ({ id, name: id, accountId: TEST_ACCOUNT })),
    incidentUpdates: [{ description, status: 'INVESTIGATING' }],
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as Incident;
}

/** Resolves an incident with an update "Over". */
export async function resolveIncident(sandbox: Sandbox, id: string): Promise<void> {
  await sandboxCall(sandbox, 'POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
    description: 'Over',
    status: 'RESOLVED',
  });
}

/** Posts an update to an incident; its ID. */
export async function postUpdate(sandbox: Sandbox, incidentId: string, description: string, status: string) {
  const { body } = await sandboxCall(sandbox, 'POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, {
    description,
    status,
  });
  return (body as { id: string }).id;
}

/** Any case and spacing of an enum value: " mAjOr". */
export const anyCase = (values: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...values),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.constantFrom('', ' '),
    )
    .map(
      ([value, upper, space]) =>
        `${space}${[...value].map((char, i) => (upper[i] ? char : char.toLowerCase())).join('')}${space}`,
    );
/** Text of 1 to `maxLength` characters that is not all spaces. */
export const text = (maxLength: number) =>
  fc.string({ minLength: 1, maxLength }).filter((value) => value.trim().length > 0);
export const serviceIds = fc.uniqueArray(fc.constantFrom(...Object.values(SEED_SERVICES)), {
  minLength: 1,
  maxLength: 4,
});
/** No date, or one between 2020 and 2030 in whole seconds. */
export const date = fc.option(
  fc
    .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
    .map((ms) => new Date(Math.floor(ms / 1000) * 1000)),
  { nil: undefined },
);

/**
 * Two status pages sharing a service name ("Public API" on Acme EU and on Acme US) and a
 * Checkout on the first: what --service by name must tell apart. IDs API_EU, API_US, CHECKOUT_EU.
 */
/** The account the two pages' services belong to (their incidents name it). */
export const PAGES_ACCOUNT = '33333333-0000-4000-8000-000000000000';
const svc = (id: string, name: string) => ({
  id,
  name,
  accountId: PAGES_ACCOUNT,
  created_at: '2026-01-15',
  updated_at: null,
});
const page = (id: string, name: string, cards: { id: string; name: string; services: ReturnType<typeof svc>[] }[]) => ({
  id,
  name,
  url: name.toLowerCase().replace(/ /g, '-'),
  accountId: PAGES_ACCOUNT,
  cards: cards.map((card) => ({ ...card, created_at: '2026-01-15', updated_at: null })),
  created_at: '2026-01-15',
  updated_at: null,
});
export const API_EU = '11111111-0000-4000-8000-000000000001';
export const API_US = '11111111-0000-4000-8000-000000000002';
export const CHECKOUT_EU = '11111111-0000-4000-8000-000000000003';

export async function twoPagesSandbox(): Promise<Sandbox> {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'mon-pages-')), 'data.jsonl');
  const pages = [
    page('22222222-0000-4000-8000-000000000001', 'Acme EU', [
      { id: 'c1', name: 'Core', services: [svc(API_EU, 'Public API'), svc(CHECKOUT_EU, 'Checkout')] },
    ]),
    page('22222222-0000-4000-8000-000000000002', 'Acme US', [
      { id: 'c2', name: 'Core', services: [svc(API_US, 'Public API')] },
    ]),
  ];
  const lines = [
    { format: 'mon-sandbox', version: 1 },
    { meta: 'seeded.statusPages', value: true },
    ...pages.map((put) => ({ c: 'statusPages', put })),
  ];
  writeFileSync(dataFile, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return memorySandbox({ dataFile });
}

/** Opens an incident with `mon incidents create` (message "x"), as a user names the service; its ID. */
export async function openWithMon(
  sandbox: Sandbox,
  name: string,
  severity: string,
  service: string,
  extra: string[] = [],
): Promise<string> {
  const result = await mon(
    ['incidents', 'create', '--name', name, '--severity', severity, '--service', service, '-m', 'x', ...extra],
    { sandbox },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}
