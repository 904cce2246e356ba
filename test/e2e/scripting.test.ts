/**
 * Scripting, end to end: services by name, list filters across pages.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

const ACCOUNT = '33333333-0000-4000-8000-000000000000';
const svc = (id: string, name: string) => ({
  id,
  name,
  accountId: ACCOUNT,
  created_at: '2026-01-15',
  updated_at: null,
});
const page = (id: string, name: string, cards: { id: string; name: string; services: ReturnType<typeof svc>[] }[]) => ({
  id,
  name,
  url: name.toLowerCase().replace(/ /g, '-'),
  accountId: ACCOUNT,
  cards: cards.map((card) => ({ ...card, created_at: '2026-01-15', updated_at: null })),
  created_at: '2026-01-15',
  updated_at: null,
});
const API_EU = '11111111-0000-4000-8000-000000000001';
const API_US = '11111111-0000-4000-8000-000000000002';
const CHECKOUT = '11111111-0000-4000-8000-000000000003';

let sandbox: SandboxProcess;
beforeAll(async () => {
  const dataFile = join(tempDir('mon-scripting-'), 'data.jsonl');
  const pages = [
    page('22222222-0000-4000-8000-000000000001', 'Acme EU', [
      { id: 'c1', name: 'Core', services: [svc(API_EU, 'Public API'), svc(CHECKOUT, 'Checkout')] },
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
  sandbox = await startSandbox([], { dataFile });
});
afterAll(() => sandbox?.stop());

const open = async (name: string, severity: string, service: string, extra: string[] = []) => {
  const result = await runMon(
    ['incidents', 'create', '--name', name, '--severity', severity, '--service', service, '-m', 'x', ...extra],
    {
      env: sandbox.env(),
    },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
};

describe('services by name', () => {
  it('create takes a service name in any case and sends its ID', async () => {
    await sandbox.clearRequests();
    await open('Checkout slow', 'major', 'cHeCkOuT');
    const posted = (await sandbox.requests()).find((request) => request.method === 'POST');
    expect(posted?.body).toMatchObject({ services: [{ id: CHECKOUT, name: 'Checkout' }] });
  });

  it('a name on several pages is exit 2 listing "Page › Card › Service (ID)"; nothing is sent', async () => {
    await sandbox.clearRequests();
    const result = await runMon(
      ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', 'public api', '-m', 'x'],
      {
        env: sandbox.env(),
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "public api" names 2 services:');
    expect(result.stderr).toContain(`Acme EU › Core › Public API (${API_EU})`);
    expect(result.stderr).toContain(`Acme US › Core › Public API (${API_US})`);
    expect((await sandbox.requests()).filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('an unknown name is exit 2 with the closest names', async () => {
    const result = await runMon(
      ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', 'Chekout', '-m', 'x'],
      { env: sandbox.env() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "Chekout" is not a service on any status page (by ID or name).');
    expect(result.stderr).toContain('Did you mean "Checkout"?');
  });

  it('update takes names too: the services become exactly these', async () => {
    const id = await open('API errors', 'minor', API_EU);
    await sandbox.clearRequests();
    const result = await runMon(['incidents', 'update', id, '--service', 'CHECKOUT', '--service', API_US], {
      env: sandbox.env(),
    });
    expect(result.code, result.stderr).toBe(0);
    const put = (await sandbox.requests()).find((request) => request.method === 'PUT');
    expect((put?.body as { services: { id: string }[] }).services.map((service) => service.id)).toEqual([
      CHECKOUT,
      API_US,
    ]);
  });
});

describe('list filters', () => {
  let critical: string;
  beforeAll(async () => {
    critical = await open('Payments down', 'critical', 'Checkout');
    await open('Slow EU pages', 'minor', API_EU, ['--date', '2020-01-01']);
  });

  const names = async (args: string[]) => {
    const result = await runMon(['incidents', 'list', '--all', '--json', ...args], { env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as { id: string; name: string }[]).map((incident) => incident.name);
  };

  it('--service by name (any case), repeatable', async () => {
    expect(await names(['--service', 'checkout'])).toEqual(expect.arrayContaining(['Payments down', 'Checkout slow']));
    expect(await names(['--service', 'checkout'])).not.toContain('Slow EU pages');
    expect(await names(['--service', 'checkout', '--service', API_EU])).toContain('Slow EU pages');
  });

  it('--severity in any case, repeatable', async () => {
    expect(await names(['--severity', 'CRITICAL'])).toEqual(['Payments down']);
    expect((await names(['--severity', 'critical', '--severity', 'Minor'])).sort()).toEqual(
      expect.arrayContaining(['Payments down', 'Slow EU pages']),
    );
  });

  it('--since a duration or a date (by when the incident started), combined with --status', async () => {
    const recent = await names(['--since', '7d']);
    expect(recent).toContain('Payments down');
    expect(recent).not.toContain('Slow EU pages');
    expect(await names(['--since', '2019-12-31', '--severity', 'minor', '--service', API_EU])).toContain(
      'Slow EU pages',
    );
    await runMon(['incidents', 'resolve', critical], { env: sandbox.env() });
    expect(await names(['--severity', 'critical'])).toEqual([]);
    expect(await names(['--severity', 'critical', '--status', 'resolved'])).toEqual(['Payments down']);
  });

  it("without --all: pages are followed until --limit match; the page has the API's shape", async () => {
    const result = await runMon(
      ['incidents', 'list', '--status', 'all', '--severity', 'minor', '--limit', '1', '--json'],
      { env: sandbox.env() },
    );
    const page = JSON.parse(result.stdout) as {
      length: number;
      entries: { severity: string }[];
      nextId: string | null;
    };
    expect(page.length).toBe(1);
    expect(page.entries[0]!.severity).toBe('MINOR');
    expect(typeof page.nextId === 'string' || page.nextId === null).toBe(true);
  });

  it('an unknown severity or a future --since is exit 2 before anything is sent', async () => {
    await sandbox.clearRequests();
    expect((await runMon(['incidents', 'list', '--severity', 'sev1'], { env: sandbox.env() })).code).toBe(2);
    expect((await runMon(['incidents', 'list', '--since', '2099-01-01'], { env: sandbox.env() })).code).toBe(2);
    expect(await sandbox.requests()).toEqual([]);
  });
});
