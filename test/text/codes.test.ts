import { describe, expect, it } from 'vitest';
import { pathProblem } from '../../src/config/paths';
import { errorWords, fileWords } from '../../src/text/codes';

/** An error as Node's fs gives it. */
const fsError = (code: string) => Object.assign(new Error(`${code}: from fs, '/d/mon'`), { code });

describe('error codes in words (src/text/codes.ts, the one table)', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is used up'],
    ['EFBIG', 'the file would be larger than this process may write (ulimit -f)'],
    ['EROFS', 'the file system is read-only'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'the operation is not permitted'],
    ['EISDIR', 'it is a directory, where a file should be'],
    ['ELOOP', 'it goes round a loop of symbolic links'],
    ['ENAMETOOLONG', 'the path is too long'],
  ])('%s is "%s", for a path mon uses and for any other failure alike', (code, words) => {
    expect(errorWords(fsError(code))).toBe(words);
    expect(pathProblem(fsError(code), '/d/mon')).toBe(words);
  });

  it('a file a flag names that does not exist is "there is no such file"; other failures keep their words', () => {
    expect(fileWords(fsError('ENOENT'))).toBe('there is no such file');
    expect(errorWords(fsError('ENOENT'))).toBe('there is no such file or directory');
    expect(fileWords(fsError('EISDIR'))).toBe('it is a directory, where a file should be');
  });

  it('never shows a bare code it does not know: the message without it', () => {
    expect(errorWords(fsError('EWHATEVER'))).toBe("EWHATEVER: from fs, '/d/mon'");
    expect(errorWords(new Error('connect ECONNREFUSED 127.0.0.1:9'), 'ECONNREFUSED')).toBe(
      'the connection was refused (nothing is listening there)',
    );
  });
});
