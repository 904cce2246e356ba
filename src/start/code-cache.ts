import { isAscii } from 'node:buffer';
import {
  closeSync,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as VM from 'node:vm';
import { BUILD_KEY, buildKey } from './build';
import { trustedCacheDir } from './cache-dir';
import { readRegular, readWhole, removeFile, removeSealed, seal, unseal, writeSealed } from './sealed';

/*
 * The launch (dist/launch.cjs, loaded by start.ts), the bundle (dist/mon.cjs) and its vendor
 * files (dist/vendor/*.cjs, loaded on first use) are compiled with a V8 code cache, the same
 * way on every Node.js line: with vm.Script and
 * `cachedData` kept in the cache directory, written after the command ran (so it holds every
 * function the command compiled, not only the top level: on Node 22 and 24 this starts
 * `mon incidents --help` ~17% and an API call ~20% sooner than module.enableCompileCache,
 * whose cache holds what was compiled before the code ran).
 *
 * A cache file is named after its file's build (build.ts), Node's version and architecture,
 * the V8 flags and the command. Each way of running a command (its first two words, and
 * whether it prints its help or JSON: `incidents list`, `incidents list --help`, `incidents
 * list --json` run different code) has caches of its own, written after its first run that
 * worked: a cache holds every function the run that wrote it compiled, so one shared by all
 * would grow with each (help, completion, create, ...) and make every start read and
 * deserialize all of it (~1.5 ms more for `incidents list`), and one written by a help would
 * leave the command itself to compile its code at every start. The launch's caches are kept
 * under the command `launch`: one for every command (it runs the same code for each), made and
 * used under V8's default flags.
 *
 * V8 does not check what it is given beyond its length and version: a damaged cache crashes
 * it (a flipped bit did, one time in three). So each file carries its checksum (sealed.ts) and
 * a damaged one is removed, never given to V8; and a run that loaded caches leaves a marker
 * until it ends: one that never ended (a crash, or a kill) has its command's caches removed at
 * the next start, in case one of them was the cause. Any failure to read or write costs speed
 * only.
 */

/** V8's flags: a cache made under other flags is refused by V8, so each state has caches of its own. */
export type Flags = 'default' | 'liftoff';

/** The most Node.js versions (and architectures) whose caches are kept beside this one's. */
export const OTHER_RUNTIMES_KEPT = 3;
/** The most commands whose caches this Node.js keeps of a build (typos are commands too): the least recently written go. */
export const COMMANDS_KEPT = 60;

/** What names a cache after its file's build: the Node.js version and architecture, the flags and the command. */
export function cacheSuffix(flags: Flags, command: string): string {
  return `${process.version}-${process.arch}-${flags}-${command}`;
}

/**
 * A cache file's name: `<base>-<build>-<Node.js version>-<arch>-<flags>-<command>.v8cache`,
 * groups: base, build, runtime (version and architecture), the rest (flags and command).
 */
const CACHE_NAME = new RegExp(
  `^([a-z0-9-]+?)-(${BUILD_KEY})-(v\\d+\\.\\d+\\.\\d+[^-]*-[a-z0-9]+)-((?:default|liftoff)-[a-z][a-z.-]*)\\.v8cache$`,
);

/** Is `file` the name of a code cache mon writes; with `suffix`, of that Node.js, flags and command? */
export function isCacheName(file: string, suffix?: string): boolean {
  const parsed = CACHE_NAME.exec(file);
  return parsed !== null && (suffix === undefined || `${parsed[3]}-${parsed[4]}` === suffix);
}

/** The marker of a run that loaded a command's caches, named after them. */
const markerName = (suffix: string) => `${suffix}.running`;

/** Is the process `pid` still running (or someone else's, which this one may not signal)? */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start: when the last run that loaded this command's caches left its marker and is gone
 * (it crashed, or was killed), those caches are removed (a damaged cache that the checksum
 * missed crashes every start until then). A marker of a run still going is left alone.
 */
export function recoverFromCrash(dir: string, suffix: string): boolean {
  const marker = join(dir, markerName(suffix));
  // The common case, in one system call.
  if (!existsSync(marker)) return false;
  const data = readRegular(marker);
  const pid = Number((data && unseal('run', data))?.toString('latin1'));
  // Not a marker mon wrote whole (the next run that uses a cache writes it again), or one of a run still going.
  if (!Number.isSafeInteger(pid) || pid <= 0 || (pid !== process.pid && isRunning(pid))) return false;
  for (const file of readdirSync(dir)) if (isCacheName(file, suffix)) removeSealed('code', dir, file);
  removeSealed('run', dir, markerName(suffix));
  return true;
}

/** A file handed to V8 without a cache it took, whose cache is to be written after the run. */
export interface Pending {
  script: VM.Script;
  name: string;
  base: string;
  key: string;
}

// Node's own wrapper of a CommonJS file (Module.wrap), without loading node:module (~0.4 ms).
const PREFIX = '(function (exports, require, module, __filename, __dirname) { ';
const SUFFIX = '\n});';

/**
 * A CommonJS file's text, wrapped as Node wraps it, made in one piece: read into a buffer
 * that holds the wrapper too, then made a string once (a wrapper added to the text would be
 * a second copy of it, made when V8 compiles it). The bundle is ASCII (the build checks), and
 * reading it as such is one copy; other text is read as UTF-8. `source`: the file's bytes.
 */
function readWrapped(file: string): { wrapped: string; source: Uint8Array } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = readWhole(fd, size, PREFIX.length, SUFFIX.length);
    if (buffer !== undefined) {
      const source = buffer.subarray(PREFIX.length, PREFIX.length + size);
      if (!isAscii(source)) return { wrapped: `${PREFIX}${source.toString('utf8')}${SUFFIX}`, source };
      buffer.write(PREFIX, 0, 'latin1');
      buffer.write(SUFFIX, PREFIX.length + size, 'latin1');
      return { wrapped: buffer.toString('latin1'), source };
    }
  } finally {
    closeSync(fd);
  }
  // It changed size while it was read (a build writing it): read again, whole.
  const source = readFileSync(file);
  return { wrapped: `${PREFIX}${source.toString('utf8')}${SUFFIX}`, source };
}

/**
 * Loads CommonJS files of dist/ with their code caches, from the trusted cache directory
 * (cache-dir.ts), and gives those they lacked to saveCaches after a run that worked.
 */
export class CodeCache {
  private readonly suffix: string;
  private readonly pending: Pending[] = [];
  private marked = false;

  /** `dir`: the trusted cache directory, or undefined (no caches are read). */
  constructor(
    private readonly dist: string,
    private readonly dir: string | undefined,
    flags: Flags,
    command: string,
  ) {
    this.suffix = cacheSuffix(flags, command);
    if (dir !== undefined) {
      try {
        recoverFromCrash(dir, this.suffix);
      } catch {
        // Unreadable: only costs speed.
      }
    }
  }

  /** Runs the CommonJS file `file` (compiled with its cache) and gives its exports. */
  load(file: string, requireFn: (id: string) => unknown): unknown {
    const vm = process.getBuiltinModule('node:vm');
    const { wrapped, source } = readWrapped(file);
    const base = basename(file, '.cjs');
    const key = buildKey(this.dist, file, source)!;
    const name = `${base}-${key}-${this.suffix}.v8cache`;
    const cachedData = this.read(name);
    const script = new vm.Script(wrapped, { filename: file, cachedData });
    const mod = { exports: {}, filename: file, id: file, loaded: false };
    (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, requireFn, mod, file, dirname(file));
    if (cachedData === undefined || script.cachedDataRejected) this.pending.push({ script, name, base, key });
    return mod.exports;
  }

  /** The files loaded without a cache V8 took, whose caches saveCaches writes. */
  unsaved(): readonly Pending[] {
    return this.pending;
  }

  /** The payload of the cache file `name` when it is whole; a damaged one is removed. Marks the run as using caches. */
  private read(name: string): Buffer | undefined {
    if (this.dir === undefined) return undefined;
    const file = join(this.dir, name);
    const data = readRegular(file, 'code');
    if (data === undefined) return undefined;
    const payload = unseal('code', data);
    if (payload === undefined) {
      // Damaged (or of an earlier format): replaced after this run.
      removeFile(file);
      return undefined;
    }
    this.markRunning();
    return payload;
  }

  /** Before V8 gets a cache: the marker that says a run with this command's caches is going on, removed when it ends. */
  private markRunning(): void {
    if (this.marked || this.dir === undefined) return;
    this.marked = true;
    const marker = join(this.dir, markerName(this.suffix));
    try {
      writeFileSync(marker, seal('run', Buffer.from(String(process.pid))), { mode: 0o600 });
    } catch {
      // A read-only cache: the checksums still keep damaged files from V8.
      return;
    }
    process.once('exit', () => {
      try {
        const data = readRegular(marker);
        // Another run of the same command may have marked it since: its marker stays.
        if (data && unseal('run', data)?.toString('latin1') === String(process.pid)) removeFile(marker);
      } catch {
        // Left behind: the next start removes this command's caches, which only costs speed.
      }
    });
  }
}

/**
 * After the command ran: writes the caches V8 lacked (of every function the run compiled) of
 * the files `caches` loaded, and removes those no longer of use. Only after a run that worked:
 * one that failed (no key yet, a typo in a flag) compiled its error's code, not the command's,
 * which would then be compiled at every start. The start-up (launch.ts) calls it, so that none
 * of it is compiled before a cache is used (start.ts).
 */
export function saveCaches(caches: readonly CodeCache[], env: NodeJS.ProcessEnv = process.env): void {
  const pending = caches.flatMap((cache) => cache.unsaved());
  if (pending.length === 0) return;
  const dir = trustedCacheDir(true, env);
  if (dir === undefined) return;
  for (const { script, name, base, key } of pending) {
    try {
      writeSealed('code', dir, name, script.createCachedData());
      removeStaleCaches(dir, base, key);
    } catch {
      // A read-only or full disk only costs speed.
    }
  }
}

/**
 * After this Node.js wrote a cache of `base`: its caches of earlier builds are of no use any
 * more, and are removed, and of this build it keeps COMMANDS_KEPT commands' at most. Those of
 * other Node.js versions stay (a user who switches with nvm or volta, or a CI matrix sharing a
 * cache, would otherwise recompile at every switch), up to OTHER_RUNTIMES_KEPT of them: beyond,
 * the least recently written go. Only files mon wrote (named so, starting with its marker)
 * are removed.
 */
export function removeStaleCaches(dir: string, base: string, key: string): void {
  const own = `${process.version}-${process.arch}`;
  const current: { file: string; written: number }[] = [];
  const others = new Map<string, { files: string[]; newest: number }>();
  const remove = (file: string) => removeSealed('code', dir, file);
  for (const file of readdirSync(dir)) {
    const parsed = CACHE_NAME.exec(file);
    if (!parsed || parsed[1] !== base) continue;
    const [, , build, runtime] = parsed as unknown as [string, string, string, string];
    let written: number;
    try {
      const stat = lstatSync(join(dir, file));
      if (!stat.isFile()) continue;
      written = stat.mtimeMs;
    } catch {
      continue;
    }
    if (runtime === own) {
      if (build !== key) remove(file);
      else current.push({ file, written });
      continue;
    }
    const entry = others.get(runtime) ?? { files: [], newest: 0 };
    entry.files.push(file);
    entry.newest = Math.max(entry.newest, written);
    others.set(runtime, entry);
  }
  current.sort((a, b) => b.written - a.written);
  for (const { file } of current.slice(COMMANDS_KEPT)) remove(file);
  const byAge = [...others.values()].sort((a, b) => b.newest - a.newest);
  for (const { files } of byAge.slice(OTHER_RUNTIMES_KEPT)) files.forEach(remove);
}
