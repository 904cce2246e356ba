/**
 * Nothing lost: the config file under a crash, and the sandbox's data under kill -9, a torn
 * last write, and several processes sharing one data file. (A damaged config file:
 * test/config/store.test.ts; 50 writers at once: test/sandbox/journal.test.ts.)
 */
import { appendFileSync, chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runMon, startSandbox, tempDir, type SandboxProcess } from './harness';

const SERVICE = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
const CRASH_MID_WRITE = fileURLToPath(new URL('../fixtures/crash-mid-write.cjs', import.meta.url));

const createArgs = (name: string) => [
  'incidents',
  'create',
  '--name',
  name,
  '--severity',
  'minor',
  '--service',
  SERVICE,
  '--message',
  'm',
];

interface Incident {
  id: string;
  name: string;
}

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('the config file', () => {
  it('is written with mode 0600 in a 0700 directory, and a looser file is tightened on the next write', async () => {
    const env = cleanEnv();
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    expect((await runMon(['config', 'set', 'timeout', '12'], { env })).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(env.MON_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    chmodSync(file, 0o644);
    expect((await runMon(['config', 'set', 'timeout', '13'], { env })).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('survives a crash half-way through a write: the previous file stays whole, and the next write works', async () => {
    const env = cleanEnv();
    const file = join(env.MON_CONFIG_DIR!, 'config.json');
    expect((await runMon(['config', 'set', 'base-url', 'https://before.example.com'], { env })).code).toBe(0);
    const before = readFileSync(file, 'utf8');

    // The preload kills mon (SIGKILL) once it has written half of the data holding the new URL.
    const crashing = { ...env, NODE_OPTIONS: `--require ${CRASH_MID_WRITE}`, MON_CRASH_WRITING: 'crash.example.com' };
    const crashed = await runMon(['config', 'set', 'base-url', 'https://crash.example.com'], { env: crashing });
    expect(crashed.signal).toBe('SIGKILL');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await runMon(['config', 'get', 'base-url'], { env })).stdout).toBe('https://before.example.com\n');

    // The lock the dead process held is taken over.
    const after = await runMon(['config', 'set', 'base-url', 'https://after.example.com'], { env });
    expect(after.code).toBe(0);
    expect((await runMon(['config', 'get', 'base-url'], { env })).stdout).toBe('https://after.example.com\n');
  });
});

describe('the sandbox', () => {
  it('comes back after kill -9 under write load with every acknowledged write, dropping a torn last line', async () => {
    const dataFile = join(tempDir('mon-kill-'), 'data.jsonl');
    const first = await startSandbox([], { dataFile });
    const body = (name: string) => ({
      name,
      severity: 'MINOR',
      services: [{ id: SERVICE, name: 'Public API', accountId: first.info.accountId }],
      incidentUpdates: [{ description: 'under load' }],
    });
    const acknowledged: string[] = [];
    let killed = false;
    // Eight writers at once; a write counts once its 201 has arrived.
    const writer = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const { status, body: created } = await first.call(
            'POST',
            '/v1/status-pages/incidents',
            body(`Load ${n}.${i}`),
          );
          if (status === 201) acknowledged.push((created as Incident).id);
        } catch {
          return; // the connection died with the sandbox: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    first.process.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect((await first.stop()).signal).toBe('SIGKILL');
    const seen = [...acknowledged];

    // As if the process had died in the middle of a write.
    appendFileSync(dataFile, '{"c":"incidents","put":{"id":"torn-write","name":"Half');
    const second = await startSandbox([], { dataFile });
    try {
      const listed = await runMon(['incidents', 'list', '--status', 'all', '--all', '--json'], { env: second.env() });
      const ids = new Set((JSON.parse(listed.stdout) as Incident[]).map((incident) => incident.id));
      expect(seen.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.has('torn-write')).toBe(false);
      // The torn line was cut off the file; the sandbox writes whole lines after it again.
      expect(readFileSync(dataFile, 'utf8')).not.toContain('torn-write');
      expect((await runMon(createArgs('After the restart'), { env: second.env() })).code).toBe(0);
      expect(readFileSync(dataFile, 'utf8').endsWith('\n')).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('refuses a second `mon sandbox` on a data file in use, naming the first (pid and URL)', async () => {
    const second = await runMon(['sandbox', '--port', '0', '--data', sandbox.info.dataFile]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `The data file ${sandbox.info.dataFile} is in use by mon sandbox (pid ${sandbox.process.pid} at ${sandbox.url}).`,
    );
    expect(second.stderr).toContain(
      `Use that sandbox (MON_BASE_URL=${sandbox.url}), stop it, or pass another --data FILE.`,
    );
  });

  it('lets `mon --sandbox` commands share one data file: 20 at once take turns, or talk to the `mon sandbox` serving it', async () => {
    const env = cleanEnv();
    const list = async () => {
      const listed = await runMon(['--sandbox', 'incidents', 'list', '--status', 'all', '--all', '--json'], { env });
      return (JSON.parse(listed.stdout) as Incident[]).map((incident) => incident.name).sort();
    };
    const names = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`);

    // No server: each command runs the embedded sandbox in turn.
    const embedded = await Promise.all(
      names('Embedded', 20).map((name) => runMon(['--sandbox', ...createArgs(name)], { env })),
    );
    expect(embedded.map((result) => result.code)).toEqual(Array(20).fill(0));
    expect(await list()).toEqual(names('Embedded', 20));

    // A `mon sandbox` on the same file: the commands talk to it (no need to take turns).
    const server = await startSandbox([], { dataFile: join(env.MON_DATA_DIR!, 'sandbox.jsonl') });
    try {
      const served = await Promise.all(
        names('Served', 10).map((name) => runMon(['--sandbox', ...createArgs(name)], { env })),
      );
      expect(served.map((result) => result.code)).toEqual(Array(10).fill(0));
      expect((await server.requests()).filter((request) => request.method === 'POST')).toHaveLength(10);
      expect(await list()).toEqual([...names('Embedded', 20), ...names('Served', 10)]);
    } finally {
      await server.stop();
    }
  });
});
