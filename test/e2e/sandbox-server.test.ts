/*
 * Issue 27, item 14: the sandbox is not open to every local user. Its key is its own (random,
 * made with its data file and kept in it, so restarts, `mon sandbox info` and `mon --sandbox`
 * agree); the README's fixed key works only when asked for with --api-key; its request log
 * keeps no credential on any route; listening beyond loopback is said, with where it can be
 * reached.
 */
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, cleanEnv, collect, runMon, startSandbox, type SandboxProcess } from './harness';
import { until } from './hostile';

const README_KEY = 'sk_sandbox_0123456789abcdef';
const KEY_SHAPE = /^sk_sandbox_[0-9a-f]{32}$/;

/** `mon sandbox info --jq .apiKey`: it prints the sandbox's own key, which is what it is for (so not through runMon's secret check). */
async function infoKey(env: NodeJS.ProcessEnv): Promise<string> {
  const result = await collect(spawn(process.execPath, [BIN, 'sandbox', 'info', '--jq', '.apiKey'], { env }));
  expect(result.code).toBe(0);
  return result.stdout.trim();
}

async function status(sandbox: SandboxProcess, key: string): Promise<number> {
  return (await fetch(`${sandbox.url}/v1/runtimes`, { headers: { authorization: `Bearer ${key}` } })).status;
}

describe('the sandbox key', () => {
  it('is its own per data file, random; the README key gets 401 unless asked for with --api-key', async () => {
    const one = await startSandbox();
    const two = await startSandbox();
    try {
      expect(one.info.apiKey).toMatch(KEY_SHAPE);
      expect(two.info.apiKey).toMatch(KEY_SHAPE);
      expect(one.info.apiKey).not.toBe(two.info.apiKey);
      expect(await status(one, README_KEY)).toBe(401);
      expect(await status(one, one.info.apiKey)).toBe(200);
      // On loopback (the default), not a word about who can reach it.
      expect(one.stderr()).not.toContain('warning');
      expect(one.info.reachableAt).toBeUndefined();
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    const asked = await startSandbox(['--api-key', README_KEY]);
    try {
      expect(asked.info.apiKey).toBe(README_KEY);
      expect(await status(asked, README_KEY)).toBe(200);
    } finally {
      await asked.stop();
    }
  });

  it('is kept with its data: a restart, `mon sandbox info` and `mon --sandbox` agree', async () => {
    const env = cleanEnv();
    const dataFile = join(env.MON_DATA_DIR!, 'sandbox.jsonl');
    expect((await runMon(['--sandbox', 'runtimes', 'list'], { env })).code).toBe(0);
    const key = await infoKey(env);
    expect(key).toMatch(KEY_SHAPE);
    // `mon sandbox` restarts the file that `mon --sandbox` made, with the same key.
    const served = await startSandbox([], { dataFile, env });
    try {
      expect(served.info.apiKey).toBe(key);
    } finally {
      await served.stop();
    }
    // A reset puts the sample data back, and keeps the key.
    expect((await runMon(['sandbox', 'reset', '--yes'], { env })).code).toBe(0);
    expect(await infoKey(env)).toBe(key);
  });
});

describe('the request log keeps no credential, on any route', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandbox(['--debug']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('a production ping token, a key in a query, a key in a header or a body: masked in the log and the access log', async () => {
    const productionToken = 'prod-0c9d7e52-3f1a-4b8e-9a6d-2f4e5c6b7a81';
    const liveKey = 'sk_live_9f8e7d6c5b4a39281706';
    await fetch(`${sandbox.url}/ping/${productionToken}`, { method: 'POST' });
    await fetch(`${sandbox.url}/v1/runtimes?apiKey=${liveKey}&access_token=${liveKey}&limit=5`, {
      headers: { authorization: `Bearer ${sandbox.info.apiKey}`, 'x-api-key': liveKey },
    });
    await fetch(`${sandbox.url}/v1/status-pages/incidents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.info.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `key ${sandbox.info.apiKey}` }),
    });
    const log = JSON.stringify(await sandbox.requests());
    for (const secret of [productionToken, liveKey, sandbox.info.apiKey]) expect(log).not.toContain(secret);
    expect(log).toContain('/ping/…7a81');
    expect(log).toContain('key [redacted]');
    expect(log).toContain('/v1/runtimes?apiKey=sk_…1706&access_token=sk_…1706&limit=5');
    const requests = await runMon(['sandbox', 'requests', '--json'], { env: sandbox.env() });
    for (const secret of [productionToken, liveKey]) expect(requests.stdout).not.toContain(secret);
    const { stderr } = await sandbox.stop();
    expect(stderr).toContain('POST /ping/…7a81');
    for (const secret of [productionToken, liveKey, sandbox.info.apiKey]) expect(stderr).not.toContain(secret);
  });
});

describe('listening beyond loopback', () => {
  const elsewhere = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);

  it('--host 0.0.0.0: a warning, with every address it can be reached at (none, and no warning, with loopback alone)', async () => {
    const sandbox = await startSandbox(['--host', '0.0.0.0']);
    try {
      const port = new URL(sandbox.url).port;
      if (elsewhere.length === 0) {
        // A machine with loopback alone (a network namespace of its own, as in a run without
        // network): nothing beyond it can reach the sandbox, so there is nothing to warn about.
        expect(sandbox.info.reachableAt).toBeUndefined();
        expect((await sandbox.stop()).stderr).not.toContain('listens beyond this machine');
        return;
      }
      // It follows the banner (the harness returns at the banner's line).
      await until(() => sandbox.stderr().includes('to keep it to this machine'), 'the warning');
      expect(sandbox.stderr()).toContain('warning: the sandbox listens beyond this machine (--host 0.0.0.0):\n');
      for (const address of elsewhere) expect(sandbox.stderr()).toContain(`  http://${address}:${port}\n`);
      expect(sandbox.info.reachableAt).toEqual(elsewhere.map((address) => `http://${address}:${port}`));
    } finally {
      await sandbox.stop();
    }
  });
});
