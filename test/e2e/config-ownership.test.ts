/*
 * Issue 27, item 6: config and data files that another user owns or can replace. When root
 * (or anyone) runs mon with a config.json that belongs to another user, mon must neither write
 * the key into it (its owner would read it) nor take where to send the key from it; a config
 * directory other users can write gets a warning.
 *
 * The tests that give a file to another user need root (chown); they give it to uid 65534
 * (`nobody`) by number and run mon as root, so they work wherever the repository is cloned.
 */
import { chmodSync, chownSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { cleanEnv, runMon, tempDir } from './harness';
import { HOSTILE_KEY, hostileServer, json, type Hostile } from './hostile';

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
function requireRoot(context: Pick<TestContext, 'skip'>): void {
  if (!isRoot) context.skip('needs root: only root can give a file to another user (chown) to set this up');
}

let server: Hostile;
beforeAll(async () => {
  server = await hostileServer((_req, res) => json(res, 200, { length: 0, entries: [], nextId: null }));
});
afterAll(async () => {
  await server?.close();
});

/** A config directory (0700, ours) whose config.json holds `content`, owned by `uid`. */
function configOwnedBy(uid: number, content: unknown): { env: NodeJS.ProcessEnv; file: string } {
  const env = cleanEnv();
  mkdirSync(env.MON_CONFIG_DIR!, { recursive: true, mode: 0o700 });
  const file = join(env.MON_CONFIG_DIR!, 'config.json');
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  chownSync(file, uid, uid);
  return { env, file };
}

describe('a config.json that belongs to another user', () => {
  it('auth login refuses before sending the key, and leaves the file as it was (owner included)', async (context) => {
    requireRoot(context);
    const planted = { profiles: { default: { account: 'theirs' } } };
    const { env, file } = configOwnedBy(NOBODY, planted);
    const before = server.received.length;
    const result = await runMon(['auth', 'login', '--with-key', '--base-url', server.url, '--account', 'mine'], {
      env,
      input: HOSTILE_KEY,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The config file ${file} belongs to another user (uid ${NOBODY})`);
    expect(result.stderr).toContain('chown');
    expect(server.received.length).toBe(before);
    expect(statSync(file).uid).toBe(NOBODY);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(planted);
    expect(readFileSync(file, 'utf8')).not.toContain(HOSTILE_KEY);
  });

  it('is not read either: a base URL planted in it never gets the key', async (context) => {
    requireRoot(context);
    const { env } = configOwnedBy(NOBODY, { profiles: { default: { 'base-url': server.url } } });
    const before = server.received.length;
    const result = await runMon(['runtimes', 'list'], { env: { ...env, MON_API_KEY: HOSTILE_KEY } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('belongs to another user');
    expect(server.received.length).toBe(before);
  });

  it('a file that is yours (or root’s) is used as before', async (context) => {
    requireRoot(context);
    const { env } = configOwnedBy(0, { profiles: { default: { 'base-url': server.url, account: 'mine' } } });
    const result = await runMon(['config', 'get', 'account'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('mine\n');
  });
});

describe('a sandbox data file that belongs to another user', () => {
  it('is neither read nor written: mon --sandbox, mon sandbox info and mon sandbox refuse it', async (context) => {
    requireRoot(context);
    const env = cleanEnv();
    const seeded = await runMon(['--sandbox', 'runtimes', 'list'], { env });
    expect(seeded.code).toBe(0);
    const file = join(env.MON_DATA_DIR!, 'sandbox.jsonl');
    const content = readFileSync(file, 'utf8');
    chownSync(file, NOBODY, NOBODY);
    for (const args of [
      ['--sandbox', 'runtimes', 'list'],
      ['sandbox', 'info'],
      ['sandbox', '--port', '0'],
    ]) {
      const result = await runMon(args, { env });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(`The sandbox data file ${file} belongs to another user (uid ${NOBODY})`);
    }
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(statSync(file).uid).toBe(NOBODY);
  });
});

describe('a config directory other users can write', () => {
  for (const [mode, said] of [
    [0o777, 'can be written by every user (mode 0777)'],
    [0o770, 'can be written by its group (mode 0770)'],
  ] as const) {
    it(`mode ${mode.toString(8)}: a warning naming it and the fix, once; the command still works`, async () => {
      const home = tempDir();
      const dir = join(home, 'config');
      mkdirSync(dir);
      chmodSync(dir, mode);
      const result = await runMon(['config', 'set', 'timeout', '60'], { env: cleanEnv({ MON_CONFIG_DIR: dir }) });
      expect(result.code).toBe(0);
      const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
      expect(warnings).toEqual([expect.stringContaining(`the config directory ${dir} ${said}`)]);
      expect(warnings[0]).toContain(`chmod 700 '${dir}'`);
    });
  }

  it('a directory of your own (0700) gets no warning', async () => {
    const result = await runMon(['config', 'set', 'timeout', '60'], { env: cleanEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('warning');
  });
});
