import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { win32 } from 'node:path';

/*
 * How `mon heartbeats exec` starts a job: as it is, except on Windows, where a command
 * without a shell is looked up and run the way cross-spawn does. A pure function of the
 * command and a SpawnSystem (what the machine has), so it is tested on any platform.
 */

/** How to start a job: the file, its arguments, and whether they are passed to it as they are. */
export interface SpawnPlan {
  file: string;
  args: string[];
  windowsVerbatimArguments?: boolean;
}

export interface SpawnSystem {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Is there a file (not a directory) at this path? */
  isFile(path: string): boolean;
  /** The first bytes of a file, for its #! line; undefined when unreadable. */
  readHead(path: string): string | undefined;
}

/**
 * How to start COMMAND ARGS, the way cross-spawn does. Elsewhere than Windows: as it is. On
 * Windows, `spawn` without a shell starts only .exe and .com files, but `npm` is `npm.cmd`:
 * the command is looked up in the current directory, then PATH, with each PATHEXT extension
 * (a script with a #! line runs through its interpreter, itself looked up); what is not an
 * .exe or .com then runs through cmd.exe (`/d /s /c "..."`), every argument quoted and cmd's
 * metacharacters escaped with ^ (twice for npm's node_modules/.bin shims, which cmd reads
 * twice), passed verbatim. A command found nowhere is started as it is, so that Node reports
 * it missing (exit 127).
 */
export function spawnPlan(command: string, args: string[], system: SpawnSystem): SpawnPlan {
  if (system.platform !== 'win32') return { file: command, args };
  let file = findExecutable(command, system);
  let words = [command, ...args];
  const interpreter = file === undefined ? undefined : shebangCommand(system.readHead(file));
  if (file !== undefined && interpreter) {
    words = [...interpreter, file, ...args];
    file = findExecutable(interpreter[0]!, system);
  }
  if (file === undefined) return { file: words[0]!, args: words.slice(1) };
  if (/\.(com|exe)$/i.test(file)) return { file, args: words.slice(1) };
  const twice = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i.test(file);
  const line = [escapeCommand(win32.normalize(words[0]!)), ...words.slice(1).map((arg) => escapeArgument(arg, twice))];
  return {
    file: envValue(system.env, 'COMSPEC') || 'cmd.exe',
    args: ['/d', '/s', '/c', `"${line.join(' ')}"`],
    windowsVerbatimArguments: true,
  };
}

/** Windows variables are named in any case (Path, PATH). */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const key = Object.keys(env).find((other) => other.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

/** `which` on Windows: the current directory first, then PATH; the name as given, then with each PATHEXT extension. */
function findExecutable(command: string, system: SpawnSystem): string | undefined {
  const pathExt = (envValue(system.env, 'PATHEXT') || '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean);
  const dirs = /[\\/]/.test(command)
    ? ['']
    : [system.cwd, ...(envValue(system.env, 'PATH') ?? '').split(';').filter(Boolean)];
  const hasExt = pathExt.some((ext) => command.toLowerCase().endsWith(ext.toLowerCase()));
  for (const dir of dirs) {
    const base = win32.resolve(system.cwd, dir.replace(/^"(.*)"$/, '$1'), command);
    for (const candidate of [...(hasExt ? [base] : []), ...pathExt.map((ext) => base + ext)]) {
      if (system.isFile(candidate)) return candidate;
    }
  }
  // A file without a PATHEXT extension (a #! script) is found too, as cross-spawn does on a second try.
  for (const dir of dirs) {
    const base = win32.resolve(system.cwd, dir.replace(/^"(.*)"$/, '$1'), command);
    if (system.isFile(base)) return base;
  }
  return undefined;
}

/** `#!/usr/bin/env node` → ['node']; `#!/bin/sh -e` → ['sh', '-e']; no #! → undefined. */
function shebangCommand(head: string | undefined): string[] | undefined {
  const match = /^#! ?([^\r\n]*)/.exec(head ?? '');
  if (!match) return undefined;
  const [path = '', argument] = match[1]!.trim().split(' ');
  const binary = path.split('/').pop()!;
  if (binary === 'env') return argument ? [argument] : undefined;
  return binary ? [binary, ...(argument ? [argument] : [])] : undefined;
}

const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

function escapeCommand(command: string): string {
  return command.replace(CMD_META, '^$1');
}

/** Quoted for the program's argument parser (backslashes before a quote doubled), then escaped for cmd. */
function escapeArgument(argument: string, twice: boolean): string {
  let quoted = argument.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1');
  quoted = `"${quoted}"`.replace(CMD_META, '^$1');
  return twice ? quoted.replace(CMD_META, '^$1') : quoted;
}

/** The machine mon runs on, for `env`. */
export function thisSystem(env: NodeJS.ProcessEnv): SpawnSystem {
  return { platform: process.platform, env, cwd: process.cwd(), isFile, readHead };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readHead(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(150);
    return buffer.subarray(0, readSync(fd, buffer, 0, 150, 0)).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
