/**
 * Agents as callers, end to end: the real bin/mon.js in agent mode (MON_MODE=agent, and
 * separately CLAUDECODE=1 alone) against `mon sandbox` over HTTP. A plan (exit 9), its token
 * posting exactly once, a conflict when another client posted in between (exit 10, nothing
 * sent), a spent token refused, --dry-run, and usage errors still exit 2 as JSON; the
 * sandbox's received requests are the evidence.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, openIncident, runMon, startSandbox, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.clearRequests();
});

const API = { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' };
const writes = async () =>
  (await sandbox.requests())
    .filter((request) => request.method !== 'GET')
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));

describe.each([
  ['MON_MODE=agent', { MON_MODE: 'agent' }],
  ['CLAUDECODE=1 alone', { CLAUDECODE: '1' }],
])('the real binary in agent mode (%s)', (_name, marker) => {
  it('plans (exit 9), its token posts exactly once, used again is exit 10', async () => {
    const { id } = await openIncident(sandbox, { name: 'Checkout errors', service: API });
    const env = sandbox.env(marker);
    const line = `incidents update ${id} --status monitoring -m "Fix deployed; watching."`;
    const planned = await runMon(line, { env });
    expect(planned.code, planned.stderr).toBe(9);
    const plan = JSON.parse(planned.stdout);
    expect(plan).toMatchObject({ status: 'confirmation_required', target: { kind: 'incident', id } });
    expect(JSON.parse(planned.stderr).error.kind).toBe('confirmation-required');
    expect(await writes()).toEqual([]);

    const sent = await runMon(plan.confirmCommand.replace(/^mon /, ''), { env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ status: 'MONITORING' });
    expect(await writes()).toEqual([plan.request]);

    const again = await runMon(`${line} --plan-token ${plan.planToken}`, { env });
    expect(again.code).toBe(10);
    expect(JSON.parse(again.stderr).error).toMatchObject({ exitCode: 10, kind: 'conflict' });
    expect(await writes()).toHaveLength(1);
  });

  it('another client posted between the plan and its token: exit 10 naming it, nothing sent', async () => {
    const { id } = await openIncident(sandbox, { name: 'Login failures', service: API });
    const env = sandbox.env(marker);
    const line = `incidents resolve ${id} -m "Certificates renewed."`;
    const plan = JSON.parse((await runMon(line, { env })).stdout);
    await sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'Another responder: identified.',
      status: 'IDENTIFIED',
    });
    await sandbox.clearRequests();
    const result = await runMon(`${line} --plan-token ${plan.planToken}`, { env });
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stderr).error.message).toContain(
      'changed since it was planned: 1 update was posted (1 → 2); its last status went from INVESTIGATING to IDENTIFIED',
    );
    expect(await writes()).toEqual([]);
  });

  it('--dry-run: the plan, exit 0, nothing sent; a usage error is still exit 2, as JSON', async () => {
    const { id } = await openIncident(sandbox, { name: 'Dry', service: API });
    const env = sandbox.env(marker);
    const dry = await runMon(`incidents update ${id} --severity critical --dry-run`, { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      status: 'dry_run',
      changes: [`Incident "Dry" (${id}): severity MAJOR → CRITICAL`],
      request: { method: 'PUT' },
    });
    const usage = await runMon(`incidents update ${id} --severity catastrophic`, { env });
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr).error).toMatchObject({ exitCode: 2, kind: 'usage' });
    expect(usage.stdout).toBe('');
    expect(await writes()).toEqual([]);
  });
});

it('--sandbox: a token made by one run is good in the next, whatever port its sandbox took', async () => {
  const env = cleanEnv({ MON_MODE: 'agent' });
  const created = await runMon(
    `--sandbox incidents create --name "Embedded" --severity minor --service "${API.name}" -m Began. --yes`,
    { env },
  );
  expect(created.code, created.stderr).toBe(0);
  const { id } = JSON.parse(created.stdout);
  const plan = JSON.parse((await runMon(`--sandbox incidents resolve ${id}`, { env })).stdout);
  expect(plan.confirmCommand).toBe(`mon --sandbox incidents resolve ${id} --plan-token ${plan.planToken}`);
  const sent = await runMon(plan.confirmCommand.replace(/^mon /, ''), { env });
  expect(sent.code, sent.stderr).toBe(0);
  expect(JSON.parse(sent.stdout)).toMatchObject({ status: 'RESOLVED' });
});
