/**
 * `mon status --watch` on a real terminal of 80x24 (the screen harness): the first frame,
 * a refresh after a check was failed in the sandbox (the new row marked "+", the screen
 * redrawn in place, not scrolled), Ctrl-C (exit 130); without a terminal, exit 2 naming --watch.
 * Issue 39: "+" only for a row that is new, not for one whose "2m ago" ticked; the newest
 * update's text as it is posted; a refresh that fails leaves the rows marked stale with their
 * age shown. Issue 45: with TERM=dumb, each refresh is written below the last, no cursor moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, openIncident, runMon, startSandbox, type SandboxProcess } from './harness';
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

  it('"+" marks only a row that is new: an incident whose "started" ticked is not; the newest update shows as it is posted', async (context) => {
    requireScreen(context);
    const { id } = await openIncident(sandbox, {
      name: 'Ticking incident',
      severity: 'MINOR',
      service: { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' },
      description: 'Looking into it.',
    });
    const short = id.slice(0, 8);
    const screen = await openScreen(['status', '--watch', '--interval', '2'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor(`  ${short}  MINOR     INVESTIGATING · Ticking incident · started just now`);
    await sandbox.advanceClock(150);
    // The first frame with the new time: the row it is on was there before, so it is not marked.
    await screen.waitFor(/^. \w{8} {2}MINOR {5}INVESTIGATING · Ticking incident · started 2m ago$/m);
    expect(screen.lines()).toContain(`  ${short}  MINOR     INVESTIGATING · Ticking incident · started 2m ago`);
    expect(screen.text()).not.toMatch(/^\+/m);
    const posted = await sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'A fix is deployed; we are watching.',
      status: 'MONITORING',
    });
    expect(posted.status).toBe(200);
    await screen.waitFor(`${' '.repeat(22)}just now: A fix is deployed; we are watching.`);
    expect(screen.lines()).toContain(`  ${short}  MINOR     MONITORING · Ticking incident · started 2m ago`);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
    await sandbox.call('POST', `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: 'Resolved.',
      status: 'RESOLVED',
    });
  });

  it('with TERM=dumb (no cursor movement): each refresh is written below the last instead of over it', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['status', '--watch', '--interval', '1'], sandbox.env(), undefined, {
      command: ['/usr/bin/env', 'TERM=dumb', process.execPath, BIN, 'status', '--watch', '--interval', '1'],
    });
    await screen.waitFor(/Fetched [^\n]*\n(?:.*\n)*Fetched /);
    expect(screen.lines().filter((line) => line.startsWith('Fetched ')).length).toBeGreaterThanOrEqual(2);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });
});

describe('mon status --watch when a refresh fails', () => {
  it('keeps the last frame with each row marked "?", says how old it is and why, and retries', async (context) => {
    requireScreen(context);
    const failing = await startSandbox();
    try {
      const { id } = await openIncident(failing, {
        name: 'Soon stale',
        severity: 'MAJOR',
        service: { id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API' },
      });
      const short = id.slice(0, 8);
      const screen = await openScreen(
        ['status', '--watch', '--interval', '1'],
        failing.env({ NO_COLOR: '1', MON_TIMEOUT: '2' }),
      );
      await screen.waitFor(`  ${short}  MAJOR     INVESTIGATING · Soon stale`);
      const fetched = /^Fetched (\d\d:\d\d:\d\d UTC)/m.exec(screen.text())![1]!;
      await failing.stop();
      await screen.waitFor('Refresh failed: ');
      const lines = screen.lines();
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^\\? ${short}  MAJOR     INVESTIGATING · Soon stale`)),
      );
      expect(lines.filter((line) => /^ {2}\w{8} /.test(line))).toEqual([]);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Stale: as fetched at (${fetched}|\\d\\d:\\d\\d:\\d\\d UTC), (just now|\\d+s ago); rows marked \\? may have changed\\.$`,
          ),
        ),
      );
      expect(lines.at(-1)).toMatch(/^Refresh failed: .* · next try in \d+s · Ctrl-C to stop$/);
      expect(overWidth(screen.history(), 80)).toEqual([]);
      await screen.press('C-c');
      expect((await screen.done()).code).toBe(130);
    } finally {
      await failing.stop().catch(() => undefined);
    }
  });
});
