/*
 * Issue 27, item 12: loopback is judged by address, not by a `*.localhost` name. A name that
 * an /etc/hosts entry or DNS points elsewhere (here: test/fixtures/fake-hosts.cjs) must not get
 * the key over plain http, nor bypass the proxy; one that resolves to this machine still does both.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runMon } from './harness';
import { forwardProxy, HOSTILE_ACCOUNT, HOSTILE_KEY, type Proxy } from './hostile';

const FAKE_HOSTS = fileURLToPath(new URL('../fixtures/fake-hosts.cjs', import.meta.url));

/** An IPv4 address of this machine that is not loopback (where "elsewhere" can be reached in a test). */
const elsewhere = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

/** A server that records who asked it, listening on `host`. */
async function listening(
  host: string,
): Promise<{ port: number; received: IncomingMessage['headers'][]; server: Server }> {
  const received: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, received, server };
}

let remote: Awaited<ReturnType<typeof listening>> | undefined;
let local: Awaited<ReturnType<typeof listening>>;
let proxy: Proxy;
beforeAll(async () => {
  if (elsewhere) remote = await listening(elsewhere);
  local = await listening('127.0.0.1');
  proxy = await forwardProxy();
});
afterAll(async () => {
  for (const { server } of [remote, local].filter((s) => s !== undefined)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await proxy?.close();
});

const env = (baseUrl: string, hosts: string, extra: Record<string, string> = {}) =>
  cleanEnv({
    MON_BASE_URL: baseUrl,
    MON_API_KEY: HOSTILE_KEY,
    MON_ACCOUNT_ID: HOSTILE_ACCOUNT,
    NODE_OPTIONS: `--require ${FAKE_HOSTS}`,
    MON_FAKE_HOSTS: hosts,
    ...extra,
  });

describe('a *.localhost name that resolves elsewhere', () => {
  it('does not get the key over plain http: exit 2 naming where it resolves, nothing sent', async (context) => {
    if (!remote) context.skip('this machine has no IPv4 address besides loopback to stand for "elsewhere"');
    const result = await runMon(['runtimes', 'list'], {
      env: env(`http://evil.localhost:${remote!.port}`, `evil.localhost=${elsewhere}`),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Refusing to send the API key over plain http:// to evil.localhost:${remote!.port}: the name evil.localhost resolves to ${elsewhere}, which is not this machine.`,
    );
    expect(remote!.received).toEqual([]);
  });

  it('goes through the proxy like any other remote host', async () => {
    proxy.asked.length = 0;
    const result = await runMon(['runtimes', 'list', '--timeout', '3'], {
      env: env('https://evil.localhost:9443', 'evil.localhost=192.0.2.200', { HTTPS_PROXY: proxy.url }),
    });
    expect(proxy.asked).toContain('CONNECT evil.localhost:9443');
    expect(result.code).not.toBe(0);
  });
});

describe('a *.localhost name that resolves to this machine', () => {
  it('is local: the key goes over plain http, straight to it, never to the proxy', async () => {
    proxy.asked.length = 0;
    const before = local.received.length;
    const result = await runMon(['runtimes', 'list'], {
      env: env(`http://mon.localhost:${local.port}`, 'mon.localhost=127.0.0.1', {
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
      }),
    });
    expect(result.code).toBe(0);
    expect(local.received.length).toBe(before + 1);
    expect(local.received.at(-1)!.authorization).toBe(`Bearer ${HOSTILE_KEY}`);
    expect(proxy.asked).toEqual([]);
  });

  it('a name that does not resolve at all is not local either (exit 2, nothing sent)', async () => {
    const result = await runMon(['runtimes', 'list'], { env: env('http://nowhere.mon.localhost:9', '') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the name nowhere.mon.localhost does not resolve to any address');
  });
});
