/**
 * Issue 27, item 2: every read of stdin has a bound that fits what it reads (a key or a token:
 * 4 KiB; a message: 64 KiB; a request body: 4 MiB). Past it, exit 2 naming the flag and the
 * bound, at once, and nothing is sent: stdin that never ends (`yes | mon ...`) is not read
 * to its end. Through the real binary, fed by a real pipe; files without end:
 * test/core/input.test.ts.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type RunResult } from './harness';
import { hostileServer, json, type Hostile } from './hostile';
import { WAIT_MS } from '../timeouts';

let server: Hostile;
beforeAll(async () => {
  server = await hostileServer((_req, res) => json(res, 200, {}));
});
afterAll(() => server.close());

/**
 * Runs mon with stdin fed without end, as `yes | mon ...` does: 'y' lines, up to 64 MiB (far
 * past every bound; an old mon read all of it, then waited for an end that never comes).
 */
function withEndlessStdin(args: string[]): Promise<RunResult> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: server.env({ MON_PING_URL: server.url }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const chunk = Buffer.from('y\n'.repeat(32 * 1024));
  let sent = 0;
  const feed = () => {
    while (sent < 64 * 1024 * 1024 && !child.stdin!.destroyed) {
      sent += chunk.length;
      if (!child.stdin!.write(chunk)) return void child.stdin!.once('drain', feed);
    }
  };
  child.stdin!.on('error', () => {});
  feed();
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mon ${args.join(' ')} was still reading after ${WAIT_MS} ms\nstderr: ${stderr}`));
    }, WAIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const INCIDENT = '3f0c2a9e-1111-4222-8333-444455556666';

describe('endless stdin', () => {
  const cases: [string, string[], string][] = [
    ['a ping token', ['heartbeats', 'ping', '--token-file', '-'], '--token-file - is larger than 4 KiB'],
    ['a key', ['auth', 'login', '--with-key', '--base-url', 'http://127.0.0.1:9'], '--with-key is larger than 4 KiB'],
    [
      'a message',
      ['incidents', 'updates', 'create', INCIDENT, '--message-file', '-'],
      '--message-file - is larger than 64 KiB',
    ],
    ['an api body', ['api', '/v1/things', '--input', '-'], '--input - is larger than 4 MiB'],
    [
      'a field of an api body',
      ['api', '/v1/things', '-X', 'POST', '-F', 'notes=@-'],
      '-F notes=@- is larger than 4 MiB',
    ],
    ['a check body', ['checks', 'create-dns', '--file', '-'], '--file - is larger than 4 MiB'],
  ];
  it.each(cases)('%s: exit 2 naming the flag and the bound, nothing sent', async (_what, args, message) => {
    const before = server.received.length;
    const result = await withEndlessStdin(args);
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
    expect(server.received.length).toBe(before);
  });
});
