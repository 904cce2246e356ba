import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, collect, leakedSecrets, runMon, startSandbox, type SandboxProcess } from './harness';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('faults', () => {
  it('gives up on a server that never answers within --timeout + 1 s, saying it timed out (exit 1)', async () => {
    const silent = await startSandbox(['--faults', 'hang:1']);
    try {
      const started = Date.now();
      const result = await runMon(['runtimes', 'list', '--timeout', '1'], { env: silent.env() });
      expect(Date.now() - started).toBeLessThan(2000 + 1500); // + process start-up
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The request timed out after 1 s (GET /v1/runtimes)');
      expect(result.stderr).toContain('--timeout');
    } finally {
      await silent.stop();
    }
  });

  it('exits 130 with no stack trace when interrupted during a request', async () => {
    const silent = await startSandbox(['--faults', 'hang:1']);
    try {
      const child = spawn(process.execPath, [BIN, 'runtimes', 'list'], { env: silent.env(), stdio: ['pipe', 'pipe', 'pipe'] });
      const done = collect(child);
      // Interrupt once the request is in flight (the sandbox has it and will never answer).
      while ((await silent.requests()).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGINT');
      const result = await done;
      expect(result.code).toBe(130);
      expect(result.stderr).toBe('Cancelled.\n');
      expect(result.stdout).toBe('');
    } finally {
      await silent.stop();
    }
  });

  it('maps a lasting 429 to exit 7 after retries', async () => {
    const limited = await startSandbox(['--faults', '429:1']);
    try {
      const result = await runMon(['runtimes', 'list', '--timeout', '10'], { env: limited.env() });
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/Rate limited \(429 Too Many Requests: .*\) after 4 attempts/);
      expect((await limited.requests()).length).toBe(4);
    } finally {
      await limited.stop();
    }
  });
});

describe('nothing lost', () => {
  it('lands both of two `mon config set` run at once', async () => {
    const env = cleanEnv();
    const results = await Promise.all([
      runMon(['config', 'set', 'base-url', 'https://a.example.com'], { env }),
      runMon(['config', 'set', 'timeout', '42'], { env }),
      runMon(['--profile', 'other', 'config', 'set', 'account', 'acct-2'], { env }),
    ]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    const stored = JSON.parse(readFileSync(join(env.MON_CONFIG_DIR!, 'config.json'), 'utf8'));
    expect(stored.profiles).toEqual({
      default: { baseUrl: 'https://a.example.com', timeout: 42 },
      other: { accountId: 'acct-2' },
    });
  });
});

describe('secrets', () => {
  it('refuses to send the key over plain http to a non-loopback host unless --insecure', async () => {
    await sandbox.clearRequests();
    const result = await runMon(['runtimes', 'list'], { env: sandbox.env({ MON_BASE_URL: 'http://api.example.com' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Refusing to send the API key over plain http:// to api.example.com');
    expect(result.stderr).toContain('--insecure');
  });

  it('never prints the key: not in errors, --debug logs or auth status', async () => {
    const env = sandbox.env();
    const outputs = await Promise.all([
      runMon(['runtimes', 'list', '--debug'], { env }),
      runMon(['auth', 'status'], { env }),
      runMon(['auth', 'status', '--json'], { env }),
      runMon(['runtimes', 'get', 'nope', '--debug'], { env }),
      runMon(['api', '/v1/runtimes', '-i', '--debug'], { env }),
    ]);
    for (const output of outputs) expect(leakedSecrets(output.stdout + output.stderr)).toEqual([]);
    expect(outputs[0]!.stderr).toContain('Bearer [redacted]');
  });
});
