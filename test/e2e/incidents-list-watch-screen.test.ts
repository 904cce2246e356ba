/**
 * `mon incidents list --watch` on a real terminal of 80x24 (the screen harness): the first
 * frame, a refresh after an incident was opened in the sandbox (its row marked "+", the table
 * redrawn in place, not scrolled), the next refresh (no longer new), and Ctrl-C (exit 130).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { BIN, runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;
let firstId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    ['incidents', 'create', '--name', 'Checkout errors', '--severity', 'major', '--service', 'Checkout', '-m', 'Seen'],
    { env: sandbox.env() },
  );
  expect(created.code, created.stderr).toBe(0);
  firstId = created.stdout.trim();
});
afterAll(() => sandbox?.stop());

describe('mon incidents list --watch', () => {
  it('redraws the table in place at each refresh, marks the new incident, and stops on Ctrl-C with 130', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['incidents', 'list', '--watch', '--interval', '1'], sandbox.env());
    await screen.waitFor(/next refresh in 1s/);
    expect(screen.lines()[0]).toMatch(/^ {2}ID {8}NAME +SEVERITY +STATUS/);
    expect(screen.lines()[1]).toMatch(new RegExp(`^  ${firstId.slice(0, 8)}  Checkout errors +MAJOR +INVESTIGATING`));

    const opened = await sandbox.call('POST', '/v1/status-pages/incidents', {
      name: 'Login slow',
      severity: 'MINOR',
      services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: 'Logins take 20s', status: 'INVESTIGATING' }],
    });
    expect(opened.status).toBe(201);
    const newId = (opened.body as { id: string }).id.slice(0, 8);
    await screen.waitFor(new RegExp(`^\\+ ${newId}  Login slow +MINOR`, 'm'));
    const lines = screen.lines();
    // One frame on the screen, redrawn where it was: the header at the top, nothing scrolled away.
    expect(lines[0]).toMatch(/^ {2}ID {8}NAME/);
    expect(lines.filter((line) => line.startsWith('Fetched ')).length).toBe(1);
    expect(screen.history().filter((line) => /^ {2}ID {8}NAME/.test(line)).length).toBe(1);
    // The incident that was there before is not marked.
    expect(lines.some((line) => line.startsWith(`  ${firstId.slice(0, 8)}  Checkout errors`))).toBe(true);

    // The next refresh: the row is no longer new.
    await screen.waitFor(new RegExp(`^  ${newId}  Login slow`, 'm'));
    expect(overWidth(screen.history(), 80)).toEqual([]);
    await screen.press('C-c');
    const { code } = await screen.done();
    expect(code).toBe(130);
  });

  it("applies the list's flags at each refresh, and says when there may be more than --limit shows", async (context) => {
    requireScreen(context);
    // The one minor incident open (the newest of the list); a major one follows it.
    const screen = await openScreen(
      ['incidents', 'list', '--watch', '--interval', '1', '--limit', '1', '--severity', 'minor'],
      sandbox.env(),
    );
    await screen.waitFor(/next refresh in 1s/);
    expect(screen.lines().filter((line) => /^ {2}\S/.test(line))).toEqual([
      expect.stringMatching(/^ {2}ID {8}NAME/),
      expect.stringMatching(/^ {2}\w{8} {2}Login slow +MINOR/),
      '  There may be more than --limit 1 shows.',
    ]);
    await sandbox.call('POST', '/v1/status-pages/incidents', {
      name: 'Search slow',
      severity: 'MINOR',
      services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: sandbox.info.accountId }],
      incidentUpdates: [{ description: 'Searches take 10s', status: 'INVESTIGATING' }],
    });
    await screen.waitFor(/^\+ \w{8} {2}Search slow/m);
    expect(screen.lines()).toContain('  There may be more than --limit 1 shows.');
    expect(screen.lines().join('\n')).not.toContain('Login slow');
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });

  it('with TERM=dumb (no cursor movement): each refresh is written below the last, nothing redrawn over it', async (context) => {
    requireScreen(context);
    const args = ['incidents', 'list', '--watch', '--interval', '1'];
    const screen = await openScreen(args, sandbox.env(), undefined, {
      command: ['/usr/bin/env', 'TERM=dumb', process.execPath, BIN, ...args],
    });
    // A "Fetched" line per refresh, each below the last (the table again when it changed: its times tick).
    await screen.waitFor(/Fetched [^\n]*\n(?:.*\n)*Fetched /);
    expect(screen.history().filter((line) => /^ {2}ID {8}NAME/.test(line)).length).toBeGreaterThanOrEqual(1);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });
});
