import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, closedPort, runMon, startSandbox, type SandboxProcess } from './harness';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let sandbox: SandboxProcess;
let proxy: Server;
let proxyUrl: string;
let tls: Server;
let tlsPort: number;
let sandboxPort: number;
/** Not loopback, so it goes through the proxy (which is the one that knows where it is). */
const REMOTE_HOST = 'api.mon.test';
/** What the proxy was asked to do: "CONNECT host:port" or "GET http://...". */
const proxied: string[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  // The sandbox answers only requests addressed to a name it serves: started on api.mon.test
  // (a name this process alone resolves, to 127.0.0.1), it serves that name.
  sandbox = await startSandbox(['--host', REMOTE_HOST], {
    env: cleanEnv({
      NODE_OPTIONS: `--require ${fixture('fake-hosts.cjs')}`,
      MON_FAKE_HOSTS: `${REMOTE_HOST}=127.0.0.1`,
    }),
  });
  const target = new URL(sandbox.url);
  // A forward proxy: absolute-form requests for http://, CONNECT tunnels for https://.
  proxy = createHttpServer((req, res) => {
    proxied.push(`${req.method} ${req.url}`);
    const url = new URL(req.url!);
    const upstream = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    proxied.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(':');
    // api.mon.test:443 is the HTTPS front; api.mon.test:PORT is the sandbox.
    const upstreamPort = host === REMOTE_HOST ? (port === '443' ? tlsPort : sandboxPort) : Number(port);
    const upstream = connect(upstreamPort, host === REMOTE_HOST ? '127.0.0.1' : host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
  // An HTTPS front for the sandbox, so that HTTPS_PROXY has an https:// target to tunnel to.
  tls = createHttpsServer(
    { cert: readFileSync(fixture('remote-cert.pem')), key: readFileSync(fixture('remote-key.pem')) },
    (req, res) => {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    },
  );
  tlsPort = await listen(tls);
  sandboxPort = Number(target.port);
});

afterAll(async () => {
  proxy?.closeAllConnections();
  tls?.closeAllConnections();
  await Promise.all([new Promise((r) => proxy?.close(r)), new Promise((r) => tls?.close(r)), sandbox?.stop()]);
});

beforeEach(() => {
  proxied.length = 0;
});

describe('proxies', () => {
  it('sends http:// requests through HTTP_PROXY (a tunnel, so the proxy never reads the key)', async () => {
    const env = sandbox.env({ MON_BASE_URL: `http://${REMOTE_HOST}:${sandboxPort}`, HTTP_PROXY: proxyUrl });
    const result = await runMon(['runtimes', 'list', '--insecure'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^2026\.04\t/);
    expect(proxied).toEqual([`CONNECT ${REMOTE_HOST}:${sandboxPort}`]);
  });

  it('tunnels https:// requests through HTTPS_PROXY with CONNECT, checking the certificate of the host', async () => {
    const env = sandbox.env({
      MON_BASE_URL: `https://${REMOTE_HOST}`,
      HTTPS_PROXY: proxyUrl,
      NODE_EXTRA_CA_CERTS: fixture('remote-cert.pem'),
    });
    const result = await runMon(['status-pages', 'list'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Public API');
    expect(proxied).toEqual([`CONNECT ${REMOTE_HOST}:443`]);
  });

  it('refuses a certificate that does not name the host, through the tunnel too', async () => {
    const env = sandbox.env({ MON_BASE_URL: `https://${REMOTE_HOST}`, HTTPS_PROXY: proxyUrl });
    const result = await runMon(['status-pages', 'list', '--timeout', '5'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`through the proxy ${proxyUrl}`);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const env = sandbox.env({
      MON_BASE_URL: `http://${REMOTE_HOST}:${sandboxPort}`,
      HTTP_PROXY: proxyUrl,
      NO_PROXY: `example.com,.mon.test`,
    });
    const result = await runMon(['runtimes', 'list', '--insecure', '--timeout', '5'], { env });
    // Direct, api.mon.test does not resolve: what matters is that the proxy was not asked.
    expect(proxied).toEqual([]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('through the proxy');
  });

  it('says what failed when the proxy is down, naming it', async () => {
    const closed = await closedPort();
    const env = sandbox.env({ MON_BASE_URL: `http://${REMOTE_HOST}:${sandboxPort}`, HTTP_PROXY: closed.url });
    const result = await runMon(['runtimes', 'list', '--insecure'], { env });
    await closed.release();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`through the proxy ${closed.url} (HTTP_PROXY)`);
    expect(result.stderr).toContain('NO_PROXY');
  });
});
