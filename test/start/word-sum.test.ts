/**
 * The checksum of mon's cache files (src/start/word-sum.ts): four lanes of 32-bit words (one for
 * each word of a 16-byte block), then the length, the lanes, the words and bytes left over,
 * each as x * 31 + word (mod 2^32); the lanes summed in JavaScript below LARGE bytes and in
 * WebAssembly from there. Both engines must give the sum its definition gives
 * (written here a second way, with Math.imul), or every code cache reads as damaged. Without
 * WebAssembly at all (`node --jitless`): test/e2e/code-cache.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGE, wordSum } from '../../src/start/word-sum';
// @ts-expect-error: a plain .mjs script without types
import * as untypedScript from '../../scripts/word-sum-module.mjs';

/** scripts/word-sum-module.mjs: the module it assembles, and the file it writes. */
const script = untypedScript as { sumModule(): Uint8Array; WORD_SUM_MODULE_FILE: string; wordSumModuleFile(): string };

/** The sum by its definition. */
function defined(bytes: Uint8Array): number {
  const copy = Buffer.from(bytes);
  const word = (n: number) => copy.readInt32LE(n * 4);
  const blocks = copy.length >>> 4;
  const lanes = [0, 0, 0, 0];
  for (let block = 0; block < blocks; block++)
    for (let lane = 0; lane < 4; lane++) lanes[lane] = (Math.imul(lanes[lane]!, 31) + word(block * 4 + lane)) | 0;
  let sum = copy.length | 0;
  const rest = [...lanes];
  for (let n = blocks * 4; n < copy.length >>> 2; n++) rest.push(word(n));
  for (let n = (copy.length >>> 2) * 4; n < copy.length; n++) rest.push(copy[n]!);
  for (const x of rest) sum = (Math.imul(sum, 31) + x) | 0;
  return sum >>> 0;
}

/** The WebAssembly interface word-sum.ts uses. */
interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
}

// Either side of a 16-byte block, of WebAssembly's start, of its memory's pages (64 KiB, the payload
// 16 bytes in), and of its turn of four blocks.
const LENGTHS = [
  0,
  1,
  3,
  4,
  5,
  15,
  16,
  17,
  35,
  1000,
  LARGE - 1,
  LARGE,
  LARGE + 1,
  LARGE + 15,
  LARGE + 16,
  LARGE + 63,
  LARGE + 64,
  LARGE + 65,
  LARGE + 80,
];
const PAGE = 65536;
const LONG = [PAGE - 17, PAGE - 16, PAGE - 15, PAGE, 3 * PAGE + 7, 348_001];

describe('the sum of words', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is the one its definition gives, below and above the size WebAssembly sums from', () => {
    for (const length of [...LENGTHS, ...LONG]) {
      const bytes = randomBytes(length);
      expect({ length, sum: wordSum(bytes) }).toEqual({ length, sum: defined(bytes) });
    }
  });

  it('is the same after a longer input, from a start that is not on a word, and on a copy', () => {
    // WebAssembly's memory still holds the longer input's bytes past the shorter one's end.
    const long = randomBytes(5 * PAGE + 3);
    expect(wordSum(long)).toBe(defined(long));
    for (const length of [LARGE + 5, 2 * PAGE + 2]) {
      const bytes = randomBytes(length + 1).subarray(1);
      expect(bytes.byteOffset % 4).not.toBe(0);
      expect(wordSum(bytes)).toBe(defined(bytes));
      expect(wordSum(Uint8Array.from(bytes))).toBe(defined(bytes));
    }
  });

  it('changes with any one flipped bit, in either engine', () => {
    for (const length of [61, LARGE + 13]) {
      const bytes = randomBytes(length);
      const sum = wordSum(bytes);
      const bits =
        length < LARGE ? [...Array(length * 8).keys()] : [0, 7, 8 * 4096 + 3, length * 8 - 33, length * 8 - 1];
      for (const bit of bits) {
        const copy = Buffer.from(bytes);
        copy[bit >> 3]! ^= 1 << (bit & 7);
        expect({ bit, changed: wordSum(copy) !== sum }).toEqual({ bit, changed: true });
      }
    }
    // The length counts: four zero bytes and five.
    expect(wordSum(Buffer.alloc(4))).not.toBe(wordSum(Buffer.alloc(5)));
    expect(wordSum(Buffer.alloc(LARGE))).not.toBe(wordSum(Buffer.alloc(LARGE + 4)));
  });

  it('sums the lanes of a large payload in WebAssembly, compiled once, and of a small one in JavaScript', async () => {
    const real = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
    const instances: object[] = [];
    vi.stubGlobal('WebAssembly', {
      Module: real.Module,
      Instance: class extends real.Instance {
        constructor(module: object) {
          super(module);
          instances.push(this.exports);
        }
      },
    });
    vi.resetModules();
    const fresh = await import('../../src/start/word-sum');
    const small = randomBytes(LARGE - 1);
    expect(fresh.wordSum(small)).toBe(defined(small));
    expect(instances).toEqual([]);
    for (const length of [LARGE, 3 * PAGE]) {
      const bytes = randomBytes(length);
      expect(fresh.wordSum(bytes)).toBe(defined(bytes));
    }
    expect(instances).toHaveLength(1);
    expect(Object.keys(instances[0]!).sort()).toEqual(['lanes', 'memory']);
  });

  it('runs the module the script assembles (run `npm run word-sum-module` after changing it), which is valid WebAssembly', () => {
    expect(readFileSync(script.WORD_SUM_MODULE_FILE, 'utf8')).toBe(script.wordSumModuleFile());
    expect(
      (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly.validate(
        script.sumModule(),
      ),
    ).toBe(true);
  });

  it('is summed in JavaScript when WebAssembly cannot grow its memory for a payload, with the same result', async () => {
    const real = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
    vi.stubGlobal('WebAssembly', {
      Module: real.Module,
      Instance: class {
        exports: object;
        constructor(module: object) {
          const { lanes, memory } = new real.Instance(module).exports as {
            lanes: unknown;
            memory: { buffer: ArrayBuffer };
          };
          const grow = () => {
            throw new RangeError('WebAssembly.Memory.grow(): Unable to grow instance memory');
          };
          this.exports = { lanes, memory: { buffer: memory.buffer, grow } };
        }
      },
    });
    vi.resetModules();
    const fresh = await import('../../src/start/word-sum');
    for (const length of [LARGE, 5 * PAGE + 9]) {
      const bytes = randomBytes(length);
      expect(fresh.wordSum(bytes)).toBe(defined(bytes));
    }
  });

  it('is summed in JavaScript where WebAssembly cannot run, with the same result', async () => {
    const bytes = randomBytes(LARGE + 77);
    vi.stubGlobal('WebAssembly', {
      Module: () => {
        throw new RangeError('WebAssembly.Memory(): could not allocate memory');
      },
    });
    vi.resetModules();
    const fresh = await import('../../src/start/word-sum');
    expect(fresh.wordSum(bytes)).toBe(defined(bytes));
  });
});
