import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, tempDir, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

/*
 * `mon status-pages open` starting the real opener (xdg-open on Linux), here a stand-in on
 * PATH that writes down its arguments: the URL is one argument, no shell between; an opener
 * that fails or is missing leaves the URL printed, exit 0. (Which page, --print: the
 * in-process test/commands/status-pages/open.test.ts.)
 */

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

/** A directory holding an `xdg-open` that records its arguments and exits with `code`. */
function fakeOpener(code: number): { bin: string; record: string } {
  const bin = tempDir('mon-opener-');
  const record = join(bin, 'args');
  writeFileSync(
    join(bin, 'xdg-open'),
    `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${record}'\nexit ${code}\n`,
  );
  chmodSync(join(bin, 'xdg-open'), 0o755);
  return { bin, record };
}

const open = (path: string, display = ':0') =>
  runMon(['status-pages', 'open', 'acme-payments'], { env: sandbox.env({ PATH: path, DISPLAY: display }) });

describe.runIf(process.platform === 'linux')('mon status-pages open with an opener', () => {
  it('starts xdg-open with the URL as its one argument, and says it opened it', async () => {
    const { bin, record } = fakeOpener(0);
    const result = await open(`${bin}:/usr/bin:/bin`);
    const url = `${sandbox.url}/status/acme-payments`;
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(`✓ Opened ${url} in the browser.\n`);
    expect(readFileSync(record, 'utf8')).toBe(`${url}\n`);
  });

  it('an opener that fails, or none: the URL printed, saying why, exit 0', async () => {
    const { bin, record } = fakeOpener(3);
    const failed = await open(`${bin}:/usr/bin:/bin`);
    expect(existsSync(record)).toBe(true);
    expect(failed.code).toBe(0);
    expect(failed.stdout).toBe(`${sandbox.url}/status/acme-payments\n`);
    expect(failed.stderr).toBe('note: Not opened in a browser: xdg-open failed (exit 3). The page is at:\n');

    const missing = await open(tempDir('mon-empty-path-'));
    expect(missing.code).toBe(0);
    expect(missing.stdout).toBe(`${sandbox.url}/status/acme-payments\n`);
    expect(missing.stderr).toBe('note: Not opened in a browser: xdg-open is not installed. The page is at:\n');
  });
});

describe('mon status-pages open without PAGE, at a terminal of 80x24', () => {
  it('offers the pages in a picker; the one chosen with the arrow keys is the one whose URL is given', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['status-pages', 'open'], sandbox.env({ DISPLAY: '', WAYLAND_DISPLAY: '' }));
    await screen.waitFor('Which status page?');
    const shown = screen.lines();
    expect(shown.some((line) => /❯ Acme Cloud/.test(line))).toBe(true);
    expect(shown.some((line) => line.includes('Acme Payments'))).toBe(true);
    await screen.press('Down', 'Down');
    await screen.waitFor(/❯ Acme Payments/);
    await screen.press('Enter');
    const { code, screen: last } = await screen.done();
    expect(code).toBe(0);
    expect(last).toContain(`${sandbox.url}/status/acme-payments`);
    expect(last.join('\n')).toContain('Not opened in a browser');
    expect(overWidth(screen.history(), 80)).toEqual([]);
  });
});
