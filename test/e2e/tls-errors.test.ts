/*
 * Issue 27, item 15: a certificate the TLS handshake refuses is named as such (with
 * NODE_EXTRA_CA_CERTS as the fix for a private certificate authority), is not retried, and a
 * POST refused there is not "may or may not have acted on it": nothing was sent.
 * test/fixtures/remote-cert.pem is a self-signed certificate for api.mon.test.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runMon } from './harness';
import { HOSTILE_ACCOUNT, HOSTILE_KEY } from './hostile';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** An HTTPS server presenting the fixture's certificate, counting connections and requests. */
let https: Server;
let port: number;
let connections = 0;
let requests = 0;
/** A plain HTTP server, for mon speaking TLS to it. */
let plain: HttpServer;
let plainPort: number;
let plainConnections = 0;
beforeAll(async () => {
  https = createServer(
    { cert: readFileSync(fixture('remote-cert.pem')), key: readFileSync(fixture('remote-key.pem')) },
    (_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    },
  );
  https.on('connection', () => connections++);
  https.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  port = (https.address() as AddressInfo).port;
  plain = createHttpServer((_req, res) => res.end('{}'));
  plain.on('connection', () => plainConnections++);
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainPort = (plain.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const server of [https, plain]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

const env = (baseUrl: string, extra: Record<string, string> = {}) =>
  cleanEnv({ MON_BASE_URL: baseUrl, MON_API_KEY: HOSTILE_KEY, MON_ACCOUNT_ID: HOSTILE_ACCOUNT, ...extra });

function counted(): () => { connections: number; requests: number } {
  const before = { connections, requests };
  return () => ({ connections: connections - before.connections, requests: requests - before.requests });
}

describe('a certificate the handshake refuses', () => {
  it('self-signed, on a GET: named as such, NODE_EXTRA_CA_CERTS as the fix, tried once', async () => {
    const seen = counted();
    const result = await runMon(['runtimes', 'list'], { env: env(`https://127.0.0.1:${port}`) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The certificate of 127.0.0.1:${port} was not accepted: it is self-signed. Nothing was sent.`,
    );
    expect(result.stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(result.stderr).not.toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT|check your network|attempts/i);
    expect(seen()).toEqual({ connections: 1, requests: 0 });
  });

  it('on a POST: never "may or may not have acted on it"', async () => {
    const seen = counted();
    const result = await runMon(['api', '-X', 'POST', '/v1/things', '-f', 'a=b'], {
      env: env(`https://127.0.0.1:${port}`),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('was not accepted: it is self-signed. Nothing was sent.');
    expect(result.stderr).not.toContain('may or may not');
    expect(seen()).toEqual({ connections: 1, requests: 0 });
  });

  it('trusted (NODE_EXTRA_CA_CERTS) but for another name: says so, without the CA hint', async () => {
    const result = await runMon(['runtimes', 'list'], {
      env: env(`https://127.0.0.1:${port}`, { NODE_EXTRA_CA_CERTS: fixture('remote-cert.pem') }),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('was not accepted: it is for another host name.');
    expect(result.stderr).not.toContain('NODE_EXTRA_CA_CERTS');
  });

  it('the fix named works: the same server, by its name, with NODE_EXTRA_CA_CERTS', async () => {
    const seen = counted();
    const result = await runMon(['runtimes', 'list'], {
      env: env(`https://api.mon.test:${port}`, {
        NODE_EXTRA_CA_CERTS: fixture('remote-cert.pem'),
        NODE_OPTIONS: `--require ${fixture('fake-hosts.cjs')}`,
        MON_FAKE_HOSTS: 'api.mon.test=127.0.0.1',
      }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(seen().requests).toBe(1);
  });
});

describe('TLS spoken to a server that does not speak it', () => {
  it('the handshake failure is said in words, tried once, and a POST is not "may or may not"', async () => {
    const before = plainConnections;
    const result = await runMon(['api', '-X', 'POST', '/v1/things', '-f', 'a=b'], {
      env: env(`https://127.0.0.1:${plainPort}`),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not reach https://127.0.0.1:${plainPort}: the TLS handshake failed`);
    expect(result.stderr).not.toMatch(/ERR_SSL|EPROTO|may or may not/);
    expect(plainConnections - before).toBe(1);
  });
});
