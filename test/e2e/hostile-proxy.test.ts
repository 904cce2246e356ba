/* Items 2 and 3 of issue 16: proxies that refuse tunnels, and loopback that never goes through a proxy. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, collect, runMon, startSandbox, type SandboxProcess } from './harness';
import { forwardProxy, hostileServer, json, until, type Hostile, type Proxy } from './hostile';

// A host that is not loopback, so the proxy is used; it is never resolved (the proxy is asked for it).
const REMOTE = 'https://api.mon.test';

describe('a proxy that refuses tunnels', () => {
  let refusing: Proxy;
  beforeAll(async () => {
    refusing = await forwardProxy({ mode: 'refuse' });
  });
  afterAll(() => refusing?.close());

  it('counts each refused tunnel as an attempt: a few, then exit 1 naming the proxy without its password', async () => {
    refusing.asked.length = 0;
    const proxy = refusing.url.replace('http://', 'http://alice:pr0xyPassw0rd@');
    const env = { MON_BASE_URL: REMOTE, MON_API_KEY: 'sk_test_proxyproxyproxy1', HTTPS_PROXY: proxy };
    const result = await runMon(['runtimes', 'list', '--timeout', '5'], {
      env: cleanEnv(env),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`through the proxy ${refusing.url}`);
    expect(result.stderr).not.toContain('pr0xyPassw0rd');
    expect(result.stderr).not.toContain('alice');
    expect(refusing.asked.length).toBeGreaterThanOrEqual(1);
    expect(refusing.asked.length).toBeLessThanOrEqual(4);
  });

  it('ends on one SIGTERM (143) while the proxy refuses', async () => {
    refusing.asked.length = 0;
    const child = spawn(process.execPath, [BIN, 'runtimes', 'list', '--timeout', '60'], {
      env: cleanEnv({ MON_BASE_URL: REMOTE, MON_API_KEY: 'sk_test_proxyproxyproxy1', HTTPS_PROXY: refusing.url }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const done = collect(child);
    await until(() => refusing.asked.length > 0, 'the first CONNECT');
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code === 143 || result.signal === 'SIGTERM').toBe(true);
  });
});

describe('a proxy that never answers CONNECT', () => {
  it('gives up when --timeout says so (exit 1, timed out)', async () => {
    const silent = await forwardProxy({ mode: 'hang' });
    try {
      const env = cleanEnv({ MON_BASE_URL: REMOTE, MON_API_KEY: 'sk_test_proxyproxyproxy1', HTTPS_PROXY: silent.url });
      const result = await runMon(['runtimes', 'list', '--timeout', '1'], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('timed out after 1 s');
    } finally {
      await silent.close();
    }
  });
});

describe('loopback never goes through a proxy', () => {
  let counting: Proxy;
  let server: Hostile;
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    counting = await forwardProxy();
    server = await hostileServer((_req, res) => json(res, 200, []));
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await Promise.all([counting?.close(), server?.close(), sandbox?.stop()]);
  });
  const proxies = () => ({ HTTP_PROXY: counting.url, HTTPS_PROXY: counting.url, http_proxy: counting.url });

  for (const host of ['127.0.0.1', 'localhost', 'mon.localhost']) {
    it(`http://${host}: nothing reaches the proxy, whatever NO_PROXY says`, async () => {
      counting.asked.length = 0;
      const before = server.received.length;
      const port = new URL(server.url).port;
      // mon.localhost resolves to this machine on some hosts only; where it does not, it is not
      // local (loopback.test.ts) and plain http to it is refused: either way the proxy is never asked.
      const result = await runMon(['runtimes', 'list'], {
        env: server.env({ ...proxies(), NO_PROXY: 'example.com', MON_BASE_URL: `http://${host}:${port}` }),
      });
      expect(counting.asked).toEqual([]);
      if (host !== 'mon.localhost') {
        expect(result.code).toBe(0);
        expect(server.received.length).toBe(before + 1);
      }
    });
  }

  it('the embedded --sandbox works with a proxy set, and the proxy sees nothing', async () => {
    counting.asked.length = 0;
    const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: sandbox.env(proxies()) });
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^2026\.04\t/);
    expect(counting.asked).toEqual([]);
  });
});
