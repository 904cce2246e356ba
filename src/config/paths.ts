import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CliError } from '../errors';
import { codeWords } from '../text/codes';

type Kind = 'config' | 'data' | 'cache';

/**
 * The platform directories for `mon` (the env-paths conventions, without its "-nodejs"
 * suffix). MON_CONFIG_DIR / MON_DATA_DIR / MON_CACHE_DIR override them. The home directory is
 * looked for only when nothing else says where (HOME, else the password database): without
 * one, NoHomeError names the variables that would.
 */
export function monDir(kind: Kind, env: NodeJS.ProcessEnv = process.env): string {
  const dir = monDirIfKnown(kind, env);
  if (dir === undefined) throw new NoHomeError(kind);
  return dir;
}

/**
 * monDir's directory, or undefined where it would say that there is no home directory: for the
 * start-up (src/start/cache-dir.ts), which runs without its caches then, and needs none of the
 * error's words.
 */
export function monDirIfKnown(kind: Kind, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = { config: env.MON_CONFIG_DIR, data: env.MON_DATA_DIR, cache: env.MON_CACHE_DIR }[kind];
  if (override) return override;
  const under = (home: string | undefined, ...parts: string[]) => (home ? join(home, ...parts) : undefined);
  if (process.platform === 'darwin') {
    const sub = { config: 'Preferences', data: 'Application Support', cache: 'Caches' }[kind];
    return under(homeDir(env), 'Library', sub, 'mon');
  }
  if (process.platform === 'win32') {
    const appData = kind === 'config' ? env.APPDATA : env.LOCALAPPDATA;
    const base = appData || under(homeDir(env), 'AppData', kind === 'config' ? 'Roaming' : 'Local');
    const sub = { config: 'Config', data: 'Data', cache: 'Cache' }[kind];
    return under(base, 'mon', sub);
  }
  const xdg = { config: env.XDG_CONFIG_HOME, data: env.XDG_DATA_HOME, cache: env.XDG_CACHE_HOME }[kind];
  if (xdg) return join(xdg, 'mon');
  const parts = { config: ['.config'], data: ['.local', 'share'], cache: ['.cache'] }[kind];
  return under(homeDir(env), ...parts, 'mon');
}

/** The variables that say where one of mon's directories is, most specific first, on this platform. */
function variablesFor(kind: Kind): string[] {
  const xdg = { config: 'XDG_CONFIG_HOME', data: 'XDG_DATA_HOME', cache: 'XDG_CACHE_HOME' }[kind];
  const win = kind === 'config' ? 'APPDATA' : 'LOCALAPPDATA';
  const platform = process.platform === 'win32' ? [win] : process.platform === 'darwin' ? [] : [xdg];
  return [DIRECTORIES[kind].variable, ...platform, 'HOME'];
}

/**
 * The variable that placed one of mon's directories (MON_CONFIG_DIR, else XDG_CONFIG_HOME,
 * ... HOME), for an error to name; "the home directory" when none is set.
 */
export function dirSource(kind: Kind, env: NodeJS.ProcessEnv): string {
  return variablesFor(kind).find((name) => env[name]) ?? 'the home directory';
}

/** No home directory, and nothing else says where one of mon's directories is: one line naming what to set. */
export class NoHomeError extends CliError {
  constructor(kind: Kind) {
    const uid = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
    const [first, ...others] = variablesFor(kind);
    super(
      'config',
      `mon cannot tell where its ${DIRECTORIES[kind].name} is: HOME is not set and this user${uid} has no home directory in the password database; set ${first}${others.length ? ` (or ${others.join(', or ')})` : ''}.`,
    );
    this.name = 'NoHomeError';
  }
}

/** HOME, else the user's home directory from the password database (node:os, loaded only then); undefined when there is none. */
function homeDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.HOME) return env.HOME;
  try {
    return process.getBuiltinModule('node:os').homedir() || undefined;
  } catch {
    // No entry for this user (a container run with an arbitrary uid): monDir says so.
    return undefined;
  }
}

export function configFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(monDir('config', env), 'config.json');
}

/** What each of mon's directories is called in messages, and the variable that moves it. */
const DIRECTORIES: Record<Kind, { name: string; variable: string }> = {
  config: { name: 'config directory', variable: 'MON_CONFIG_DIR' },
  data: { name: 'data directory', variable: 'MON_DATA_DIR' },
  cache: { name: 'cache directory', variable: 'MON_CACHE_DIR' },
};

/** Failures of a file system call that are about the path itself (not a bug in mon); text/codes.ts words them. */
const PATH_PROBLEMS: ReadonlySet<string> = new Set([
  'EACCES',
  'EPERM',
  'ENOTDIR',
  'EISDIR',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EFBIG',
  'ELOOP',
  'ENAMETOOLONG',
]);

/** The error's code when it is one of PATH_PROBLEMS. */
export function pathProblemCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && PATH_PROBLEMS.has(code) ? code : undefined;
}

/**
 * Why `path` could not be used, in words, for an error of a file system call: "permission
 * denied", "a file is where a directory should be (/home/me/.config)", ... undefined when
 * the error is not about the path.
 */
export function pathProblem(error: unknown, path: string): string | undefined {
  const code = pathProblemCode(error);
  if (!code) return undefined;
  const words = codeWords(code)!;
  const file = code === 'ENOTDIR' ? fileInTheWay(path) : undefined;
  return file ? `${words} (${file} is a file)` : words;
}

/** The first part of `path` that exists, when it is not a directory (what makes ENOTDIR). */
function fileInTheWay(path: string): string | undefined {
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      return statSync(at).isDirectory() ? undefined : at;
    } catch {
      if (dirname(at) === at) return undefined;
    }
  }
}

/** What to do about a problem, before the usual "or use another place" fix. */
function firstStep(code: string, path: string, reading: boolean): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return reading ? `Make ${path} readable by you` : `Make ${path} (or the directory it is in) writable by you`;
    case 'ENOTDIR':
      return `Move the file that is in the way`;
    case 'EISDIR':
      return `Move the directory ${path} aside`;
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free some disk space';
    default:
      return 'Check the path';
  }
}

/** A hint for a path that could not be used: the first step, then how to use another place. */
export function pathHint(error: unknown, path: string, elsewhere: string, reading = false): string {
  const code = pathProblemCode(error) ?? '';
  return code === 'EROFS' ? `${capitalize(elsewhere)}.` : `${firstStep(code, path, reading)}, or ${elsewhere}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "set MON_CONFIG_DIR to a directory you can write": the fix that always works. */
export function useAnotherDir(kind: Kind): string {
  return `set ${DIRECTORIES[kind].variable} to a directory you can write`;
}

/**
 * Creates one of mon's directories (and its parents; 0700), or fails with an error that
 * names it, says why, and how to use another (MON_CONFIG_DIR, ...). `elsewhere` replaces that
 * fix where a flag chose the directory (`mon sandbox --data`).
 */
export function ensureDir(kind: Kind, dir: string, elsewhere = useAnotherDir(kind)): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    // mkdir -p on a path that is a file answers EEXIST: the same as a file in the way.
    const cause = (error as NodeJS.ErrnoException).code === 'EEXIST' ? { code: 'ENOTDIR' } : error;
    const why = pathProblem(cause, dir);
    if (!why) throw error;
    throw new CliError(
      kind === 'config' ? 'config' : 'failure',
      `Cannot create the ${DIRECTORIES[kind].name} ${dir}: ${why}.`,
      pathHint(cause, dir, elsewhere),
    );
  }
}

/**
 * The uid of the user `path` belongs to, when that is neither the current user nor root
 * (root's files are trusted, as ssh trusts them); undefined otherwise, when there is no such
 * file, and where there are no uids (Windows).
 */
export function ownedByAnother(path: string): number | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  let uid: number;
  try {
    uid = statSync(path).uid;
  } catch {
    return undefined;
  }
  return uid === process.getuid() || uid === 0 ? undefined : uid;
}

/**
 * How other users can change what is in `dir`, in words ("can be written by every user (mode
 * 0777)", "belongs to another user (uid 1001)"), or undefined when only its owner (you, or
 * root) can.
 */
export function looseDirectory(dir: string): string | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  let mode: number;
  try {
    mode = statSync(dir).mode & 0o7777;
  } catch {
    return undefined;
  }
  const owner = ownedByAnother(dir);
  if (owner !== undefined) return `belongs to another user (uid ${owner})`;
  const mode4 = mode.toString(8).padStart(4, '0');
  if (mode & 0o002) return `can be written by every user (mode ${mode4})`;
  if (mode & 0o020) return `can be written by its group (mode ${mode4})`;
  return undefined;
}
