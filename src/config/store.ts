import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ConfigError, UsageError } from '../errors';
import { FileTooLargeError, NotAFileError, readOwnFile, writeTarget } from './files';
import { waitForLock, type HeldLock } from '../lock';
import { copyKeptNumbers, parseJson, stringifyJson } from '../text/json';
import {
  configFilePath,
  dirSource,
  ensureDir,
  NoHomeError,
  looseDirectory,
  ownedByAnother,
  pathHint,
  pathProblem,
  useAnotherDir,
} from './paths';

/** A message template as the file stores it: the text of an incident update, and perhaps its status (core/templates.ts is all else about templates). */
export interface Template {
  message: string;
  status?: string;
}

/**
 * What a profile stores, under the names users type (`mon config set base-url ...`). The file
 * is `{ "profiles": { "<name>": Profile } }`. Keys mon does not know are kept as they are.
 */
export interface Profile {
  'base-url'?: string;
  account?: string;
  'api-key'?: string;
  'ping-url'?: string;
  timeout?: number;
  accessible?: boolean;
  templates?: Record<string, Template>;
  [other: string]: unknown;
}

/** How earlier versions of mon spelled a profile's keys: read, and rewritten under today's name at the next write. */
const EARLIER_SPELLINGS: Record<string, string> = {
  baseUrl: 'base-url',
  accountId: 'account',
  apiKey: 'api-key',
  pingUrl: 'ping-url',
};

/** The type each known key must have in the file. */
const KEY_TYPES: Record<string, 'string' | 'number' | 'boolean' | 'templates'> = {
  'base-url': 'string',
  account: 'string',
  'api-key': 'string',
  'ping-url': 'string',
  timeout: 'number',
  accessible: 'boolean',
  templates: 'templates',
  ...Object.fromEntries(Object.keys(EARLIER_SPELLINGS).map((old) => [old, 'string'])),
};

/** The most mon reads of its config file: profiles and templates take a few KiB. */
export const CONFIG_MAX_BYTES = 4 * 1024 * 1024;

interface FileContent {
  profiles?: Record<string, Profile>;
  [other: string]: unknown;
}

/**
 * Profiles stored with conf: JSON, mode 0600, written in a staging directory, read back whole, then renamed over the file.
 * A file that cannot be read is never cleared or rewritten: every command that needs it
 * fails with its path and what to do. Writers take a lock file and re-read before writing,
 * so two `mon config set` at once both land. An empty file is an empty config, read or
 * written. A file owned by another user is neither read nor written (as ssh does with its
 * files): its owner could read the key written into it, or choose where the key is sent.
 */
export class ConfigStore {
  private warned = false;
  private where: string | undefined;

  /** `warn`: told once (a warning's text, no newline) when the config directory is writable by other users. */
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly warn: (line: string) => void = () => {},
  ) {}

  /** The config file; NoHomeError when nothing says where the config directory is (no HOME, no MON_CONFIG_DIR...). */
  get path(): string {
    return (this.where ??= configFilePath(this.env));
  }

  /** Reads with plain fs: reading needs none of conf's machinery, and stays fast. */
  private read(): FileContent {
    // Nowhere to look (no home directory): no file, as for a new user; writing says what to set.
    if (!this.located()) return {};
    this.checkOwnership();
    let text: string | undefined;
    try {
      text = readOwnFile(this.path, CONFIG_MAX_BYTES);
    } catch (error) {
      if (error instanceof NotAFileError) throw this.notAFile(error);
      if (error instanceof FileTooLargeError) {
        throw new ConfigError(
          `The config file ${this.path} is larger than ${CONFIG_MAX_BYTES / 1024 / 1024} MiB, the most mon reads of it: it was left untouched.`,
          `Check that it is mon's (a few profiles take a few KiB); move it aside, or set MON_CONFIG_DIR to a directory of your own.`,
        );
      }
      const why = pathProblem(error, this.path);
      if (!why) throw new ConfigError(`Cannot read the config file ${this.path}: ${(error as Error).message}.`);
      throw new ConfigError(
        `Cannot read the config file ${this.path}: ${why}.`,
        pathHint(error, this.path, useAnotherDir('config'), true),
      );
    }
    if (text === undefined) return {};
    let content: unknown;
    try {
      content = parseText(text);
    } catch (error) {
      throw this.corrupt(`it is not valid JSON (${(error as Error).message})`);
    }
    const problem = describeProblem(content);
    if (problem) throw this.corrupt(problem);
    const file = content as FileContent;
    if (!file.profiles) return file;
    return copied(file, {
      ...file,
      profiles: Object.fromEntries(Object.entries(file.profiles).map(([name, profile]) => [name, respelled(profile)])),
    });
  }

  /**
   * The file owned by another user is refused, with how to fix it; a directory that other
   * users can write (where they could put a file of their own) is warned about, once.
   */
  private checkOwnership(): void {
    const owner = ownedByAnother(this.path);
    if (owner !== undefined) {
      throw new ConfigError(
        `The config file ${this.path} belongs to another user (uid ${owner}): mon neither reads nor writes it, since that user could read the API key stored in it or change where it is sent.`,
        `If it is yours, take it back (chown "$(id -u)" '${this.path}'); otherwise move it aside, or set MON_CONFIG_DIR to a directory of your own.`,
      );
    }
    const loose = this.warned ? undefined : looseDirectory(dirname(this.path));
    if (loose) {
      this.warned = true;
      const dir = dirname(this.path);
      this.warn(
        `the config directory ${dir} ${loose}: other users could put a config.json of their own there, or replace yours. Make it yours alone (chmod 700 '${dir}'), or set MON_CONFIG_DIR to a directory of your own.`,
      );
    }
  }

  /** A device, a FIFO or a socket where the config file should be: exit 2, naming it and the variable that put it there. */
  private notAFile(error: NotAFileError): UsageError {
    return new UsageError(
      `The config file ${this.path} (from ${dirSource('config', this.env)}) is ${error.kind}, not a regular file: mon neither reads it nor replaces it.`,
      `Move it aside, or set MON_CONFIG_DIR to a directory of your own.`,
    );
  }

  private corrupt(why: string): ConfigError {
    return new ConfigError(
      `The config file ${this.path} is damaged: ${why}. It was left untouched.`,
      (next) =>
        `Fix it by hand, or move it aside (mv '${this.path}' '${this.path}.bak') and run ${next('auth login')} again.`,
    );
  }

  /** Whether the config file's place is known (else NoHomeError: nothing says where it is). */
  private located(): boolean {
    try {
      return this.path !== '';
    } catch (error) {
      if (error instanceof NoHomeError) return false;
      throw error;
    }
  }

  profiles(): Record<string, Profile> {
    return this.read().profiles ?? {};
  }

  profile(name: string): Profile | undefined {
    const profiles = this.profiles();
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  /**
   * Change one profile under the lock. `change` gets a copy of the stored profile ({} when
   * new) and returns the new one, or undefined to delete the profile.
   */
  async updateProfile(name: string, change: (current: Profile) => Profile | undefined): Promise<void> {
    ensureDir('config', dirname(this.path));
    // Loaded before the lock is taken: the lock is held for the write alone.
    const Conf = await loadConf(dirname(this.path));
    const lock = await this.lock();
    try {
      const content = this.read();
      const profiles = { ...(content.profiles ?? {}) };
      const stored = profiles[name] ?? {};
      const next = change(copied(stored, { ...stored }));
      if (next === undefined) delete profiles[name];
      else profiles[name] = copied(stored, dropEmpty(next));
      this.write(Conf, copied(content, { ...content, profiles }));
    } finally {
      lock.release();
    }
  }

  /**
   * Removes what writes killed before their end left beside the file (their staging
   * directories hold a copy of the key), under the lock; nothing when the directory does
   * not exist. Every write does it too.
   */
  async sweep(): Promise<void> {
    if (!this.located() || !existsSync(dirname(this.path))) return;
    const lock = await this.lock();
    try {
      this.removeLeftovers();
    } finally {
      lock.release();
    }
  }

  private async lock(): Promise<HeldLock> {
    const dir = dirname(this.path);
    return waitForLock(`${this.path}.lock`, 'mon (writing the config file)', { timeoutMs: 10_000 }).catch(
      (error: Error & { heldBy?: { pid: number } }) => {
        // The lock file could not be made at all: the directory is the problem, not another mon.
        const why = pathProblem(error, dir);
        if (why) {
          throw new ConfigError(
            `Cannot write in the config directory ${dir}: ${why}.`,
            pathHint(error, dir, useAnotherDir('config')),
          );
        }
        throw new ConfigError(
          `The config file ${this.path} is locked by another mon process (pid ${error.heldBy?.pid ?? '?'}).`,
          `If no mon command is running, remove ${this.path}.lock and try again.`,
        );
      },
    );
  }

  /**
   * The staging directories of writes that did not finish (only the lock's holder makes one,
   * so under the lock every other one is a leftover), and the lock's temporary files older
   * than a write takes (a live one exists for an instant). Beside the file and beside the
   * file its symlink points to.
   */
  private removeLeftovers(): void {
    const lockTemp = `${basename(this.path)}.lock.`;
    for (const dir of new Set([dirname(this.path), dirname(this.target())])) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const entry of names) {
        const path = join(dir, entry);
        try {
          if (STAGING.test(entry)) rmSync(path, { recursive: true, force: true });
          else if (entry.startsWith(lockTemp) && Date.now() - statSync(path).mtimeMs > LEFTOVER_AGE_MS) rmSync(path);
        } catch {
          // Gone meanwhile, or not ours to remove: the next write tries again.
        }
      }
    }
  }

  /** Where a write lands: the file, or the file its symlink points to (the link stays). */
  private target(): string {
    try {
      return writeTarget(this.path);
    } catch (error) {
      if (error instanceof NotAFileError) throw this.notAFile(error);
      throw error;
    }
  }

  /**
   * `file` written with conf, in a staging directory beside the file it replaces, read back
   * whole, then renamed over it: conf's atomic write ignores a short write (a full disk, a
   * file size limit), and would rename a cut-off file over the profiles. A symlinked config
   * file is written through: the file it points to is replaced, in its own directory.
   */
  private write(Conf: ConfClass, file: FileContent): void {
    this.removeLeftovers();
    const target = this.target();
    const staging = join(dirname(target), `.config-${process.pid}.staging`);
    try {
      const conf = new Conf<FileContent>({
        cwd: staging,
        configName: 'config',
        projectSuffix: '',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        // The same reading as ours (an empty file is {}), and numbers written back as they were.
        deserialize: parseText as (text: string) => FileContent,
        serialize: (value) => stringifyJson(value, '\t'),
      });
      conf.store = file;
      const written = join(staging, 'config.json');
      if (readFileSync(written, 'utf8') !== stringifyJson(file, '\t')) {
        throw Object.assign(new Error('the file was not written whole'), { code: 'EFBIG', path: this.path });
      }
      // conf creates the file with 0600; an older file may have been created looser.
      chmodSync(written, 0o600);
      renameSync(written, target);
    } catch (error) {
      const why = pathProblem(error, this.path);
      if (!why) throw error;
      // Nothing replaced the file: it is as it was.
      throw new ConfigError(
        `Cannot write the config file ${this.path}: ${why}. It was left as it was.`,
        pathHint(error, this.path, useAnotherDir('config')),
      );
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
}

type ConfClass = Awaited<ReturnType<typeof loadConf>>;

/** A staging directory of a config write (`.config-PID.staging`). */
const STAGING = /^\.config-\d+\.staging$/;

/** A lock's temporary file older than this is a leftover: a live one exists for an instant. */
const LEFTOVER_AGE_MS = 10_000;

/**
 * conf. Its env-paths asks node:os for the home directory as it loads (a path mon never uses:
 * it gives conf its directory), which throws for a user without one (no HOME, no entry in the
 * password database): HOME names the config directory while it loads.
 */
async function loadConf(dir: string) {
  if (process.env.HOME) return (await import('conf')).default;
  process.env.HOME = dir;
  try {
    return (await import('conf')).default;
  } finally {
    delete process.env.HOME;
  }
}

/** `copy` of `source`, keeping the numbers they share as the file wrote them (a big integer stays whole). */
function copied<T extends object>(source: object, copy: T): T {
  copyKeptNumbers(source, copy);
  return copy;
}

/** The file's JSON; an empty file is an empty config. */
function parseText(text: string): unknown {
  return text.trim() === '' ? {} : parseJson(text);
}

/** Empty values are dropped; everything else is kept, keys mon does not know included. */
function dropEmpty(profile: Profile): Profile {
  return Object.fromEntries(
    Object.entries(profile).filter(([, value]) => value !== undefined && value !== ''),
  ) as Profile;
}

/** A profile with today's key names: an earlier spelling's value moves to today's name unless that has one already. */
function respelled(profile: Profile): Profile {
  const out: Profile = copied(profile, { ...profile });
  for (const [old, name] of Object.entries(EARLIER_SPELLINGS)) {
    if (!Object.hasOwn(out, old)) continue;
    if (out[name] === undefined) out[name] = out[old];
    // Both spellings with different values (an older mon wrote after a newer one): keep both.
    if (out[name] === out[old]) delete out[old];
  }
  return out;
}

/** A short description of what is wrong with the parsed file, or undefined when it is fine. */
function describeProblem(content: unknown): string | undefined {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return 'the top level is not a JSON object';
  }
  const profiles = (content as FileContent).profiles;
  if (profiles === undefined) return undefined;
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) {
    return '"profiles" is not an object';
  }
  for (const [name, profile] of Object.entries(profiles)) {
    if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) {
      return `profile "${name}" is not an object`;
    }
    for (const [key, value] of Object.entries(profile)) {
      const expected = Object.hasOwn(KEY_TYPES, key) ? KEY_TYPES[key] : undefined;
      if (expected === 'templates') {
        const bad = templateProblem(value);
        if (bad) return `profile "${name}" has ${bad}`;
      } else if (expected && typeof value !== expected) {
        return `profile "${name}" has a ${typeof value} for "${key}" where a ${expected} belongs`;
      }
    }
  }
  return undefined;
}

function templateProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '"templates" that is not an object';
  for (const [name, template] of Object.entries(value)) {
    const { message, status } = (template ?? {}) as Partial<Template>;
    if (typeof message !== 'string' || (status !== undefined && typeof status !== 'string')) {
      return `a template "${name}" without a text "message"`;
    }
  }
  return undefined;
}
