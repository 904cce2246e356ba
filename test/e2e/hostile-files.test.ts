/*
 * Issue 45, items 4, 10, 11 (the data file) and 14: what stands where mon keeps its files (a
 * device, a FIFO, a symlink a dotfile manager made), what a killed write leaves behind, a
 * user with no home directory, and a stdout on a full disk, with the real bin/mon.js.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, type TestContext } from 'vitest';
import { BIN, cleanEnv, collect, registerSecret, runMon, tempDir } from './harness';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const CRASH_MID_WRITE = fileURLToPath(new URL('../fixtures/crash-mid-write.cjs', import.meta.url));

/** A FIFO at `path` (mkfifo). */
function fifo(path: string): string {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  return path;
}

/** A character device at `path` (root only): the same device as /dev/null (1, 3) or /dev/zero (1, 5). */
function device(path: string, minor: 3 | 5, context: TestContext): string {
  if (!isRoot) context.skip('making a device node takes root');
  const made = spawnSync('mknod', [path, 'c', '1', String(minor)]);
  if (made.status !== 0) context.skip(`mknod failed: ${made.stderr}`);
  return path;
}

/** Every file under `dir` (relative to it), dot-files included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const sandboxArgs = (data: string) => ['sandbox', '--port', '0', '--data', data];

describe('a sandbox data file that is not a regular file (item 4, item 11)', () => {
  it('--data naming a device (/dev/null, /dev/zero): exit 2 naming it, the device left a device, nothing made beside it', async (context) => {
    const dir = tempDir('mon-devices-');
    for (const [name, minor] of [
      ['null', 3],
      ['zero', 5],
    ] as const) {
      const path = device(join(dir, name), minor, context);
      // /dev/zero read whole never ends: with at most 1.5 GB of address space, a mon that reads it dies at once.
      const result = await collect(
        spawn('sh', ['-c', 'ulimit -v 1500000; exec "$0" "$@"', process.execPath, BIN, ...sandboxArgs(path)], {
          env: cleanEnv(),
        }),
      );
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toBe(
        `error: --data ${path} is a character device, not a regular file: the sandbox keeps its data in a regular file, and neither reads nor replaces a device, a FIFO or a socket.\n` +
          `Pass --data with a regular file (a new one is made); for a sandbox that keeps nothing, one in a new temporary directory: --data "$(mktemp -d)/sandbox.jsonl".\n`,
      );
      expect(statSync(path).isCharacterDevice()).toBe(true);
    }
    expect(readdirSync(dir).sort()).toEqual(['null', 'zero']);
  });

  it('a FIFO, from --data or where MON_DATA_DIR puts it: exit 2 at once (no open that blocks), for every command', async () => {
    const dir = tempDir('mon-fifo-');
    const path = fifo(join(dir, 'data.jsonl'));
    for (const args of [
      sandboxArgs(path),
      ['sandbox', 'info', '--data', path],
      ['sandbox', 'reset', '-y', '--data', path],
    ]) {
      const result = await runMon(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`error: --data ${path} is a FIFO (named pipe), not a regular file`);
    }
    const dataDir = tempDir('mon-fifo-dir-');
    fifo(join(dataDir, 'sandbox.jsonl'));
    const embedded = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dataDir }) });
    expect(embedded.code).toBe(2);
    expect(embedded.stderr).toBe(
      `error: The sandbox data file ${join(dataDir, 'sandbox.jsonl')} (from MON_DATA_DIR) is a FIFO (named pipe), not a regular file: the sandbox keeps its data in a regular file, and neither reads nor replaces a device, a FIFO or a socket.\n` +
        'Move it aside, or set MON_DATA_DIR to a directory you can write.\n',
    );
    expect(statSync(path).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['data.jsonl']);
  });

  it('a data file larger than 256 MiB is refused before a byte of it is read, and left as it was', async () => {
    const file = join(tempDir('mon-big-'), 'data.jsonl');
    writeFileSync(file, '{"format":"mon-sandbox","version":1}\n');
    // Sparse: nothing of it is on the disk.
    truncateSync(file, 256 * 1024 * 1024 + 1);
    const result = await runMon(['sandbox', 'info', '--data', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: The sandbox data file ${file} is larger than 256 MiB, the most mon reads of one: it was left untouched.`,
    );
    expect(statSync(file).size).toBe(256 * 1024 * 1024 + 1);
  });

  it('a symlinked data file is written through: the link stays a link', async () => {
    const dir = tempDir('mon-data-link-');
    mkdirSync(join(dir, 'real'));
    const link = join(dir, 'link.jsonl');
    symlinkSync('real/data.jsonl', link);
    for (let round = 0; round < 2; round++) {
      expect((await runMon(['sandbox', 'reset', '-y', '--data', link])).code).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(dir, 'real', 'data.jsonl'), 'utf8')).toMatch(/^\{"format":"mon-sandbox"/);
    }
  });
});

describe('the config file (item 4)', () => {
  it('a symlinked config.json (a dotfile manager’s) is written through: the link stays, its target holds the change', async () => {
    const home = tempDir('mon-dotfiles-');
    mkdirSync(join(home, 'dotfiles'));
    mkdirSync(join(home, 'config'), { mode: 0o700 });
    writeFileSync(join(home, 'dotfiles', 'config.json'), '{"profiles":{"default":{"timeout":7}}}\n', { mode: 0o600 });
    const link = join(home, 'config', 'config.json');
    symlinkSync('../dotfiles/config.json', link);
    const env = cleanEnv({ MON_CONFIG_DIR: join(home, 'config') });
    for (const timeout of ['12', '13']) {
      const set = await runMon(['config', 'set', 'timeout', timeout], { env });
      expect(set.code, set.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe('../dotfiles/config.json');
      expect(JSON.parse(readFileSync(join(home, 'dotfiles', 'config.json'), 'utf8'))).toEqual({
        profiles: { default: { timeout: Number(timeout) } },
      });
    }
    expect((await runMon(['config', 'get', 'timeout'], { env })).stdout).toBe('13\n');
    expect(filesUnder(home)).toEqual(['config/config.json', 'dotfiles/config.json']);
  });

  it('a config.json that is a FIFO, or a link to a device: exit 2 naming it and MON_CONFIG_DIR, reading and writing, never replaced', async (context) => {
    const dir = tempDir('mon-config-fifo-');
    fifo(join(dir, 'config.json'));
    const env = cleanEnv({ MON_CONFIG_DIR: dir });
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'timeout', '3'],
      ['auth', 'logout'],
    ]) {
      const result = await runMon(args, { env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toBe(
        `error: The config file ${join(dir, 'config.json')} (from MON_CONFIG_DIR) is a FIFO (named pipe), not a regular file: mon neither reads it nor replaces it.\n` +
          'Move it aside, or set MON_CONFIG_DIR to a directory of your own.\n',
      );
    }
    expect(statSync(join(dir, 'config.json')).isFIFO()).toBe(true);

    const linked = tempDir('mon-config-null-');
    const nul = device(join(tempDir('mon-dev-'), 'null'), 3, context);
    symlinkSync(nul, join(linked, 'config.json'));
    const set = await runMon(['config', 'set', 'timeout', '3'], { env: cleanEnv({ MON_CONFIG_DIR: linked }) });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('is a character device, not a regular file: mon neither reads it nor replaces it.');
    expect(statSync(nul).isCharacterDevice()).toBe(true);
    expect(lstatSync(join(linked, 'config.json')).isSymbolicLink()).toBe(true);
  });
});

describe('what a killed config write leaves behind (item 10)', () => {
  const KEY = 'sk_live_h0stile_killed_write_key_0123';
  const stored = (key?: string) =>
    `${JSON.stringify({ profiles: { default: { ...(key ? { 'api-key': key } : {}), 'base-url': 'https://before.example.com' } } }, null, '\t')}\n`;
  /** A config dir whose config.json holds KEY, and a `config set` killed half-way through writing: the staging copy holds the key. */
  async function killedWrite(): Promise<{ dir: string; env: NodeJS.ProcessEnv }> {
    registerSecret(KEY);
    const env = cleanEnv();
    const dir = env.MON_CONFIG_DIR!;
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), stored(KEY), { mode: 0o600 });
    // Long enough that the half written holds the key whole.
    const crashed = await runMon(['config', 'set', 'base-url', `https://crash.example.com/${'a'.repeat(200)}`], {
      env: { ...env, NODE_OPTIONS: `--require ${CRASH_MID_WRITE}`, MON_CRASH_WRITING: 'crash.example.com' },
    });
    expect(crashed.signal).toBe('SIGKILL');
    // What the attack found: a copy of the key outside config.json.
    const copies = filesUnder(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes(KEY));
    expect(copies.length).toBeGreaterThan(1);
    expect(copies.some((file) => file.includes('.staging'))).toBe(true);
    return { dir, env };
  }

  it('auth logout removes every copy of the key: the file’s and the staging copy', async () => {
    const { dir, env } = await killedWrite();
    const logout = await runMon(['auth', 'logout'], { env });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toBe(`✓ Removed the API key of profile "default" from ${join(dir, 'config.json')}\n`);
    expect(filesUnder(dir)).toEqual(['config.json']);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(KEY);
  });

  it('auth logout with no key in the file (removed by hand) still removes the staging copy', async () => {
    const { dir, env } = await killedWrite();
    writeFileSync(join(dir, 'config.json'), stored(), { mode: 0o600 });
    const logout = await runMon(['auth', 'logout'], { env });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toBe('Profile "default" has no stored API key: nothing to remove.\n');
    expect(filesUnder(dir)).toEqual(['config.json']);
  });

  it('the next write removes the staging copy and a lock’s old temporary files; a fresh one (a live write’s) stays', async () => {
    const { dir, env } = await killedWrite();
    const old = join(dir, 'config.json.lock.99999.0123456789abcdef');
    writeFileSync(old, '{"pid":99999}');
    utimesSync(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const fresh = join(dir, 'config.json.lock.99998.fedcba9876543210');
    writeFileSync(fresh, '{"pid":99998}');
    const set = await runMon(['config', 'set', 'timeout', '9'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(filesUnder(dir)).toEqual(['config.json', 'config.json.lock.99998.fedcba9876543210']);
    expect(existsSync(old)).toBe(false);
  });
});

/** Runs mon as a user the password database does not know (uid 54321), with exactly `env`. */
async function asUnknownUser(context: TestContext, args: string[], env: Record<string, string>) {
  if (!isRoot) context.skip('running as a user with no passwd entry takes root (setpriv)');
  if (spawnSync('getent', ['passwd', '54321']).status === 0) context.skip('uid 54321 has a passwd entry here');
  const child = spawn('setpriv', ['--reuid=54321', '--regid=54321', '--clear-groups', process.execPath, BIN, ...args], {
    env: { PATH: process.env.PATH!, LANG: 'C.UTF-8', ...env },
  });
  return collect(child);
}

describe('no HOME and no passwd entry (item 14)', () => {
  /** A directory the unknown user can write in. */
  const open = () => {
    const dir = tempDir('mon-nohome-');
    chmodSync(dir, 0o777);
    return dir;
  };

  it('works from the XDG directories (and MON_CACHE_DIR): the sandbox’s data, a setting written and read', async (context) => {
    const dir = open();
    // bin/mon.js (not this item's) finds its cache from MON_CACHE_DIR here.
    const env = { XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), MON_CACHE_DIR: dir };
    const list = await asUnknownUser(context, ['--sandbox', 'runtimes', 'list'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('2025.04');
    expect(existsSync(join(dir, 'data', 'mon', 'sandbox.jsonl'))).toBe(true);
    const set = await asUnknownUser(context, ['config', 'set', 'timeout', '9'], env);
    expect(set.code, set.stderr).toBe(0);
    const get = await asUnknownUser(context, ['config', 'get', 'timeout'], env);
    expect(get).toMatchObject({ code: 0, stdout: '9\n' });
    expect(existsSync(join(dir, 'config', 'mon', 'config.json'))).toBe(true);
  });

  it('with nothing that says where: one line naming the variables to set, no stack trace', async (context) => {
    const env = { MON_CACHE_DIR: open() };
    const set = await asUnknownUser(context, ['config', 'set', 'timeout', '9'], env);
    expect(set.code).toBe(1);
    expect(set.stderr).toBe(
      'error: mon cannot tell where its config directory is: HOME is not set and this user (uid 54321) has no home directory in the password database; set MON_CONFIG_DIR (or XDG_CONFIG_HOME, or HOME).\n',
    );
    const sandbox = await asUnknownUser(context, ['--sandbox', 'runtimes', 'list'], env);
    expect(sandbox.code).toBe(1);
    expect(sandbox.stderr).toBe(
      'error: mon cannot tell where its data directory is: HOME is not set and this user (uid 54321) has no home directory in the password database; set MON_DATA_DIR (or XDG_DATA_HOME, or HOME).\n',
    );
  });
});

/** /dev/full is Linux's: a disk that is always full. */
const linux = process.platform === 'linux';

describe.runIf(linux)('stdout on a full disk (/dev/full, item 14)', () => {
  it.each([
    ['a table', ['--sandbox', 'runtimes', 'list']],
    ['JSON', ['--sandbox', 'runtimes', 'list', '--json']],
    ['an answer as it came', ['--sandbox', 'api', '/v1/runtimes']],
  ])('%s: one line, "cannot write to stdout: no space left on device", exit 1', async (_what, args) => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = await collect(
        spawn(process.execPath, [BIN, ...args], { env: cleanEnv(), stdio: ['pipe', full, 'pipe'] }),
      );
      expect(result.code).toBe(1);
      const said = args.includes('--json')
        ? `${JSON.stringify({ error: { exitCode: 1, kind: 'failure', message: 'cannot write to stdout: no space left on device', hint: null } })}\n`
        : 'error: cannot write to stdout: no space left on device\n';
      expect(result.stderr.replace(/^Using the embedded sandbox.*\n/, '')).toBe(said);
    } finally {
      closeSync(full);
    }
  });
});
