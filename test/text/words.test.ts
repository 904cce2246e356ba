/**
 * Small text helpers every message leans on: "did you mean" suggestions (text/similar.ts),
 * a path in a body (text/path.ts), an amount of bytes (text/bytes.ts) and a word quoted for a
 * shell (text/shell.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/text/bytes';
import { formatPath, longestPrefix } from '../../src/text/path';
import { shellQuote } from '../../src/text/shell';
import { closest, editDistance } from '../../src/text/similar';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['json', 'json', 0],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    // Two letters typed the wrong way round are one mistake.
    ['ab', 'ba', 1],
    ['json', 'jsno', 1],
    ['abcdef', 'abcdfe', 1],
    ['status', 'stauts', 1],
    // ... but a letter is not moved further than that.
    ['ca', 'abc', 3],
    // One letter where the other word has it, the other letter not: no transposition.
    ['ax', 'ya', 2],
    ['xa', 'ay', 2],
  ])('from %j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closest', () => {
  it('suggests the nearest candidates first, whatever their order, and at most three', () => {
    expect(closest('abc', ['axy', 'xyz', 'abd'])).toEqual(['abd', 'axy']);
    expect(closest('stauts', ['state', 'started', 'status'])).toEqual(['status', 'state']);
    expect(closest('stat', ['status', 'state', 'stats', 'statistics'])).toEqual(['status', 'state', 'stats']);
    expect(closest('stat', ['status', 'state', 'stats'], 1)).toEqual(['status']);
    expect(closest('json', [])).toEqual([]);
  });

  it('ignores case, and suggests a candidate that holds the word or that the word holds', () => {
    expect(closest('JSON', ['json', 'yaml'])).toEqual(['json']);
    expect(closest('inc', ['incidents', 'checks'])).toEqual(['incidents']);
    expect(closest('incidents-list', ['incidents', 'checks'])).toEqual(['incidents']);
  });

  it('suggests nothing too far off: two edits, or a third of a long candidate', () => {
    expect(closest('abc', ['xyc'])).toEqual(['xyc']);
    expect(closest('abc', ['xyz'])).toEqual([]);
    expect(closest('abcdefghi', ['abcxyzghi'])).toEqual(['abcxyzghi']);
    expect(closest('abcdefghi', ['abxyzwghi'])).toEqual([]);
  });
});

describe('formatPath', () => {
  it.each([
    [[], ''],
    [['name'], 'name'],
    [['entries', 0, 'name'], 'entries[0].name'],
    [[0, 'name'], '[0].name'],
    [['a', 'b', 1, 2], 'a.b[1][2]'],
  ])('%j is %j', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});

describe('longestPrefix', () => {
  const names = { 'a.b': 'AB', a: 'A' };

  it.each([
    ['a.b', { name: 'AB', rest: '' }],
    ['a.b.c', { name: 'AB', rest: 'c' }],
    ['a.b[0].c', { name: 'AB', rest: '[0].c' }],
    ['a.x', { name: 'A', rest: 'x' }],
    ['a[2]', { name: 'A', rest: '[2]' }],
    ['x.y', undefined],
    ['[0].a', undefined],
    ['toString', undefined],
  ])('%j is %j', (path, found) => {
    expect(longestPrefix(path, names)).toEqual(found);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1_048_524, '1023.9 KiB'],
    [1_048_525, '1 MiB'],
    [1_048_575, '1 MiB'],
    [1_048_576, '1 MiB'],
    [1_572_864, '1.5 MiB'],
    [134_217_728, '128 MiB'],
  ])('%i is %j', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('shellQuote', () => {
  it.each([
    ['abc', 'abc'],
    ['user@example.com', 'user@example.com'],
    ['50%', '50%'],
    ['a+b=c:d,e./f-g_H9', 'a+b=c:d,e./f-g_H9'],
    ['', '""'],
    ['Rolled back', '"Rolled back"'],
    ["it's fixed", `"it's fixed"`],
    ['a$b', "'a$b'"],
    ['a`b', "'a`b'"],
    ['a\\b', "'a\\b'"],
    ['a!b', "'a!b'"],
    ['a"b', `'a"b'`],
    ['a\nb', "'a\nb'"],
    ["it's $5", `'it'\\''s $5'`],
  ])('%j is typed %s', (word, quoted) => {
    expect(shellQuote(word)).toBe(quoted);
  });
});
