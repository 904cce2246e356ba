/*
 * The checksum of mon's cache files (sealed.ts). The payload's whole 16-byte blocks are summed
 * in four lanes, one for each 32-bit word of a block, each as lane = lane * 31 + word (mod
 * 2^32, from 0); then s = the length, and s = s * 31 + x for each lane in turn, each word left
 * over, then each byte left over. A changed word or byte changes its lane or s, every step
 * after multiplies the change by 31, which is odd, and each lane is multiplied into s by a
 * power of 31: the change never becomes 0, so one flipped bit is always seen. Words are read
 * in the machine's byte order (a cache shared with a machine of the other order is written
 * again there, as if damaged: it only costs speed).
 *
 * One sum, two engines. A few kilobytes (a kept output, a marker) are summed in JavaScript: the
 * loop runs once per start, in the interpreter. Hundreds (a code cache: 29 to 34 M
 * instructions there for 348 KB) are summed in WebAssembly from LARGE bytes on (sealed.ts: a
 * code cache at any size, in a run that compiles the module for the bundle's anyway), four blocks a
 * turn with its 128-bit instructions (word-sum-module.generated.ts, assembled by
 * scripts/word-sum-module.mjs), compiled by V8's baseline compiler (~0.5 M to set up): +1.1 to
 * 2.3 M for that cache against a run that checks none, where node:zlib's CRC-32 cost +3.8 to
 * 6.6 M, most of it loading the module (Node.js 20, 22, 24). Without WebAssembly (`--jitless`,
 * a limit on address space too small for its memory, a CPU without its 128-bit instructions)
 * it is all JavaScript. test/start/word-sum.test.ts holds the engines to the same sums.
 */

import { LANES_AT, SUM_MODULE, TURN_BLOCKS } from './word-sum-module.generated';

/** From this many bytes on, WebAssembly sums the lanes. */
export const LARGE = 32 * 1024;
/** Where WebAssembly's memory holds the payload: after the lanes, on a block. */
const PAYLOAD = 16;

/**
 * The sum in JavaScript, from `lanes` (each block before `block` summed in them): the blocks
 * from `block` on into the lanes, then the lanes and what is left over into s.
 */
function finish(bytes: Uint8Array, lanes: ArrayLike<number>, block: number): number {
  const words = bytes.length >>> 2;
  const blocks = bytes.length >>> 4;
  // A view of whole words needs a start on one (a sealed payload does: its header's length is).
  const at = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.from(bytes);
  const view = new Int32Array(at.buffer, at.byteOffset, words);
  let a = lanes[0]!;
  let b = lanes[1]!;
  let c = lanes[2]!;
  let d = lanes[3]!;
  // x * 31 as (x << 5) - x: no call to Math.imul, which the interpreter makes ~40% dearer.
  for (let word = block * 4; word < blocks * 4; word += 4) {
    a = ((a << 5) - a + view[word]!) | 0;
    b = ((b << 5) - b + view[word + 1]!) | 0;
    c = ((c << 5) - c + view[word + 2]!) | 0;
    d = ((d << 5) - d + view[word + 3]!) | 0;
  }
  let sum = bytes.length | 0;
  sum = ((sum << 5) - sum + a) | 0;
  sum = ((sum << 5) - sum + b) | 0;
  sum = ((sum << 5) - sum + c) | 0;
  sum = ((sum << 5) - sum + d) | 0;
  for (let word = blocks * 4; word < words; word++) sum = ((sum << 5) - sum + view[word]!) | 0;
  for (let byte = words * 4; byte < bytes.length; byte++) sum = ((sum << 5) - sum + bytes[byte]!) | 0;
  return sum >>> 0;
}

/** The sum of `bytes` (any length, any alignment); WebAssembly sums the lanes from `large` bytes on. */
export function wordSum(bytes: Uint8Array, large = LARGE): number {
  const none = [0, 0, 0, 0];
  if (bytes.length < large) return finish(bytes, none, 0);
  const engine = (wasm ??= compile());
  if (engine === false) return finish(bytes, none, 0);
  let lanes: Int32Array;
  const turns = Math.floor((bytes.length >>> 4) / TURN_BLOCKS);
  try {
    const pages = Math.ceil((PAYLOAD + bytes.length) / 65536) - engine.memory.buffer.byteLength / 65536;
    if (pages > 0) engine.memory.grow(pages);
    new Uint8Array(engine.memory.buffer).set(bytes, PAYLOAD);
    engine.lanes(PAYLOAD, turns);
    lanes = new Int32Array(engine.memory.buffer, LANES_AT, 4);
  } catch {
    // Its memory could not grow (a limit on address space): JavaScript sums it all.
    return finish(bytes, none, 0);
  }
  return finish(bytes, lanes, turns * TURN_BLOCKS);
}

/** What WebAssembly sums with: its memory, and `lanes(at, turns)`, TURN_BLOCKS blocks from `at` a turn into the lanes at LANES_AT. */
interface Engine {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  lanes(at: number, turns: number): void;
}

let wasm: Engine | false | undefined;

/** What this module asks of WebAssembly's JavaScript interface (the project's types have none: no DOM). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
};

/** The WebAssembly module (assembled by scripts/word-sum-module.mjs), compiled; false when WebAssembly cannot run here. */
function compile(): Engine | false {
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SUM_MODULE, 'base64')));
    return instance.exports as unknown as Engine;
  } catch {
    return false;
  }
}
