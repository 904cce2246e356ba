import { describe, expect, it } from 'vitest';
import { spawnPlan, type SpawnSystem } from '../../../../src/commands/heartbeats/shared/spawn';

/** A pretend Windows: these files exist, with these first bytes. */
function windows(files: Record<string, string>, env: NodeJS.ProcessEnv = {}): SpawnSystem {
  const lower = new Map(Object.entries(files).map(([path, head]) => [path.toLowerCase(), head]));
  return {
    platform: 'win32',
    cwd: 'C:\\work',
    env: {
      Path: 'C:\\Program Files\\nodejs;"C:\\Tools";C:\\Windows\\System32',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      ComSpec: 'C:\\Windows\\System32\\cmd.exe',
      ...env,
    },
    // Windows file names are case-insensitive.
    isFile: (path) => lower.has(path.toLowerCase()),
    readHead: (path) => lower.get(path.toLowerCase()),
  };
}

const SYSTEM = windows({
  'C:\\Program Files\\nodejs\\node.exe': 'MZ',
  'C:\\Program Files\\nodejs\\npm.cmd': '@ECHO off',
  'C:\\Program Files\\nodejs\\npm': '#!/usr/bin/env bash',
  'C:\\Tools\\backup.bat': '@echo off',
  'C:\\Tools\\report': '#!/usr/bin/env node\n',
  'C:\\work\\job.cmd': '@echo off',
  'C:\\work\\node_modules\\.bin\\tsx.cmd': '@ECHO off',
  'C:\\Windows\\System32\\where.exe': 'MZ',
});

describe('heartbeats exec: how a command starts on Windows (cross-spawn rules)', () => {
  it('starts an .exe found through PATH and PATHEXT directly, arguments as they are', () => {
    // The name found, with the extension as PATHEXT spells it (as `which` gives it).
    expect(spawnPlan('node', ['job.js', 'a b'], SYSTEM)).toEqual({
      file: 'C:\\Program Files\\nodejs\\node.EXE',
      args: ['job.js', 'a b'],
    });
    expect(spawnPlan('WHERE', ['x'], SYSTEM)).toEqual({ file: 'C:\\Windows\\System32\\WHERE.EXE', args: ['x'] });
  });

  it('runs npm (npm.cmd, found before the extension-less npm) through cmd.exe, quoted', () => {
    expect(spawnPlan('npm', ['run', 'job'], SYSTEM)).toEqual({
      file: 'C:\\Windows\\System32\\cmd.exe',
      args: ['/d', '/s', '/c', '"npm ^"run^" ^"job^""'],
      windowsVerbatimArguments: true,
    });
  });

  it('escapes what cmd.exe would read as its own (& | < > ^ % ! quotes, spaces) and quotes for the program', () => {
    const plan = spawnPlan('backup', ['a b', 'x&y|z', '100%', 'say "hi"', 'C:\\dir\\'], SYSTEM);
    expect(plan.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    expect(plan.args[3]).toBe('"backup ^"a^ b^" ^"x^&y^|z^" ^"100^%^" ^"say^ \\^"hi\\^"^" ^"C:\\dir\\\\^""');
  });

  it('escapes twice for npm shims under node_modules/.bin (cmd reads their arguments again)', () => {
    const plan = spawnPlan('node_modules\\.bin\\tsx', ['a&b'], SYSTEM);
    expect(plan.args[3]).toBe('"node_modules\\.bin\\tsx ^^^"a^^^&b^^^""');
  });

  it('finds commands in the current directory first, and by a path with or without its extension', () => {
    expect(spawnPlan('job', [], SYSTEM).args[3]).toBe('"job"');
    expect(spawnPlan('.\\job.cmd', [], SYSTEM).args[3]).toBe('"job.cmd"');
    expect(spawnPlan('C:\\Tools\\backup', [], SYSTEM).args[3]).toBe('"C:\\Tools\\backup"');
  });

  it('runs a #! script through its interpreter, itself looked up', () => {
    expect(spawnPlan('report', ['--since', '1d'], SYSTEM)).toEqual({
      file: 'C:\\Program Files\\nodejs\\node.EXE',
      args: ['C:\\Tools\\report', '--since', '1d'],
    });
  });

  it('starts a command found nowhere as it is, so that it is reported missing (exit 127)', () => {
    expect(spawnPlan('no-such-tool', ['x'], SYSTEM)).toEqual({ file: 'no-such-tool', args: ['x'] });
  });

  it('uses cmd.exe when ComSpec is not set, and the default PATHEXT when PATHEXT is not', () => {
    const system = windows({ 'C:\\Tools\\backup.bat': '' }, { ComSpec: undefined, PATHEXT: undefined });
    expect(spawnPlan('backup', [], system)).toMatchObject({ file: 'cmd.exe', args: ['/d', '/s', '/c', '"backup"'] });
  });

  it('leaves the command alone elsewhere than Windows', () => {
    expect(spawnPlan('npm', ['run', 'a&b'], { ...SYSTEM, platform: 'linux' })).toEqual({
      file: 'npm',
      args: ['run', 'a&b'],
    });
  });
});
