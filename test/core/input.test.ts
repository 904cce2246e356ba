/**
 * Every read of a file has a bound that fits what it reads (core/input.ts: a key or a token:
 * 4 KiB; a message: 64 KiB; a request body or a file in one: 4 MiB). Past it, exit 2 naming
 * the flag and the bound, at once, and nothing is sent: a file that never ends (/dev/zero,
 * /dev/urandom) is not read to its end. (Stdin that never ends, through the real binary:
 * test/e2e/input-bounds.test.ts.)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer, mon, serverEnv, type TestServer } from '../helpers';

const INCIDENT = '3f0c2a9e-1111-4222-8333-444455556666';

let server: TestServer;
beforeAll(async () => {
  server = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
afterAll(() => server.close());

describe('endless files', () => {
  const cases: [string, string[], string][] = [
    [
      '--message-file /dev/urandom',
      ['incidents', 'updates', 'create', INCIDENT, '--message-file', '/dev/urandom'],
      '--message-file /dev/urandom is larger than 64 KiB, the most mon reads of a message',
    ],
    [
      '-F k=@/dev/zero',
      ['api', '/v1/things', '-X', 'POST', '-F', 'k=@/dev/zero'],
      '-F k=@/dev/zero is larger than 4 MiB, the most mon reads of a request body',
    ],
    [
      '--token-file /dev/zero',
      ['heartbeats', 'ping', '--token-file', '/dev/zero'],
      '--token-file /dev/zero is larger than 4 KiB',
    ],
    ['--input /dev/zero', ['api', '/v1/things', '--input', '/dev/zero'], '--input /dev/zero is larger than 4 MiB'],
    [
      '--dependency x=@/dev/zero',
      ['checks', 'create', '--type', 'dns', '--name', 'x', '--dependency', 'lib.js=@/dev/zero'],
      'cannot read /dev/zero (it is larger than 4 MiB',
    ],
  ];
  it.each(cases)('%s: exit 2 naming the flag and the bound, nothing sent', async (_what, args, message) => {
    const before = server.received.length;
    const result = await mon(args, { env: serverEnv(server, { MON_PING_URL: server.url }) });
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
    expect(server.received.length).toBe(before);
  });

  it('a -F file that cannot be read: the hint gives the stdin form as it is typed (-F k=@-)', async () => {
    const result = await mon('api /v1/things -X POST -F k=@/nonexistent/file', { env: serverEnv(server) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-F k=@/nonexistent/file: cannot read it (there is no such file).');
    expect(result.stderr).toContain('pass -F k=@- to read from stdin');
  });

  it('within the bound, the input is sent whole', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mon-input-')), 'body.json');
    const notes = 'n'.repeat(3 * 1024 * 1024);
    writeFileSync(file, JSON.stringify({ notes }));
    const before = server.received.length;
    const result = await mon(`api /v1/things -X POST -F notes=@${file}`, { env: serverEnv(server) });
    expect(result.code, result.stderr).toBe(0);
    expect(server.received.length).toBe(before + 1);
    expect(Number(server.received.at(-1)!.headers['content-length'])).toBeGreaterThan(notes.length);
  });
});
