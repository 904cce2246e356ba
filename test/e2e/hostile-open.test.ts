/*
 * Issue 45, item 12: `mon status-pages open` against an API that crafts its pages' custom
 * domains and addresses, with a real opener (a stand-in xdg-open on PATH that writes down
 * what it was asked to open). (Every refusal and --print, in-process: test/hostile.test.ts.)
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, tempDir } from './harness';
import { hostileServer, json, type Hostile } from './hostile';

const PASSWORD = 'hunter2-hunter2';
const PAGES = [
  { id: 'p1', name: 'At', url: 'at', customDomain: 'status.example.com@evil.example' },
  { id: 'p2', name: 'Creds', url: 'creds', customDomain: `user:${PASSWORD}@status.example.com` },
  { id: 'p3', name: 'Given', url: `https://user:${PASSWORD}@status.example.com/`, customDomain: null },
  { id: 'p4', name: 'Good', url: 'good', customDomain: 'status.example.com' },
];

let api: Hostile;
beforeAll(async () => {
  api = await hostileServer((_req, res) => json(res, 200, { length: PAGES.length, entries: PAGES, nextId: null }));
});
afterAll(() => api?.close());

/** A directory holding an `xdg-open` that records its arguments. */
function fakeOpener(): { path: string; record: string } {
  const bin = tempDir('mon-opener-');
  const record = join(bin, 'args');
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${record}'\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  return { path: `${bin}:/usr/bin:/bin`, record };
}

describe.runIf(process.platform === 'linux')('status-pages open with an opener, pages crafted by the API', () => {
  it.each(['at', 'creds', 'given'])(
    '%s: the opener is never started, nothing printed on stdout, no password anywhere',
    async (page) => {
      const { path, record } = fakeOpener();
      const result = await runMon(['status-pages', 'open', page], { env: api.env({ PATH: path, DISPLAY: ':0' }) });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toContain(PASSWORD);
      expect(result.stderr).not.toContain('evil.example');
      expect(existsSync(record)).toBe(false);
    },
  );

  it('a custom domain that is a host name: https:// on exactly that host, one argument', async () => {
    const { path, record } = fakeOpener();
    const result = await runMon(['status-pages', 'open', 'good'], { env: api.env({ PATH: path, DISPLAY: ':0' }) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('✓ Opened https://status.example.com/ in the browser.\n');
    expect(readFileSync(record, 'utf8')).toBe('https://status.example.com/\n');
  });
});
