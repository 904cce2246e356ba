/**
 * The V8 code cache (src/start/code-cache.ts, in dist/start.cjs) runs only the code of the
 * installed build: it is keyed by the content of each file, kept in a directory only the user
 * can write, checked (a damaged file is never given to V8), and dropped after a run that died
 * with it loaded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { seal, unseal } from '../../src/start/sealed';
import { LARGE } from '../../src/start/word-sum';
import { httpServer, TEST_ACCOUNT, TEST_KEY } from '../helpers';
import { BIN, cleanEnv, collect, fetchedNode, runMon, tempDir } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HELP_LINE = 'The runtimes checks run on: Node.js, stage, packages';
/** A help that loads the bundle every time: with a flag, bin/mon.js does not print it from its output cache. */
const HELP = ['runtimes', '--help', '--no-color'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A copy of the installed package (bin/, dist/, package.json) that a test may change. */
function copyOfMon(): string {
  const app = tempDir('mon-app-');
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, part), join(app, part), { recursive: true });
  return app;
}

/**
 * The code caches in `dir`, by name, each with its inode and its modification time in
 * nanoseconds: a file written again has a new one of both (an inode alone can be the one a
 * removed file freed, which the file system reuses on a busy machine).
 */
function caches(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.v8cache'))
      .map((file) => {
        const stat = statSync(join(dir, file), { bigint: true });
        return [file, `${stat.ino}:${stat.mtimeNs}`];
      }),
  );
}

function runFrom(app: string, args: string[], env: NodeJS.ProcessEnv) {
  return collect(
    spawn(process.execPath, [join(app, 'bin', 'mon.js'), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] }),
  );
}

describe('the code cache', () => {
  it("keeps each Node.js version's files: switching 20 -> 22 -> 20 -> 22 compiles nothing again", async (ctx) => {
    const node22 = fetchedNode('22', ctx);
    if (!node22) return;
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    const run = async (node: string) => {
      const result = await collect(
        spawn(node, [join(ROOT, 'bin', 'mon.js'), ...HELP], { env, stdio: ['pipe', 'pipe', 'pipe'] }),
      );
      expect(result.stdout).toContain(HELP_LINE);
    };
    /** Each cache file with its inode and mtime: a file written again (a recompile) changes both. */
    const files = () =>
      Object.fromEntries(
        readdirSync(dir).map((file) => {
          const stat = statSync(join(dir, file));
          return [file, `${stat.ino}:${stat.mtimeMs}`];
        }),
      );
    const versionOf = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(versionOf(node22)).toMatch(/^v22\./);
    await run(process.execPath);
    await run(node22);
    const both = files();
    const of = (version: string) => Object.keys(both).filter((file) => file.includes(`-${version}-`));
    expect(of(process.version).length).toBeGreaterThan(0);
    expect(of(versionOf(node22)).length).toBeGreaterThan(0);
    await run(process.execPath);
    await run(node22);
    expect(files()).toEqual(both);
  });

  it("removes this Node.js's caches of earlier builds, and keeps those of 3 other Node.js versions at most (the oldest go)", async () => {
    const dir = join(tempDir(), 'cache');
    mkdirSync(dir, { mode: 0o700 });
    const stale = (runtime: string) => `mon-${'0'.repeat(32)}-1-1-${runtime}-default-runtimes.help.v8cache`;
    const own = stale(`${process.version}-${process.arch}`);
    const others = ['v19.0.0', 'v21.0.0', 'v23.0.0', 'v25.0.0'].map((version) => stale(`${version}-${process.arch}`));
    for (const [index, file] of [own, ...others].entries()) {
      writeFileSync(join(dir, file), seal('code', Buffer.from('x')), { mode: 0o600 });
      // v19's is the least recently written.
      utimesSync(join(dir, file), new Date(1_000_000 * (index + 1)), new Date(1_000_000 * (index + 1)));
    }
    const result = await runMon(HELP, { env: cleanEnv({ MON_CACHE_DIR: dir }) });
    expect(result.stdout).toContain(HELP_LINE);
    const left = readdirSync(dir);
    expect(left).not.toContain(own);
    expect(left.filter((file) => others.includes(file))).toEqual(others.slice(1));
    expect(left.some((file) => file.startsWith('mon-') && file.includes(`-${process.version}-`))).toBe(true);
  });

  it("keeps a cache per command and way of running it (help, JSON): another's run writes its own and leaves the first as it was", async () => {
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    const files = () =>
      Object.fromEntries(
        readdirSync(dir).map((file) => [file, `${statSync(join(dir, file)).ino}:${statSync(join(dir, file)).mtimeMs}`]),
      );
    await runMon(HELP, { env });
    const runtimes = files();
    // The bundle's, for the command, and the launch's (src/start/launch.ts), one for every command.
    const [launch, first] = Object.keys(runtimes).sort();
    expect(launch).toMatch(/^launch-[0-9a-f]{32}-.*-default-launch\.v8cache$/);
    expect(first).toMatch(/^mon-[0-9a-f]{32}-.*-default-runtimes\.help\.v8cache$/);
    expect(Object.keys(runtimes)).toHaveLength(2);
    const named = (command: string) => first!.replace('-runtimes.help.', `-${command}.`);
    await runMon(['config', 'path'], { env });
    await runMon(['config', 'path', '--help', '--no-color'], { env });
    await runMon(['api', '--help', '--no-color'], { env });
    await runMon(['config', 'list', '--json'], { env });
    const after = files();
    expect(Object.keys(after).sort()).toEqual(
      [launch, first, ...['config.path', 'config.path.help', 'api.help', 'config.list.json'].map(named)].sort(),
    );
    expect(after).toMatchObject(runtimes);
    await runMon(HELP, { env });
    await runMon(['config', 'path'], { env });
    expect(files()).toEqual(after);
  });

  it('keeps the caches of 60 commands of a build at most: the least recently written go', async () => {
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    await runMon(HELP, { env });
    const commands = () => readdirSync(dir).filter((file) => file.startsWith('mon-'));
    const [own] = commands();
    const old = Array.from({ length: 60 }, (_, n) =>
      own!.replace(
        '-runtimes.help.',
        `-command${String.fromCharCode(97 + (n % 26))}${'x'.repeat(Math.floor(n / 26))}.`,
      ),
    );
    old.forEach((file, n) => {
      writeFileSync(join(dir, file), seal('code', Buffer.from('x')), { mode: 0o600 });
      utimesSync(join(dir, file), new Date(1_000_000 * (n + 1)), new Date(1_000_000 * (n + 1)));
    });
    await runMon(['config', 'path'], { env });
    const left = commands();
    expect(left).toHaveLength(60);
    expect(left).not.toContain(old[0]);
    expect(left).not.toContain(old[1]);
    expect(left).toContain(old[2]);
    expect(left).toContain(own);
  });

  it('is keyed by content: a new build of the same size and mtime runs its own code, not the cached one', async () => {
    const app = copyOfMon();
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const bundle = join(app, 'dist', 'mon.cjs');
    // npm gives every file it installs this mtime.
    const npmTime = new Date('1985-10-26T08:15:00Z');
    utimesSync(bundle, npmTime, npmTime);
    const before = await runFrom(app, HELP, env);
    expect(before.stdout).toContain(HELP_LINE);
    expect(filesUnder(env.MON_CACHE_DIR!).length).toBeGreaterThan(0);

    // The next version, installed over it: one string changed, same length, and npm gives
    // every file the same mtime. Its build lists the new content's hash, as every build does.
    const { size } = statSync(bundle);
    const changed = HELP_LINE.toUpperCase();
    const source = readFileSync(bundle, 'utf8');
    expect(source.split(HELP_LINE)).toHaveLength(2);
    writeFileSync(bundle, source.replace(HELP_LINE, changed));
    utimesSync(bundle, npmTime, npmTime);
    expect(statSync(bundle)).toMatchObject({ size, mtimeMs: npmTime.getTime() });
    const list = join(app, 'dist', 'sha256.json');
    const hashes = (existsSync(list) ? JSON.parse(readFileSync(list, 'utf8')) : {}) as Record<string, string>;
    hashes['mon.cjs'] = createHash('sha256').update(readFileSync(bundle)).digest('hex');
    writeFileSync(list, JSON.stringify(hashes));

    const after = await runFrom(app, HELP, env);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(changed);
    expect(after.stdout).not.toContain(HELP_LINE);
  });

  it('is kept in a directory only the user can read and write (0700)', async () => {
    const dir = join(tempDir(), 'nested', 'cache');
    const result = await runMon(HELP, { env: cleanEnv({ MON_CACHE_DIR: dir }) });
    expect(result.code).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(filesUnder(dir).length).toBeGreaterThan(0);
  });

  it('is not used in a directory others can write to: mon runs, without a cache', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    for (let run = 0; run < 2; run++) {
      const result = await runMon(HELP, { env });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain(HELP_LINE);
    }
    chmodSync(dir, 0o775);
    expect((await runMon(HELP, { env })).code).toBe(0);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('is not used in a directory that belongs to another user', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip('needs root, to give the directory to another user');
    const dir = tempDir();
    chmodSync(dir, 0o755);
    chownSync(dir, 65534, 65534);
    // Even one with a cache in it, as the other user might leave: it is not read, nor replaced.
    mkdirSync(join(dir, 'compile-cache-default'));
    writeFileSync(join(dir, 'planted.v8cache'), 'not code');
    const result = await runMon(HELP, { env: cleanEnv({ MON_CACHE_DIR: dir }) });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(HELP_LINE);
    expect(filesUnder(dir)).toEqual([join(dir, 'planted.v8cache')]);
    expect(readdirSync(join(dir, 'compile-cache-default'))).toEqual([]);
  });

  it('runs mon whatever the cache directory is (a file, under a file): it only costs speed', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    for (const dir of [file, join(file, 'cache')]) {
      const result = await runMon(HELP, { env: cleanEnv({ MON_CACHE_DIR: dir }) });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain(HELP_LINE);
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('the code cache on first use', () => {
  it('is written on first use, and a corrupt or foreign cache is ignored and replaced', async () => {
    // A cache of its own: the rest of the suite shares one (see harness.ts).
    const env = cleanEnv({ MON_CACHE_DIR: join(tempDir(), 'cache') });
    const first = await runMon(HELP, { env });
    expect(first.code).toBe(0);
    const files = filesUnder(env.MON_CACHE_DIR!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) writeFileSync(file, Buffer.alloc(statSync(file).size, 0x5a));
    const second = await runMon(HELP, { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
  });

  it("is written only after a run that worked: a first run that failed leaves the command's cache to the next", async () => {
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    const failed = await runMon(['config', 'path', '--bogus'], { env });
    expect(failed.code).toBe(2);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    const worked = await runMon(['config', 'path'], { env });
    expect(worked.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/^launch-.*-default-launch\.v8cache$/),
      expect.stringMatching(/^mon-.*-default-config\.path\.v8cache$/),
    ]);
  });

  it('a cache with any one bit flipped is never given to V8: mon runs as usual, and the file is written again', async () => {
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    const first = await runMon(HELP, { env });
    expect(first.code).toBe(0);
    // The launch's cache and the bundle's: each is given to V8.
    const goods = Object.keys(caches(dir)).map((name) => ({
      file: join(dir, name),
      good: readFileSync(join(dir, name)),
    }));
    expect(goods).toHaveLength(2);
    // V8 checks none of its payload: flipped, one time in three it crashed at every start (SIGSEGV, a fatal error).
    const header = 36;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...goods).chain(({ file, good }) =>
          fc.record({
            file: fc.constant(file),
            good: fc.constant(good),
            bit: fc.oneof(
              fc.integer({ min: 0, max: header * 8 - 1 }),
              fc.integer({ min: header * 8, max: good.length * 8 - 1 }),
            ),
          }),
        ),
        async ({ file, good, bit }) => {
          const damaged = Buffer.from(good);
          damaged[bit >> 3]! ^= 1 << (bit & 7);
          writeFileSync(file, damaged);
          const result = await runMon(HELP, { env });
          expect(result, `${file}, bit ${bit}`).toEqual(first);
          const written = readFileSync(file);
          expect(written.equals(damaged), `${file}, bit ${bit}`).toBe(false);
          expect(unseal('code', written), `${file}, bit ${bit}`).toBeDefined();
        },
      ),
      { numRuns: 24, seed: 20261127 },
    );
  }, 120_000);

  it('is checked by the same sum without WebAssembly (node --jitless): the next run uses the file as written', async () => {
    const dir = join(tempDir(), 'cache');
    const env = cleanEnv({ MON_CACHE_DIR: dir });
    const run = () =>
      collect(spawn(process.execPath, ['--jitless', BIN, ...HELP], { env, stdio: ['pipe', 'pipe', 'pipe'] }));
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(HELP_LINE);
    const written = caches(dir);
    const names = Object.keys(written).sort();
    expect(names).toEqual([
      expect.stringMatching(/^launch-.*-default-launch\.v8cache$/),
      expect.stringMatching(/^mon-.*-runtimes\.help\.v8cache$/),
    ]);
    // Summed in JavaScript by that run; checked here by WebAssembly (sealed.ts: a code cache at any size).
    const payloads = names.map((name) => unseal('code', readFileSync(join(dir, name))));
    expect(payloads[0]?.length).toBeGreaterThan(0);
    expect(payloads[1]?.length).toBeGreaterThan(LARGE);
    const second = await run();
    expect(second).toEqual(first);
    expect(caches(dir)).toEqual(written);
  });

  it('a run that dies with its caches loaded (kill -9 here; a crash) has them removed at the next start, which caches afresh', async () => {
    const dir = join(tempDir(), 'cache');
    const held: ServerResponse[] = [];
    let arrived: () => void = () => {};
    const server = await httpServer((_req, res) => {
      if (held.length === 0 && hang) {
        held.push(res);
        arrived();
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    let hang = false;
    onTestFinished(async () => {
      held.forEach((res) => res.destroy());
      await server.close();
    });
    const env = cleanEnv({
      MON_CACHE_DIR: dir,
      MON_BASE_URL: server.url,
      MON_API_KEY: TEST_KEY,
      MON_ACCOUNT_ID: TEST_ACCOUNT,
    });
    const API = ['api', '/v1/runtimes'];
    expect((await runMon(API, { env })).code).toBe(0);
    // Run again, so that this run loads the caches the first one wrote.
    expect((await runMon(API, { env })).code).toBe(0);
    const before = caches(dir);
    expect(Object.keys(before).some((name) => name.startsWith('launch-'))).toBe(true);
    expect(Object.keys(before).some((name) => name.startsWith('mon-'))).toBe(true);
    const marker = readdirSync(dir).filter((file) => file.endsWith('.running'));
    expect(marker).toEqual([]);

    hang = true;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const child = spawn(process.execPath, [BIN, ...API], { env, stdio: 'ignore' });
    const ended = new Promise((resolve) => child.on('exit', resolve));
    await asked;
    // One marker for the command's caches, one for the launch's (src/start/launch.ts).
    expect(
      readdirSync(dir)
        .filter((file) => file.endsWith('.running'))
        .map((file) => file.replace(/^.*-default-/, ''))
        .sort(),
    ).toEqual(['api.running', 'launch.running']);
    child.kill('SIGKILL');
    await ended;
    hang = false;

    const next = await runMon(API, { env });
    expect(next).toMatchObject({ code: 0, stderr: '' });
    const after = caches(dir);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const name of Object.keys(before)) expect(after[name], name).not.toBe(before[name]);
    expect(readdirSync(dir).filter((file) => file.endsWith('.running'))).toEqual([]);
    // And the run after that uses them again: nothing is written.
    await runMon(API, { env });
    expect(caches(dir)).toEqual(after);
  });

  it('is optional: an unwritable cache directory costs speed, not correctness', async () => {
    // Under a regular file: no directory can be made there, whoever runs the test.
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const env = cleanEnv({ MON_CACHE_DIR: join(blocker, 'cache') });
    const result = await runMon(HELP, { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: mon runtimes');
    expect(result.stderr).toBe('');
  });
});
