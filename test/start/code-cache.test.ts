/**
 * The V8 code cache of the start-up (src/start/code-cache.ts), in process: a file of dist/ is
 * run with its cache, the cache written after a run, a damaged one removed and never given to
 * V8, the caches of a run that never ended removed, and only files mon wrote ever removed.
 * The real start-up, in processes of its own: test/e2e/code-cache.test.ts.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheSuffix,
  CodeCache,
  COMMANDS_KEPT,
  isCacheName,
  recoverFromCrash,
  removeStaleCaches,
  saveCaches,
} from '../../src/start/code-cache';
import { seal, unseal } from '../../src/start/sealed';

const BUILD = `${'0123456789abcdef'.repeat(2)}-1000-2000`;
const OTHER_BUILD = `${'f'.repeat(32)}-1000-2000`;
const RUNTIME = `${process.version}-${process.arch}`;
const name = (build: string, command: string, runtime = RUNTIME, base = 'mon') =>
  `${base}-${build}-${runtime}-default-${command}.v8cache`;

/** A cache directory (0700) and a dist/ with one CommonJS file. */
function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'mon-code-cache-'));
  const dir = join(root, 'cache');
  mkdirSync(dir, { mode: 0o700 });
  const dist = join(root, 'dist');
  mkdirSync(dist);
  const file = join(dist, 'mon.cjs');
  writeFileSync(file, 'exports.answer = function answer() { return [1, 2, 3].map((n) => n * 14).join(); };');
  return { dir, dist, file, env: { MON_CACHE_DIR: dir } };
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.v8cache'));

/** Loads the file as the start-up does, runs it, and saves its cache as after a run that worked. */
function run(setup: ReturnType<typeof setUp>, command = 'runtimes.help') {
  const cache = new CodeCache(setup.dist, setup.dir, 'default', command);
  const exports = cache.load(setup.file, () => undefined) as { answer: () => string };
  expect(exports.answer()).toBe('14,28,42');
  saveCaches([cache], setup.env);
  return cache;
}

/** A process that has ended: its pid names no running process (a crashed run's). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('names', () => {
  it("are a file's base, its build, the Node.js version and architecture, the flags and the command", () => {
    expect(isCacheName(name(BUILD, 'incidents.list.json'))).toBe(true);
    expect(isCacheName(name(BUILD, 'mon', 'v22.1.0-arm64', 'cli-table3'))).toBe(true);
    expect(isCacheName(name(BUILD, 'runtimes.help'), cacheSuffix('default', 'runtimes.help'))).toBe(true);
    expect(isCacheName(name(BUILD, 'runtimes.help'), cacheSuffix('default', 'runtimes'))).toBe(false);
    for (const other of [
      name(BUILD, 'runtimes') + '.tmp',
      `x${name(BUILD, 'runtimes')}`.replace('xmon-', 'x y-'),
      name(BUILD.slice(1), 'runtimes'),
      name(BUILD, 'runtimes').replace('-default-', '-other-'),
      name(BUILD, 'Runtimes'),
      'mon.v8cache',
      'notes.txt',
    ])
      expect(isCacheName(other), other).toBe(false);
  });
});

describe('a file run with its cache', () => {
  it('runs as Node runs a CommonJS file: text past ASCII read as UTF-8, a last line that is a comment, its build named by its SHA-256', () => {
    // The same program twice: once as ASCII with escapes, once with the characters themselves (UTF-8).
    const text =
      "exports.answer = () => '\\u2713 caf\\u00e9 ' + __filename.endsWith('mon.cjs');\n// the end, without a newline";
    for (const source of [text, text.replace(/\\u2713 caf\\u00e9/, '\u2713 caf\u00e9')]) {
      const setup = setUp();
      writeFileSync(setup.file, source);
      const cache = new CodeCache(setup.dist, setup.dir, 'default', 'runtimes');
      const exports = cache.load(setup.file, () => undefined) as { answer: () => string };
      expect(exports.answer()).toBe('\u2713 caf\u00e9 true');
      saveCaches([cache], setup.env);
      const sha = createHash('sha256').update(source).digest('hex');
      expect(cacheFiles(setup.dir)).toEqual([expect.stringContaining(`mon-${sha.slice(0, 32)}-`)]);
    }
  });

  it("runs, and is cached after the run (sealed, 0600) under its build's name; the next run uses the cache and writes nothing", () => {
    const setup = setUp();
    run(setup);
    const [file] = cacheFiles(setup.dir);
    expect(file).toMatch(
      new RegExp(`^mon-[0-9a-f]{32}-\\d+-\\d+-${cacheSuffix('default', 'runtimes.help')}\\.v8cache$`),
    );
    const written = statSync(join(setup.dir, file!));
    expect(written.mode & 0o777).toBe(0o600);
    expect(unseal('code', readFileSync(join(setup.dir, file!)))).toBeDefined();
    run(setup);
    expect(statSync(join(setup.dir, file!))).toMatchObject({ ino: written.ino, mtimeMs: written.mtimeMs });
  });

  it('a damaged cache (any flipped bit, a foreign file) is removed, never given to V8, and written again after the run', () => {
    const setup = setUp();
    run(setup);
    const [file] = cacheFiles(setup.dir);
    const path = join(setup.dir, file!);
    const good = readFileSync(path);
    for (const damaged of [
      Buffer.from(good).fill(0x5a),
      Buffer.concat([good.subarray(0, 40), Buffer.from([good[40]! ^ 0x10]), good.subarray(41)]),
      good.subarray(0, good.length - 1),
      good.subarray(30),
    ]) {
      writeFileSync(path, damaged);
      const cache = new CodeCache(setup.dist, setup.dir, 'default', 'runtimes.help');
      cache.load(setup.file, () => undefined);
      expect(existsSync(path)).toBe(false);
      saveCaches([cache], setup.env);
      expect(unseal('code', readFileSync(path))).toBeDefined();
    }
  });

  it('is marked as running while a cache is in use, and the mark goes when the run ends', () => {
    const setup = setUp();
    run(setup);
    const marker = join(setup.dir, `${cacheSuffix('default', 'runtimes.help')}.running`);
    expect(existsSync(marker)).toBe(false);
    run(setup);
    // This test's process is the run: its pid, until it ends (the 'exit' of the process removes it).
    expect(unseal('run', readFileSync(marker))?.toString()).toBe(String(process.pid));
  });
});

describe('a run that never ended', () => {
  it("has its command's caches removed at the next start, and only those (not another command's, nor what mon did not write)", async () => {
    const setup = setUp();
    run(setup, 'runtimes.help');
    run(setup, 'config.path');
    const suffix = cacheSuffix('default', 'runtimes.help');
    const foreign = name(OTHER_BUILD, 'runtimes.help');
    writeFileSync(join(setup.dir, foreign), 'not written by mon');
    writeFileSync(join(setup.dir, `${suffix}.running`), seal('run', Buffer.from(String(await endedPid()))));
    const before = cacheFiles(setup.dir);
    expect(recoverFromCrash(setup.dir, suffix)).toBe(true);
    expect(cacheFiles(setup.dir).sort()).toEqual(
      before.filter((file) => !file.endsWith(`${suffix}.v8cache`) || file === foreign).sort(),
    );
    expect(existsSync(join(setup.dir, `${suffix}.running`))).toBe(false);
    // The next run compiles afresh and caches again.
    run(setup, 'runtimes.help');
    expect(cacheFiles(setup.dir).filter((file) => file.endsWith(`${suffix}.v8cache`))).toHaveLength(2);
  });

  it('the marker of a run still going is left, with its caches; so is a marker mon did not write whole, until the next run replaces it', () => {
    const setup = setUp();
    run(setup);
    const suffix = cacheSuffix('default', 'runtimes.help');
    const marker = join(setup.dir, `${suffix}.running`);
    writeFileSync(marker, seal('run', Buffer.from(String(process.ppid))));
    expect(recoverFromCrash(setup.dir, suffix)).toBe(false);
    expect(cacheFiles(setup.dir)).toHaveLength(1);
    writeFileSync(marker, 'half a marker');
    expect(recoverFromCrash(setup.dir, suffix)).toBe(false);
    expect(cacheFiles(setup.dir)).toHaveLength(1);
    run(setup);
    expect(unseal('run', readFileSync(marker))?.toString()).toBe(String(process.pid));
  });
});

describe('stale caches', () => {
  /** A cache file as mon writes it, written `age` seconds after the epoch. */
  function cacheFile(dir: string, file: string, age: number, content: Buffer = seal('code', Buffer.from('code'))) {
    writeFileSync(join(dir, file), content);
    utimesSync(join(dir, file), age, age);
  }

  it("removes this Node.js's caches of other builds, and keeps those of 3 other Node.js versions at most (the least recently written go)", () => {
    const { dir } = setUp();
    const others = ['v19.0.0', 'v21.0.0', 'v23.0.0', 'v25.0.0'].map((version) =>
      name(BUILD, 'runtimes', `${version}-${process.arch}`),
    );
    others.forEach((file, index) => cacheFile(dir, file, 1000 * (index + 1)));
    cacheFile(dir, name(OTHER_BUILD, 'runtimes'), 1000);
    cacheFile(dir, name(BUILD, 'runtimes'), 1000);
    cacheFile(dir, name(OTHER_BUILD, 'runtimes', RUNTIME, 'zod'), 1000);
    removeStaleCaches(dir, 'mon', BUILD);
    expect(cacheFiles(dir).sort()).toEqual(
      [...others.slice(1), name(BUILD, 'runtimes'), name(OTHER_BUILD, 'runtimes', RUNTIME, 'zod')].sort(),
    );
  });

  it(`keeps the caches of ${COMMANDS_KEPT} commands of a build at most: the least recently written go`, () => {
    const { dir } = setUp();
    const commands = Array.from({ length: COMMANDS_KEPT + 2 }, (_, n) => name(BUILD, `command${'x'.repeat(n)}`));
    commands.forEach((file, n) => cacheFile(dir, file, 1000 * (n + 1)));
    removeStaleCaches(dir, 'mon', BUILD);
    expect(cacheFiles(dir).sort()).toEqual(commands.slice(2).sort());
  });

  it('never removes what mon did not write: a file so named without its header, a link named so (nor what it leads to)', () => {
    const { dir } = setUp();
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'mon-elsewhere-')), 'precious');
    writeFileSync(elsewhere, seal('code', Buffer.from('code')));
    cacheFile(dir, name(OTHER_BUILD, 'runtimes'), 1000, Buffer.from('somebody else wrote this'));
    symlinkSync(elsewhere, join(dir, name(OTHER_BUILD, 'config')));
    cacheFile(dir, name(OTHER_BUILD, 'status'), 1000);
    removeStaleCaches(dir, 'mon', BUILD);
    expect(cacheFiles(dir).sort()).toEqual([name(OTHER_BUILD, 'config'), name(OTHER_BUILD, 'runtimes')].sort());
    expect(readFileSync(elsewhere)).toEqual(seal('code', Buffer.from('code')));
  });
});
