import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, runMon, startSandbox, type SandboxProcess } from './harness';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let sandbox: SandboxProcess;
let proxy: Server;
let proxyUrl: string;
let tls: Server;
let tlsUrl: string;
/** What the proxy was asked to do: "CONNECT host:port" or "GET http://...". */
const proxied: string[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  sandbox = await startSandbox();
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
    const upstream = connect(Number(port), host!, () => {
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
    { cert: readFileSync(fixture('loopback-cert.pem')), key: readFileSync(fixture('loopback-key.pem')) },
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
  tlsUrl = `https://127.0.0.1:${await listen(tls)}`;
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
  it('sends http:// requests through HTTP_PROXY', async () => {
    const result = await runMon(['runtimes', 'list'], { env: sandbox.env({ HTTP_PROXY: proxyUrl }) });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^2026\.04\t/);
    // undici tunnels plain http through the proxy too (CONNECT); either form goes through it.
    expect(proxied).toHaveLength(1);
    expect(proxied[0]).toMatch(new RegExp(`^(CONNECT ${new URL(sandbox.url).host}|GET ${sandbox.url}/v1/runtimes)$`));
  });

  it('tunnels https:// requests through HTTPS_PROXY with CONNECT', async () => {
    const env = sandbox.env({
      MON_BASE_URL: tlsUrl,
      HTTPS_PROXY: proxyUrl,
      NODE_EXTRA_CA_CERTS: fixture('loopback-cert.pem'),
    });
    const result = await runMon(['status-pages', 'list'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Public API');
    expect(proxied).toEqual([`CONNECT ${new URL(tlsUrl).host}`]);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const env = sandbox.env({ HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' });
    const result = await runMon(['runtimes', 'list'], { env });
    expect(result.code).toBe(0);
    expect(proxied).toEqual([]);
  });

  it('says what failed when the proxy is down', async () => {
    const closed = await closedPort();
    const result = await runMon(['runtimes', 'list'], { env: sandbox.env({ HTTP_PROXY: closed.url }) });
    await closed.release();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTPS_PROXY/NO_PROXY');
  });
});
