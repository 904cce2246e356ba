/**
 * `mon status --watch` on a real terminal of 80x24 (the screen harness): the first frame,
 * a refresh after a check was failed in the sandbox (the new row marked "+", the screen
 * redrawn in place, not scrolled), Ctrl-C (exit 130); without a terminal, exit 2 naming --watch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;
let checkId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    ['checks', 'create-dns', '--name', 'Checkout DNS', '--query', 'pay.example.com', '--no-input'],
    {
      env: sandbox.env(),
    },
  );
  checkId = created.stdout.trim();
});
afterAll(() => sandbox?.stop());

describe('mon status --watch', () => {
  it('redraws in place at each refresh, marks the new row, and stops on Ctrl-C with 130', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['status', '--watch', '--interval', '1'], sandbox.env());
    await screen.waitFor(/next refresh in 1s/);
    expect(screen.lines()[0]).toMatch(/^Open incidents \(0\)$|^✓ All clear/);
    const call = await sandbox.call('POST', `/__sandbox/checks/${checkId}/status`, { status: 'failing' });
    expect(call.status).toBe(200);
    await screen.waitFor(`+ ${checkId.slice(0, 8)}  failing   Checkout DNS`);
    const lines = screen.lines();
    // One frame on the screen, redrawn where it was: it starts at the top, and nothing scrolled away.
    expect(lines[0]).toBe('Open incidents (0)');
    expect(lines.filter((line) => line.startsWith('Fetched ')).length).toBe(1);
    expect(screen.history().filter((line) => line.startsWith('Open incidents')).length).toBe(1);
    // The next refresh: the row is no longer new.
    await screen.waitFor(`  ${checkId.slice(0, 8)}  failing   Checkout DNS`);
    expect(overWidth(screen.history(), 80)).toEqual([]);
    await screen.press('C-c');
    const { code } = await screen.done();
    expect(code).toBe(130);
  });

  it('without a terminal: exit 2 naming --watch, nothing sent', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['status', '--watch'], { env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--watch redraws a terminal screen');
    expect(await sandbox.requests()).toEqual([]);
  });
});
