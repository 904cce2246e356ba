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
 * instructions there for 348 KB) are summed in WebAssembly from LARGE bytes on, four blocks a
 * turn with its 128-bit instructions, compiled by V8's baseline compiler (~0.5 M to set up):
 * +1.1 to 2.3 M for that cache against a run that checks none, where node:zlib's CRC-32 cost
 * +3.8 to 6.6 M, most of it loading the module (Node.js 20, 22, 24). Without WebAssembly
 * (`--jitless`, a limit on address space too small for its memory, a CPU without its 128-bit
 * instructions) it is all JavaScript. test/start/word-sum.test.ts holds the engines to the
 * same sums.
 */

/** From this many bytes on, WebAssembly sums the lanes. */
export const LARGE = 32 * 1024;
/** The 16-byte blocks WebAssembly sums a turn. */
const UNROLL = 4;
/** Where WebAssembly's memory holds the lanes (16 bytes), and the payload after them. */
const LANES = 0;
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

/** The sum of `bytes` (any length, any alignment). */
export function wordSum(bytes: Uint8Array): number {
  const none = [0, 0, 0, 0];
  if (bytes.length < LARGE) return finish(bytes, none, 0);
  const engine = (wasm ??= compile());
  if (engine === false) return finish(bytes, none, 0);
  const pages = Math.ceil((PAYLOAD + bytes.length) / 65536) - engine.memory.buffer.byteLength / 65536;
  if (pages > 0) engine.memory.grow(pages);
  new Uint8Array(engine.memory.buffer).set(bytes, PAYLOAD);
  const turns = (bytes.length >>> 4) >>> 2;
  engine.lanes(PAYLOAD, turns);
  return finish(bytes, new Int32Array(engine.memory.buffer, LANES, 4), turns * UNROLL);
}

/** What WebAssembly sums with: its memory, and `lanes(at, turns)`, four blocks from `at` a turn into the lanes at LANES. */
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

/** The WebAssembly module, compiled; false when WebAssembly cannot run here. */
function compile(): Engine | false {
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()));
    return instance.exports as unknown as Engine;
  } catch {
    return false;
  }
}

/**
 * The module, assembled (WebAssembly's binary format, its instructions named):
 *
 *   (memory (export "memory") 0)
 *   (func (export "lanes") (param $at i32) (param $turns i32) (local $lanes v128)
 *     (block (loop
 *       (br_if 1 (i32.eqz (local.get $turns)))
 *       ;; for k in 0..3:
 *       ;;   $lanes = ($lanes << 5) - $lanes + (v128.load offset=16k (local.get $at)), in each lane
 *       (local.set $at (i32.add (local.get $at) (i32.const 64)))
 *       (local.set $turns (i32.sub (local.get $turns) (i32.const 1)))
 *       (br 0)))
 *     (v128.store (i32.const LANES) (local.get $lanes)))
 */
function moduleBytes(): Uint8Array {
  const [at, turns, lanes] = [0, 1, 2];
  const [i32, v128] = [0x7f, 0x7b];
  const simd = 0xfd;
  const op = {
    block: 0x02,
    loop: 0x03,
    end: 0x0b,
    br: 0x0c,
    brIf: 0x0d,
    get: 0x20,
    set: 0x21,
    const: 0x41,
    eqz: 0x45,
    add: 0x6a,
    sub: 0x6b,
    void: 0x40,
    // After the prefix 0xfd (as LEB128 numbers).
    load: [simd, 0x00],
    store: [simd, 0x0b],
    lanesShl: [simd, 0xab, 0x01],
    lanesAdd: [simd, 0xae, 0x01],
    lanesSub: [simd, 0xb1, 0x01],
  };
  // Each instruction, as its opcode, then its immediates.
  const block = (k: number) => [
    [op.get, lanes],
    [op.const, 5],
    op.lanesShl,
    [op.get, lanes],
    op.lanesSub, // ($lanes << 5) - $lanes
    [op.get, at],
    [...op.load, 4, 16 * k], // block k: aligned on 16 bytes (2^4), at offset 16k
    op.lanesAdd,
    [op.set, lanes],
  ];
  const instructions = [
    [op.block, op.void],
    [op.loop, op.void],
    [op.get, turns],
    [op.eqz],
    [op.brIf, 1],
    ...Array.from({ length: UNROLL }, (_, k) => block(k)).flat(),
    [op.get, at],
    [op.const, ...signed(16 * UNROLL)],
    [op.add],
    [op.set, at],
    [op.get, turns],
    [op.const, 1],
    [op.sub],
    [op.set, turns],
    [op.br, 0],
    [op.end],
    [op.end],
    [op.const, LANES],
    [op.get, lanes],
    [...op.store, 4, 0],
    [op.end],
  ];
  // One local of its own (the lanes), then the instructions.
  const body = [1, 1, v128, ...instructions.flat()];
  const section = (id: number, content: number[]) => [id, ...size(content.length), ...content];
  const name = (text: string) => [text.length, ...Buffer.from(text, 'latin1')];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 2, i32, i32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 0]),
    ...section(7, [2, ...name('memory'), 2, 0, ...name('lanes'), 0, 0]),
    ...section(10, [1, ...size(body.length), ...body]),
  ]);
}

/** An unsigned LEB128 number, as WebAssembly writes sizes. */
function size(value: number): number[] {
  const bytes: number[] = [];
  do {
    const low = value & 0x7f;
    value >>>= 7;
    bytes.push(value ? low | 0x80 : low);
  } while (value);
  return bytes;
}

/** A positive signed LEB128 number, as WebAssembly writes an i32.const (its last byte's 0x40 is the sign). */
function signed(value: number): number[] {
  const bytes = size(value);
  return bytes.at(-1)! & 0x40 ? [...bytes.slice(0, -1), bytes.at(-1)! | 0x80, 0] : bytes;
}
