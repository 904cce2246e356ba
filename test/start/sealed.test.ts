/**
 * The files of mon's caches (src/start/sealed.ts): a header mon writes (its marker, the
 * payload's sum of words and length) before the payload. What is damaged is never used; what mon did
 * not write is never removed; links, FIFOs and devices are neither read nor removed.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trustedCacheDir } from '../../src/start/cache-dir';
import {
  isSealed,
  readRegular,
  readWhole,
  removeFile,
  removeSealed,
  seal,
  unseal,
  writeSealed,
} from '../../src/start/sealed';
import { wordSum } from '../../src/start/word-sum';

const temp = () => mkdtempSync(join(tmpdir(), 'mon-sealed-'));

/** `data` with bit `bit` (0 = the first byte's lowest) flipped. */
function flipped(data: Buffer, bit: number): Buffer {
  const copy = Buffer.from(data);
  copy[bit >> 3]! ^= 1 << (bit & 7);
  return copy;
}

describe('a sealed file', () => {
  const payload = Buffer.from('a payload of forty bytes, give or take..');

  it('gives its payload back whole, to a reader of the same kind only', () => {
    const file = seal('code', payload);
    expect(file.toString('latin1', 0, 18)).toBe('mon code cache v1 ');
    expect(unseal('code', file)).toEqual(payload);
    expect(unseal('output', file)).toBeUndefined();
    expect(unseal('output', seal('output', Buffer.alloc(0)))).toEqual(Buffer.alloc(0));
  });

  it('is refused with any one bit flipped, header or payload', () => {
    const file = seal('code', payload);
    const accepted = [];
    for (let bit = 0; bit < file.length * 8; bit++) if (unseal('code', flipped(file, bit))) accepted.push(bit);
    expect(accepted).toEqual([]);
  });

  it('is checked by the sum of its words, of any kind: it changes with any one flipped bit', () => {
    const random = Buffer.from(Array.from({ length: 4099 }, (_, n) => (n * 7919) % 251));
    for (const kind of ['code', 'output', 'run'] as const)
      expect(seal(kind, random).subarray(0, -random.length).toString('latin1')).toMatch(
        new RegExp(` ${wordSum(random).toString(16).padStart(8, '0')} 00001003\n$`),
      );
    // Whole words and the bytes left over, from a start on a word or not.
    for (const bytes of [random.subarray(0, 64), random.subarray(1, 64), random.subarray(0, 67), Buffer.alloc(5)]) {
      const sum = wordSum(bytes);
      expect(wordSum(Buffer.from(bytes))).toBe(sum);
      for (let bit = 0; bit < bytes.length * 8; bit++) expect(wordSum(flipped(Buffer.from(bytes), bit))).not.toBe(sum);
    }
    expect(wordSum(Buffer.alloc(4))).not.toBe(wordSum(Buffer.alloc(5)));
  });

  it('is refused one byte short, one byte long, empty, or as the bare payload', () => {
    const file = seal('output', payload);
    expect(unseal('output', file.subarray(0, -1))).toBeUndefined();
    expect(unseal('output', Buffer.concat([file, Buffer.from('x')]))).toBeUndefined();
    expect(unseal('output', Buffer.alloc(0))).toBeUndefined();
    expect(unseal('output', payload)).toBeUndefined();
  });
});

describe('reading and removing cache files', () => {
  it('reads a regular file only: not through a link, and not from a FIFO (without waiting on it)', () => {
    const dir = temp();
    writeFileSync(join(dir, 'file'), 'text');
    symlinkSync(join(dir, 'file'), join(dir, 'link'));
    expect(readRegular(join(dir, 'file'))?.toString()).toBe('text');
    expect(readRegular(join(dir, 'link'))).toBeUndefined();
    expect(readRegular(join(dir, 'missing'))).toBeUndefined();
    expect(readRegular(dir)).toBeUndefined();
    if (spawnSync('mkfifo', [join(dir, 'fifo')]).status === 0) expect(readRegular(join(dir, 'fifo'))).toBeUndefined();
  });

  it("gives a code cache's payload on a multiple of 8 bytes of its buffer (V8 copies one that is not), other files as they are", () => {
    const dir = temp();
    const payload = Buffer.from('0123456789abcdef'.repeat(64));
    writeFileSync(join(dir, 'code'), seal('code', payload));
    const data = readRegular(join(dir, 'code'), 'code')!;
    const read = unseal('code', data)!;
    expect(read.equals(payload)).toBe(true);
    expect(read.byteOffset % 8).toBe(0);
    expect(readFileSync(join(dir, 'code')).equals(data)).toBe(true);
    writeFileSync(join(dir, 'output'), seal('output', Buffer.from('help')));
    expect(unseal('output', readRegular(join(dir, 'output'), 'output')!)?.toString()).toBe('help');
    expect(readRegular(join(dir, 'output'))?.equals(readFileSync(join(dir, 'output')))).toBe(true);
  });

  it('reads a whole file of a known size into room left before and after it; a file of another size is not read', () => {
    const file = join(temp(), 'file');
    writeFileSync(file, 'ten bytes!');
    const fd = openSync(file, 'r');
    try {
      const whole = readWhole(fd, 10, 3, 2)!;
      expect(whole.length).toBe(15);
      expect(whole.subarray(3, 13).toString()).toBe('ten bytes!');
      // It grew since its size was taken: one byte more is there.
      expect(readWhole(fd, 9)).toBeUndefined();
      // It shrank: the bytes end early.
      expect(readWhole(fd, 11)).toBeUndefined();
    } finally {
      closeSync(fd);
    }
    writeFileSync(file, '');
    const empty = openSync(file, 'r');
    try {
      expect(readWhole(empty, 0)?.length).toBe(0);
    } finally {
      closeSync(empty);
    }
  });

  it('removes a file mon wrote, damaged or not; leaves one without its header, a link to one of its files (and that file), a directory', () => {
    const dir = temp();
    const elsewhere = join(temp(), 'kept');
    writeFileSync(join(dir, 'ours'), seal('output', Buffer.from('help')));
    writeFileSync(join(dir, 'ours, damaged'), flipped(seal('output', Buffer.from('help')), 300));
    writeFileSync(join(dir, 'theirs'), 'mon output v1 but not written by mon');
    writeFileSync(
      join(dir, 'theirs, grown'),
      Buffer.concat([seal('output', Buffer.from('help')), Buffer.from('more')]),
    );
    writeFileSync(join(dir, 'other kind'), seal('code', Buffer.from('code')));
    writeFileSync(elsewhere, seal('output', Buffer.from('help')));
    symlinkSync(elsewhere, join(dir, 'link'));
    mkdirSync(join(dir, 'folder'));
    for (const name of readdirSync(dir)) removeSealed('output', dir, name);
    expect(readdirSync(dir).sort()).toEqual(['folder', 'link', 'other kind', 'theirs', 'theirs, grown']);
    expect(existsSync(elsewhere)).toBe(true);
    expect(isSealed('code', join(dir, 'other kind'))).toBe(true);
  });

  it('removes a file, or a link itself (not what it leads to); a missing one is no error, any other failure is thrown', () => {
    const dir = temp();
    const elsewhere = join(temp(), 'kept');
    writeFileSync(join(dir, 'file'), 'x');
    writeFileSync(elsewhere, 'x');
    symlinkSync(elsewhere, join(dir, 'link'));
    removeFile(join(dir, 'file'));
    removeFile(join(dir, 'link'));
    removeFile(join(dir, 'missing'));
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(elsewhere)).toBe(true);
    mkdirSync(join(dir, 'folder'));
    expect(() => removeFile(join(dir, 'folder'))).toThrow(/EISDIR|EPERM/);
    expect(readdirSync(dir)).toEqual(['folder']);
  });

  it('writes whole files, readable by their owner only, never through a link planted where it writes', () => {
    const dir = temp();
    const victim = join(temp(), 'victim');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(dir, `name.${process.pid}.tmp`));
    writeSealed('code', dir, 'name', Buffer.from('payload'));
    expect(unseal('code', readFileSync(join(dir, 'name')))?.toString()).toBe('payload');
    expect(statSync(join(dir, 'name')).mode & 0o777).toBe(0o600);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(readdirSync(dir)).toEqual(['name']);
    // A directory that is not there: an error, and nothing left behind.
    expect(() => writeSealed('code', join(dir, 'missing'), 'name', Buffer.from('x'))).toThrow(/ENOENT/);
  });
});

describe('the cache directory', () => {
  const env = (dir: string) => ({ MON_CACHE_DIR: dir });

  it("is used when it is the user's own, and made 0700 when it is written", () => {
    const dir = join(temp(), 'nested', 'cache');
    expect(trustedCacheDir(false, env(dir))).toBeUndefined();
    expect(trustedCacheDir(true, env(dir))).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(trustedCacheDir(false, env(dir))).toBe(dir);
  });

  it('is not used when others can write to it, when it is a file, or when it is a link (even to a good one)', () => {
    const base = temp();
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const group = join(base, 'group');
    mkdirSync(group);
    chmodSync(group, 0o770);
    const good = join(base, 'good');
    mkdirSync(good, { mode: 0o700 });
    symlinkSync(good, join(base, 'link'));
    writeFileSync(join(base, 'file'), '');
    expect(trustedCacheDir(false, env(good))).toBe(good);
    for (const dir of [open, group, join(base, 'link'), join(base, 'file'), join(base, 'file', 'under')]) {
      expect(trustedCacheDir(false, env(dir)), dir).toBeUndefined();
      expect(trustedCacheDir(true, env(dir)), dir).toBeUndefined();
    }
  });
});
