/**
 * What a write says it will do (src/commands/incidents/shared/summary.ts): the plan's one line
 * per change, as `--dry-run --json` prints it (and agent mode's plan), for each verb that posts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, mon } from '../../../helpers';
import { openIncident } from '../fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** The plan's changes of `line --dry-run --json`; nothing is sent. */
async function changes(line: string): Promise<string[]> {
  const result = await mon(`--json ${line} --dry-run`, { sandbox });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { changes: string[] }).changes;
}

describe('a dry run says each change in one line, naming the incident by name and full ID', () => {
  it.each([
    [
      'a new status, subscribers notified',
      '--status identified -m "Found it" --notify',
      ['a new update, status INVESTIGATING → IDENTIFIED, subscribers notified: "Found it"'],
    ],
    [
      'the status left as it is',
      '-m "Still on it"',
      ['a new update, status INVESTIGATING (unchanged), subscribers not notified: "Still on it"'],
    ],
    [
      'the same status given',
      '--status investigating -m "Still on it"',
      ['a new update, status INVESTIGATING (unchanged), subscribers not notified: "Still on it"'],
    ],
    [
      "the incident's own fields, as they are",
      '--name "DB slow" --severity major',
      ['name, severity and services sent as they are (nothing different)'],
    ],
    [
      'a new name, severity and services, and an update',
      `--name "DB slower" --severity critical --service ${SEED_SERVICES.api} --service ${SEED_SERVICES.webhooks} -m x`,
      [
        'name DB slow → DB slower',
        'severity MAJOR → CRITICAL',
        'services Checkout → Public API, Webhooks',
        'a new update, status INVESTIGATING (unchanged), subscribers not notified: "x"',
      ],
    ],
  ])('incidents update: %s', async (_case, flags, lines) => {
    const incident = await openIncident(sandbox, 'DB slow');
    const who = `Incident "DB slow" (${incident.id})`;
    expect(await changes(`incidents update ${incident.id} ${flags}`)).toEqual(lines.map((line) => `${who}: ${line}`));
  });

  it('incidents resolve, updates create and ensure: the update they post', async () => {
    const incident = await openIncident(sandbox, 'Queue stuck');
    const who = `Incident "Queue stuck" (${incident.id})`;
    expect(await changes(`incidents resolve ${incident.id} -m Fixed.`)).toEqual([
      `${who}: a new update, status INVESTIGATING → RESOLVED, subscribers not notified: "Fixed."`,
    ]);
    expect(await changes(`incidents updates create ${incident.id} -m More --status monitoring --notify`)).toEqual([
      `${who}: a new update, status INVESTIGATING → MONITORING, subscribers notified: "More"`,
    ]);
  });

  it("incidents create: the new incident and its first update's status", async () => {
    expect(
      await changes(
        `incidents create --name X --severity major --service ${SEED_SERVICES.api} -m hi --status identified --notify`,
      ),
    ).toEqual([
      'A new incident "X" (MAJOR, on Public API), its first update: status IDENTIFIED, subscribers notified: "hi"',
    ]);
    expect(await changes(`incidents create --name X --severity minor --service ${SEED_SERVICES.api} -m hi`)).toEqual([
      'A new incident "X" (MINOR, on Public API), its first update: status INVESTIGATING, subscribers not notified: "hi"',
    ]);
  });
});
