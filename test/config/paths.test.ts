import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ensureDir,
  monDir,
  monDirIfKnown,
  NoHomeError,
  pathHint,
  pathProblem,
  useAnotherDir,
} from '../../src/config/paths';
import { exitCodeFor } from '../../src/main';

/** An error as Node's fs gives it. */
const fsError = (code: string) => Object.assign(new Error(`${code}: from fs`), { code });

describe('what mon says about a path it cannot use', () => {
  // The disk-full and read-only cases cannot be made on a test machine: their wording, from the errors fs gives.
  it.each([
    ['ENOSPC', 'the disk is full', 'Free some disk space, or set MON_DATA_DIR to a directory you can write.'],
    ['EDQUOT', 'the disk quota is used up', 'Free some disk space, or set MON_DATA_DIR to a directory you can write.'],
    ['EROFS', 'the file system is read-only', 'Set MON_DATA_DIR to a directory you can write.'],
    [
      'EACCES',
      'permission denied',
      'Make /d/mon (or the directory it is in) writable by you, or set MON_DATA_DIR to a directory you can write.',
    ],
    [
      'EISDIR',
      'it is a directory, where a file should be',
      'Move the directory /d/mon aside, or set MON_DATA_DIR to a directory you can write.',
    ],
  ])('%s: "%s"', (code, problem, hint) => {
    expect(pathProblem(fsError(code), '/d/mon')).toBe(problem);
    expect(pathHint(fsError(code), '/d/mon', useAnotherDir('data'))).toBe(hint);
  });

  it('leaves other errors to be reported as they are', () => {
    expect(pathProblem(fsError('ENOENT'), '/d/mon')).toBeUndefined();
    expect(pathProblem(new Error('no code'), '/d/mon')).toBeUndefined();
  });

  it('ensureDir: a file where the directory should be is a config error (exit 1) naming both', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mon-paths-')), 'a-file');
    writeFileSync(file, '');
    let caught: unknown;
    try {
      ensureDir('config', join(file, 'mon'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      kind: 'config',
      message: `Cannot create the config directory ${file}/mon: a file is where a directory should be (${file} is a file).`,
      hint: 'Move the file that is in the way, or set MON_CONFIG_DIR to a directory you can write.',
    });
    expect(exitCodeFor(caught)).toBe(1);
  });
});

describe("mon's directories", () => {
  const linux = process.platform === 'linux';

  it.runIf(linux)('MON_*_DIR, else XDG_*_HOME/mon, else under HOME: monDir and monDirIfKnown agree', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ MON_CACHE_DIR: '/m', XDG_CACHE_HOME: '/x', HOME: '/h' }, '/m'],
      [{ XDG_CACHE_HOME: '/x', HOME: '/h' }, '/x/mon'],
      [{ HOME: '/h' }, '/h/.cache/mon'],
    ];
    for (const [env, dir] of cases) {
      expect(monDir('cache', env)).toBe(dir);
      expect(monDirIfKnown('cache', env)).toBe(dir);
    }
    expect(monDirIfKnown('data', { HOME: '/h' })).toBe('/h/.local/share/mon');
  });

  it.runIf(linux)(
    'with no home directory (no HOME, none in the password database): monDirIfKnown has none, monDir says what to set',
    () => {
      const real = process.getBuiltinModule;
      const spy = vi
        .spyOn(process, 'getBuiltinModule')
        .mockImplementation(((id: string) =>
          id === 'node:os' ? { homedir: () => '' } : real(id)) as typeof process.getBuiltinModule);
      onTestFinished(() => spy.mockRestore());
      expect(monDirIfKnown('cache', {})).toBeUndefined();
      expect(() => monDir('cache', {})).toThrow(NoHomeError);
      expect(() => monDir('cache', {})).toThrow(/set MON_CACHE_DIR \(or XDG_CACHE_HOME, or HOME\)\.$/);
      // What else says where still does.
      expect(monDirIfKnown('cache', { XDG_CACHE_HOME: '/x' })).toBe('/x/mon');
    },
  );
});
