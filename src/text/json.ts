/** How deep mon walks parsed JSON (printing, checking, masking): far more than any API answer needs. */
export const MAX_JSON_DEPTH = 1000;

/**
 * True when `value` has arrays or objects nested more than `limit` levels deep. Never recursive,
 * and the walk allocates nothing per container or value (an array per container and an
 * iterator per value made ~70 KB of garbage for a 24 KB answer).
 * With `text`, the JSON `value` was parsed from: a text that opens `limit` containers or fewer
 * in all cannot nest deeper, which a count of its brackets says without walking, as for nearly
 * every answer.
 */
export function exceedsDepth(value: unknown, limit = MAX_JSON_DEPTH, text?: string): boolean {
  if (text !== undefined && !opensMoreThan(text, limit)) return false;
  const containers: object[] = [];
  const depths: number[] = [];
  // Each container inside `current`, at depth `depth` + 1: false when that is too deep.
  const push = (inner: unknown, depth: number): boolean => {
    if (typeof inner !== 'object' || inner === null) return true;
    if (depth >= limit) return false;
    containers.push(inner);
    depths.push(depth + 1);
    return true;
  };
  if (!push(value, 0)) return true;
  while (containers.length) {
    const current = containers.pop()!;
    const depth = depths.pop()!;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) if (!push(current[index], depth)) return true;
    } else {
      for (const key in current) {
        if (Object.hasOwn(current, key) && !push((current as Record<string, unknown>)[key], depth)) return true;
      }
    }
  }
  return false;
}

/** Whether `text` holds more than `limit` of `{` and `[` (in strings too): counted with indexOf, up to one past the limit. */
function opensMoreThan(text: string, limit: number): boolean {
  let opened = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      if (++opened > limit) return true;
    }
  }
  return false;
}

/*
 * Numbers as received. JSON.parse makes every number a double: 9007199254740993 becomes
 * ...992, 1.10 becomes 1.1, 1e400 becomes Infinity (which JSON.stringify writes as null).
 * `parseJson` keeps the text of each number that JSON.stringify would write differently,
 * beside the parsed value (keyed by the object or array that holds it), and `stringifyJson`
 * writes that text back as long as the value was not changed: `--json`, `mon api`, the input
 * of `--jq` and a rewritten config file show the numbers as they were written. The values
 * themselves stay plain numbers for everything else mon does with them.
 */

const numberTexts = new WeakMap<object, Map<string, string>>();
/** Whether any text was kept in this process: until then stringifyJson is JSON.stringify. */
let anyKept = false;

/** Remembers that `holder[key]`, a number, was written `text`. */
export function keepNumberText(holder: object, key: string | number, text: string): void {
  let texts = numberTexts.get(holder);
  if (!texts) numberTexts.set(holder, (texts = new Map()));
  texts.set(String(key), text);
  anyKept = true;
}

/** The text `holder[key]` was written with, when it is still that number. */
export function keptNumberText(holder: object, key: string | number): string | undefined {
  const text = numberTexts.get(holder)?.get(String(key));
  // No text is Number(undefined), NaN: equal to no value.
  return Number(text) === (holder as Record<string, unknown>)[key] ? text : undefined;
}

/** After a copy (`{ ...source }`, a mapped object): the numbers `to` still shares with `from` keep their text. */
export function copyKeptNumbers(from: object, to: object): void {
  const texts = numberTexts.get(from);
  if (!texts) return;
  for (const [key, text] of texts) {
    if ((to as Record<string, unknown>)[key] === Number(text)) keepNumberText(to, key, text);
  }
}

/**
 * A number JSON.stringify may write otherwise, after the `:`, `[` or `,` that comes before every
 * number inside a container, and before the `,`, `]` or `}` after it (it may also match inside a
 * string: the walk then finds nothing): 16 digits or more, an exponent, a fraction ending in 0,
 * a fraction starting 0.000000, or -0.
 * A number with 15 significant digits or fewer and none of these is written back the same.
 */
const MAYBE_ODD = /[:[,]\s*(?:-0|-?(?:\d[\d.]{15,}|\d+(?:\.\d+)?[eE][+-]?\d+|\d+\.\d*0|0\.0{6}\d*))(?=\s*[,\]}])/;

/** JSON.stringify would write this number token differently (`1.0`, `1e3`, `-0`, 17+ digits). */
function isOdd(token: string): boolean {
  return String(Number(token)) !== token;
}

/** JSON.parse, keeping the text of every number that JSON.stringify would write differently. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  // A bare number (no container) has nothing to keep its text beside: the walk finds none.
  if (mayHoldOddNumber(text)) {
    walkNumbers(text, value, (holder, key, token) => {
      if (isOdd(token)) keepNumberText(holder, key, token);
      // A key given twice: its last number is the value, so an earlier one's text is dropped.
      else numberTexts.get(holder)?.delete(String(key));
    });
  }
  return value;
}

/** A quick look: most answers have no odd number at all. */
function mayHoldOddNumber(text: string): boolean {
  return MAYBE_ODD.test(text);
}

/**
 * Calls `found` for each number inside the containers of `root` (the value JSON.parse made of
 * `text`, which is valid JSON), with the array or object that holds it and its index or key,
 * and the path to it. A loop, not a recursion: nesting depth costs nothing.
 */
function walkNumbers(
  text: string,
  root: unknown,
  found: (holder: object, key: string | number, token: string, path: () => (string | number)[]) => void,
): void {
  interface Frame {
    holder: object | undefined;
    isArray: boolean;
    index: number;
    /** The key's JSON text, decoded only when a number needs it. */
    keyText: string;
  }
  const stack: Frame[] = [];
  let expectKey = false;
  const keyOf = (frame: Frame): string | number =>
    frame.isArray
      ? frame.index
      : frame.keyText.includes('\\')
        ? (JSON.parse(frame.keyText) as string)
        : frame.keyText.slice(1, -1);
  const path = () => stack.map(keyOf);
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, over escapes.
      let end = i + 1;
      for (let d = text.charCodeAt(end); d !== 0x22; d = text.charCodeAt(end)) end += d === 0x5c ? 2 : 1;
      const top = stack.at(-1);
      if (top && expectKey) {
        top.keyText = text.slice(i, end + 1);
        expectKey = false;
      }
      i = end + 1;
    } else if (c === 0x7b || c === 0x5b) {
      const top = stack.at(-1);
      let value: unknown = root;
      if (top) {
        const key = keyOf(top);
        value = top.holder && Object.hasOwn(top.holder, key) ? (top.holder as Record<string, unknown>)[key] : undefined;
      }
      // A key given twice keeps its last value: an earlier container of that name is walked with the last
      // one's holder (none when the last value is no container), and the last one is walked last.
      const holder = typeof value === 'object' && value !== null ? value : undefined;
      stack.push({ holder, isArray: c === 0x5b, index: 0, keyText: '""' });
      expectKey = c === 0x7b;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      i++;
    } else if (c === 0x2c) {
      const top = stack.at(-1)!;
      if (top.isArray) top.index++;
      else expectKey = true;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      for (
        let d = text.charCodeAt(end);
        (d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d;
        d = text.charCodeAt(end)
      )
        end++;
      const top = stack.at(-1);
      if (top?.holder) found(top.holder, keyOf(top), text.slice(i, end), path);
      i = end;
    } else {
      i++;
    }
  }
}

/**
 * JSON.stringify, writing each number parseJson (or keepNumberText) kept as its text. Until a
 * text was kept in this process, it is JSON.stringify itself (no cost on ordinary answers).
 */
export function stringifyJson(value: unknown, indent?: number | string): string {
  if (!anyKept) return JSON.stringify(value, null, indent);
  const texts: string[] = [];
  const mark = `\u0000${randomMark()}:`;
  const out = JSON.stringify(
    value,
    function (this: object, key: string, inner: unknown) {
      if (typeof inner !== 'number') return inner;
      const text = keptNumberText(this, key);
      if (text === undefined) return inner;
      texts.push(text);
      return `${mark}${texts.length - 1}`;
    },
    indent,
  );
  if (!texts.length) return out;
  // The mark is a NUL and a random word: JSON.stringify writes a NUL inside a string as "\u0000",
  // so only the placeholders written above match, whatever the strings of the body hold.
  const placeholder = new RegExp(`"\\\\u0000${mark.slice(1)}(\\d+)"`, 'g');
  return out.replace(placeholder, (_, index: string) => texts[Number(index)]!);
}

function randomMark(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Why mon refuses to send some numbers (what a double holds exactly), for messages. */
export const EXACT_RULE =
  'a JSON number is exact only up to 2^53 - 1 (9007199254740991) and to about 15 significant digits';

/**
 * Is `text` (a JSON number, or a number as typed) the same decimal value once made a double?
 * 9007199254740993 is not (it becomes ...992), nor is 1e400 (Infinity); 1.50 and 1e3 are.
 */
export function isExactNumber(text: string): boolean {
  const value = Number(text);
  return Number.isFinite(value) && decimal(text) === decimal(String(value));
}

/** A decimal number's value as "sign digits e exponent", without leading or trailing zeros. */
function decimal(text: string): string {
  const match = /^\s*\+?(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  if (!digits) return '0';
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/**
 * The numbers of a JSON document (valid JSON) that would not be sent as written: each with
 * its path in the document, e.g. `{ path: ['groupId'], text: '9007199254740993' }`.
 */
export function inexactNumbers(text: string, value: unknown): { path: (string | number)[]; text: string }[] {
  const out: { path: (string | number)[]; text: string }[] = [];
  if (mayHoldOddNumber(text)) {
    walkNumbers(text, value, (_holder, _key, token, path) => {
      if (!isExactNumber(token)) out.push({ path: path(), text: token });
    });
  }
  return out;
}
