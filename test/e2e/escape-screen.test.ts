/*
 * Issue 27, item 7, on a real terminal (80x24): an incident named "Payments\u200B down" (a
 * zero-width space) is not shown as "Payments down" in the picker of `mon incidents update`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
  const pages = (await sandbox.call('GET', '/v1/status-pages')).body as {
    entries: { cards: { services: { id: string; name: string }[] }[] }[];
  };
  const service = pages.entries[0]!.cards[0]!.services[0]!;
  for (const name of ['Payments down', 'Payments\u200B down']) {
    await sandbox.call('POST', '/v1/status-pages/incidents', {
      name,
      severity: 'MAJOR',
      services: [{ id: service.id, name: service.name, accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }],
    });
  }
  await sandbox.clearRequests();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('the open-incident picker', () => {
  it('shows a zero-width space in a name as \\u200b: the two look-alikes are told apart', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['incidents', 'update'], sandbox.env());
    await screen.waitFor('Which open incident');
    const shown = screen.lines().join('\n');
    expect(shown).toContain('Payments\\u200b down · MAJOR');
    expect(shown).toContain('Payments down · MAJOR');
    expect(shown).not.toContain('\u200B');
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
    expect(await sandbox.requests()).not.toContainEqual(expect.objectContaining({ method: 'POST' }));
  });
});
