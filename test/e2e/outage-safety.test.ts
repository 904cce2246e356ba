/**
 * Outage safety, end to end: the real bin/mon.js against a real `mon sandbox`. Nothing goes
 * out that the user did not mean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { runMon, startSandbox, type SandboxProcess } from './harness';

interface IncidentState {
  id: string;
  incidentUpdates: { id: string; description: string }[];
}

let sandbox: SandboxProcess;
let incidentId: string;
let updateId: string;

/** Every incident with its updates, as the sandbox holds them. */
async function holdings(): Promise<IncidentState[]> {
  const { body } = await sandbox.call('GET', '/v1/status-pages/incidents?limit=100');
  return (body as { entries: IncidentState[] }).entries;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    [
      'incidents',
      'create',
      '--name',
      'Checkout errors',
      '--severity',
      'major',
      '--service',
      SEED_SERVICES.checkout,
      '--message',
      'Investigating',
    ],
    { env: sandbox.env() },
  );
  expect(created.code, created.stderr).toBe(0);
  incidentId = created.stdout.trim();
  const incident = (await sandbox.call('GET', `/v1/status-pages/incidents/${incidentId}`)).body as IncidentState;
  updateId = incident.incidentUpdates[0]!.id;
});
afterAll(() => sandbox?.stop());

describe('a flag that swallowed the next one', () => {
  const create = () => ['incidents', 'create', '--name', 'n', '--severity', 'minor', '--service', SEED_SERVICES.api];
  it.each([
    [
      'update --message --dry-run',
      () => ['incidents', 'update', incidentId, '--status', 'identified', '--message', '--dry-run'],
    ],
    ['update --message --notify', () => ['incidents', 'update', incidentId, '--message', '--notify']],
    ['update --name --severity', () => ['incidents', 'update', incidentId, '--name', '--severity', 'critical']],
    ['resolve --message --notify', () => ['incidents', 'resolve', incidentId, '--message', '--notify']],
    [
      'create --name --dry-run',
      () => [
        'incidents',
        'create',
        '--name',
        '--dry-run',
        '--severity',
        'minor',
        '--service',
        SEED_SERVICES.api,
        '--message',
        'm',
      ],
    ],
    ['create --message --json', () => [...create(), '--message', '--json']],
    [
      'updates create --message --dry-run',
      () => ['incidents', 'updates', 'create', incidentId, '--message', '--dry-run'],
    ],
    [
      'updates edit --message --notify',
      () => ['incidents', 'updates', 'edit', incidentId, updateId, '--message', '--notify'],
    ],
    [
      'checks create-dns --name --dry-run',
      () => ['checks', 'create-dns', '--name', '--dry-run', '--query', 'example.com'],
    ],
    ['checks create-dns --query --json', () => ['checks', 'create-dns', '--name', 'x', '--query', '--json']],
  ])('%s: exit 2 naming both flags; the sandbox holds what it held', async (_shape, argv) => {
    const before = await holdings();
    await sandbox.clearRequests();
    const result = await runMon(argv(), { env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--(message|name|query) needs a value, but the next word is --(dry-run|notify|severity|json), which is a flag/,
    );
    expect(await sandbox.requests()).toEqual([]);
    expect(await holdings()).toEqual(before);
  });
});
