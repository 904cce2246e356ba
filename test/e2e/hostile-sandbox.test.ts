/*
 * Issue 45, items 6 and 11, through `mon sandbox` itself: what a client that has no key can
 * put on the terminal it runs in (its access log), and a foreign Host. (The same attacks
 * on the server in-process, with the bounds on both sides: test/sandbox/hostile.test.ts.)
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  // --debug: the access log on stderr, as on a terminal.
  sandbox = await startSandbox(['--debug']);
});
afterAll(async () => {
  await sandbox?.stop();
});

/** Raw bytes to the sandbox on a connection of their own; the status line of the answer. */
function raw(request: string): Promise<string> {
  const { port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(Buffer.from(request, 'latin1')));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0]!));
  });
}

/** Waits for the sandbox's log to show `count` lines with `part` (an event, not a delay). */
async function logged(part: string, count: number): Promise<string[]> {
  for (;;) {
    const lines = sandbox
      .stderr()
      .split('\n')
      .filter((line) => line.includes(part));
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the access log of mon sandbox', () => {
  it('shows what an unauthenticated client sent escaped: no clear-screen, reset or bell reaches the terminal', async () => {
    const host = `Host: 127.0.0.1\r\n`;
    expect(await raw(`GET /ping/aaaaaaaaaaaa%1b%5b2J%1b%5b8m HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)).toBe(
      'HTTP/1.1 404 Not Found',
    );
    expect(await raw(`GET /v1/runtimes?token=aaaaaaaaaaaa%1bc%07 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
    // A masked token shows its last characters only: here, an escape sequence.
    const lines = await logged(' → 40', 2);
    expect(lines.join('\n')).toContain('GET /ping/…\\x1b[8m → 404');
    expect(lines.join('\n')).toContain('\\x1bc\\x07 → 401');
    expect(sandbox.stderr()).not.toMatch(/[\u001b\u0007\u009b]/);
  });

  it('answers a request for another site (DNS rebinding) 421, and logs it', async () => {
    expect(await raw('GET /status/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')).toBe(
      'HTTP/1.1 421 Misdirected Request',
    );
    expect(await logged('GET /status/ → 421', 1)).toHaveLength(1);
  });
});
