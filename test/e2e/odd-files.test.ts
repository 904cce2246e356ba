/**
 * Directories and files mon cannot use, and files that are not what they should be: each
 * gets one error naming the path, the reason and the fix, never "This is unexpected", and
 * nothing a user stored is changed.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, type TestContext } from 'vitest';
import { cleanEnv, runMon, tempDir } from './harness';
import { WAIT_MS } from '../timeouts';

const HEADER = '{"format":"mon-sandbox","version":1}\n';

function aFile(): string {
  const file = join(tempDir(), 'a-file');
  writeFileSync(file, 'mine\n');
  return file;
}

describe('the config directory and file', () => {
  it('a config file that is a directory: named, with the fix, for reading and writing', async () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    mkdirSync(file);
    const env = cleanEnv({ MON_CONFIG_DIR: dir });
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'timeout', '10'],
    ]) {
      const result = await runMon(args, { env });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toBe(
        `error: Cannot read the config file ${file}: it is a directory, where a file should be.\n` +
          `Move the directory ${file} aside, or set MON_CONFIG_DIR to a directory you can write.\n`,
      );
    }
    expect(statSync(file).isDirectory()).toBe(true);
  });

  it('a config directory under a file: named with the file in the way, which is left alone', async () => {
    const file = aFile();
    const env = cleanEnv({ MON_CONFIG_DIR: join(file, 'mon') });
    const set = await runMon(['config', 'set', 'timeout', '10'], { env });
    expect(set.code).toBe(1);
    expect(set.stderr).toBe(
      `error: Cannot create the config directory ${file}/mon: a file is where a directory should be (${file} is a file).\n` +
        'Move the file that is in the way, or set MON_CONFIG_DIR to a directory you can write.\n',
    );
    const list = await runMon(['config', 'list'], { env });
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(
      `error: Cannot read the config file ${file}/mon/config.json: a file is where a directory should be (${file} is a file).\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
  });

  it('a config directory that is a file', async () => {
    const file = aFile();
    const result = await runMon(['config', 'set', 'timeout', '10'], { env: cleanEnv({ MON_CONFIG_DIR: file }) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: Cannot create the config directory ${file}: a file is where a directory should be (${file} is a file).\n` +
        'Move the file that is in the way, or set MON_CONFIG_DIR to a directory you can write.\n',
    );
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
  });
});

describe('the sandbox data directory and file', () => {
  it('MON_DATA_DIR under a file (mon --sandbox): named, with MON_DATA_DIR as the fix', async () => {
    const file = aFile();
    const result = await runMon(['--sandbox', 'runtimes', 'list'], {
      env: cleanEnv({ MON_DATA_DIR: join(file, 'mon') }),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: Cannot create the data directory ${file}/mon: a file is where a directory should be (${file} is a file).\n` +
        'Move the file that is in the way, or set MON_DATA_DIR to a directory you can write.\n',
    );
  });

  it('--data under a file (mon sandbox): named, with --data as the fix', async () => {
    const file = aFile();
    const result = await runMon(['sandbox', '--port', '0', '--data', join(file, 'data.jsonl')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: Cannot create the data directory ${file}: a file is where a directory should be (${file} is a file).\n` +
        'Move the file that is in the way, or pass --data with a file in a directory you can write.\n',
    );
  });

  it('a data file that is a directory', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sandbox.jsonl'));
    const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dir }) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: Cannot read the sandbox data file ${dir}/sandbox.jsonl: it is a directory, where a file should be.\n` +
        `Move the directory ${dir}/sandbox.jsonl aside, or use another data file (\`mon sandbox --data FILE\`, or MON_DATA_DIR for \`mon --sandbox\`).\n`,
    );
  });

  it('a file that is not a sandbox data file is refused and left as it was, even one line long', async () => {
    for (const content of ['my notes\n', 'my notes', '{"some":"json"}\n{"c":"x"}\n']) {
      const dir = tempDir();
      const file = join(dir, 'sandbox.jsonl');
      writeFileSync(file, content);
      const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dir }) });
      expect(result.code, JSON.stringify(content)).toBe(1);
      expect(result.stderr).toBe(
        `error: ${file} is not a mon sandbox data file (its first line is not the sandbox's); it was left untouched.\n` +
          'Move it aside, or use another data file (`mon sandbox --data FILE`, or MON_DATA_DIR for `mon --sandbox`).\n',
      );
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });

  it('a damaged line in the middle: named by number, the file untouched', async () => {
    const dir = tempDir();
    const file = join(dir, 'sandbox.jsonl');
    const content = `${HEADER}{"meta":"a","value":1}\n{"meta":"b",\n{"meta":"c","value":3}\n`;
    writeFileSync(file, content);
    const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dir }) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: The sandbox data file ${file} is damaged at line 3 (not JSON); it was left untouched.\n` +
        'Repair or remove that line, move the file aside to start afresh, or use another data file (`mon sandbox --data FILE`, or MON_DATA_DIR for `mon --sandbox`).\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('a last line cut short (a crash mid-write): dropped with a note naming the file, the rest kept', async () => {
    const dir = tempDir();
    const file = join(dir, 'sandbox.jsonl');
    writeFileSync(file, `${HEADER}{"meta":"kept","value":1}\n{"c":"incidents","put":{"id":"x","na`);
    const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dir }) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `note: The sandbox data file ${file} ended in a line cut short (a write interrupted by a crash or a full disk); that line, never acknowledged, was dropped and the rest kept: nothing to do.\n`,
    );
    const after = readFileSync(file, 'utf8');
    expect(after).toContain(`${HEADER}{"meta":"kept","value":1}\n`);
    expect(after).not.toContain('"id":"x"');
  });

  it('an empty data file (made by touch) becomes a new sandbox', async () => {
    const dir = tempDir();
    const file = join(dir, 'sandbox.jsonl');
    writeFileSync(file, '');
    const result = await runMon(['--sandbox', 'runtimes', 'list'], { env: cleanEnv({ MON_DATA_DIR: dir }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^2026\.04\tBETA\t/m);
    expect(readFileSync(file, 'utf8').startsWith(HEADER)).toBe(true);
  });
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * bin/mon.js where another user can run it. The clone may sit where only its owner can enter
 * (a 0700 temp dir, /root): as root, a copy of what mon runs (bin/, dist/, package.json; dist/
 * bundles every dependency) goes to a directory open to everyone.
 */
function reachableBin(): string {
  const dir = openDir();
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return join(dir, 'bin/mon.js');
}

/**
 * Permissions bind everyone but root. As root, the command runs as user `nobody` (setpriv,
 * util-linux) when it can; otherwise the test says why it skips.
 */
function asAnotherUser(ctx: TestContext): (args: string[], env: NodeJS.ProcessEnv) => SpawnSyncReturns<string> {
  const options = { encoding: 'utf8', timeout: WAIT_MS } as const;
  if (process.getuid?.() !== 0) {
    return (args, env) => spawnSync(process.execPath, [join(ROOT, 'bin/mon.js'), ...args], { ...options, env });
  }
  if (spawnSync('setpriv', ['--version']).status !== 0) {
    ctx.skip(
      'running as root, which file permissions do not bind, and setpriv (util-linux) is missing to run as another user',
    );
  }
  const bin = reachableBin();
  return (args, env) =>
    spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, bin, ...args], {
      ...options,
      env,
    });
}

/** A directory the other user (or this one) can reach: temp dirs are 0700. */
function openDir(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  return dir;
}

describe('permissions', () => {
  it('an unreadable config file, and a config directory that cannot be written', async (ctx) => {
    const run = asAnotherUser(ctx);
    const home = openDir();
    const config = join(home, 'config');
    // Open to the other user, not writable by it (that would be warned about: config-ownership.test.ts).
    mkdirSync(config, { mode: 0o755 });
    chmodSync(config, 0o755);
    writeFileSync(join(config, 'config.json'), '{"profiles":{}}', { mode: 0o000 });
    chmodSync(join(config, 'config.json'), 0o000);
    const env = cleanEnv({ HOME: home, MON_CONFIG_DIR: config, MON_CACHE_DIR: join(home, 'cache') });
    const unreadable = run(['config', 'list'], env);
    expect(unreadable.status).toBe(1);
    expect(unreadable.stderr).toBe(
      `error: Cannot read the config file ${config}/config.json: permission denied.\n` +
        `Make ${config}/config.json readable by you, or set MON_CONFIG_DIR to a directory you can write.\n`,
    );

    const readOnly = join(home, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    for (const [dir, message] of [
      [join(readOnly, 'mon'), `error: Cannot create the config directory ${readOnly}/mon: permission denied.\n`],
      [readOnly, `error: Cannot write in the config directory ${readOnly}: permission denied.\n`],
    ] as const) {
      const result = run(['config', 'set', 'timeout', '10'], { ...env, MON_CONFIG_DIR: dir });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^${message.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}Make .+ writable by you, or set MON_CONFIG_DIR to a directory you can write\\.\\n$`,
        ),
      );
    }
    expect(existsSync(join(readOnly, 'config.json'))).toBe(false);
  });

  it('an unreadable sandbox data file, and a data directory that cannot be written', async (ctx) => {
    const run = asAnotherUser(ctx);
    const home = openDir();
    const data = join(home, 'data');
    mkdirSync(data);
    chmodSync(data, 0o777);
    writeFileSync(join(data, 'sandbox.jsonl'), HEADER);
    chmodSync(join(data, 'sandbox.jsonl'), 0o000);
    const env = cleanEnv({ HOME: home, MON_DATA_DIR: data, MON_CACHE_DIR: join(home, 'cache') });
    const unreadable = run(['--sandbox', 'runtimes', 'list'], env);
    expect(unreadable.status).toBe(1);
    expect(unreadable.stderr).toBe(
      `error: Cannot read the sandbox data file ${data}/sandbox.jsonl: permission denied.\n` +
        `Make ${data}/sandbox.jsonl readable by you, or use another data file (\`mon sandbox --data FILE\`, or MON_DATA_DIR for \`mon --sandbox\`).\n`,
    );

    const readOnly = join(home, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    const result = run(['--sandbox', 'runtimes', 'list'], { ...env, MON_DATA_DIR: readOnly });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `error: Cannot write in the data directory ${readOnly}: permission denied.\n` +
        `Make ${readOnly} (or the directory it is in) writable by you, or set MON_DATA_DIR to a directory you can write.\n`,
    );
  });
});
