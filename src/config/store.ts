import { chmodSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '../errors';
import { waitForLock } from '../lock';
import { configFilePath, ensureDir, pathHint, pathProblem, useAnotherDir } from './paths';

/** What a profile stores. The file is `{ "profiles": { "<name>": Profile } }`. */
export interface Profile {
  baseUrl?: string;
  accountId?: string;
  apiKey?: string;
  pingUrl?: string;
  timeout?: number;
}

export const PROFILE_FIELDS = ['baseUrl', 'accountId', 'apiKey', 'pingUrl', 'timeout'] as const;

interface FileContent {
  profiles?: Record<string, Profile>;
  [other: string]: unknown;
}

/**
 * Profiles stored with conf: JSON, mode 0600, written atomically (temp file + rename).
 * A file that cannot be read is never cleared or rewritten: every command that needs it
 * fails with its path and what to do. Writers take a lock file and re-read before writing,
 * so two `mon config set` at once both land.
 */
export class ConfigStore {
  readonly path: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.path = configFilePath(env);
  }

  /** Reads with plain fs: reading needs none of conf's machinery, and stays fast. */
  private read(): FileContent {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      const why = pathProblem(error, this.path);
      if (!why) throw new ConfigError(`Cannot read the config file ${this.path}: ${(error as Error).message}.`);
      throw new ConfigError(
        `Cannot read the config file ${this.path}: ${why}.`,
        pathHint(error, this.path, useAnotherDir('config'), true),
      );
    }
    let content: unknown;
    try {
      content = text.trim() === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw this.corrupt(`it is not valid JSON (${(error as Error).message})`);
    }
    const problem = describeProblem(content);
    if (problem) throw this.corrupt(problem);
    return content as FileContent;
  }

  private corrupt(why: string): ConfigError {
    return new ConfigError(
      `The config file ${this.path} is damaged: ${why}. It was left untouched.`,
      `Fix it by hand, or move it aside (mv '${this.path}' '${this.path}.bak') and run \`mon auth login\` again.`,
    );
  }

  exists(): boolean {
    try {
      readFileSync(this.path);
      return true;
    } catch {
      return false;
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
    const dir = dirname(this.path);
    ensureDir('config', dir);
    const lock = await waitForLock(`${this.path}.lock`, 'mon (writing the config file)', { timeoutMs: 10_000 }).catch(
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
    try {
      const content = this.read();
      const profiles = { ...(content.profiles ?? {}) };
      const next = change({ ...(profiles[name] ?? {}) });
      if (next === undefined) delete profiles[name];
      else profiles[name] = dropEmpty(next);
      const { default: Conf } = await import('conf');
      try {
        const conf = new Conf<FileContent>({
          cwd: dir,
          configName: 'config',
          projectSuffix: '',
          configFileMode: 0o600,
          accessPropertiesByDotNotation: false,
        });
        conf.store = { ...content, profiles };
        // conf creates the file with 0600; an older file may have been created looser.
        chmodSync(this.path, 0o600);
      } catch (error) {
        const why = pathProblem(error, this.path);
        if (!why) throw error;
        // The write is atomic (temporary file, then rename): the file is as it was.
        throw new ConfigError(
          `Cannot write the config file ${this.path}: ${why}. It was left as it was.`,
          pathHint(error, this.path, useAnotherDir('config')),
        );
      }
    } finally {
      lock.release();
    }
  }
}

function dropEmpty(profile: Profile): Profile {
  const out: Profile = {};
  for (const key of PROFILE_FIELDS) {
    const value = profile[key];
    if (value !== undefined && value !== '') (out as Record<string, unknown>)[key] = value;
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
      const expected = key === 'timeout' ? 'number' : 'string';
      if ((PROFILE_FIELDS as readonly string[]).includes(key) && typeof value !== expected) {
        return `profile "${name}" has a ${typeof value} for "${key}" where a ${expected} belongs`;
      }
    }
  }
  return undefined;
}
