import { lazyRegExp } from './lazy';

/**
 * How many terminal cells text takes: wide characters (CJK, emoji) two, combining marks and
 * format characters (zero-width space, joiners, soft hyphen, direction marks) none, colour and
 * other escape sequences none. Wrapping, tables and the spinner all measure with this.
 */

/** CSI (colours, cursor moves) and OSC (titles, links) escape sequences. */
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** Text without its escape sequences (what the terminal shows). */
export function stripEscapes(value: string): string {
  return value.replace(ESCAPES, '');
}

/** Needed for text past U+0300 only. */
const ZERO_WIDTH = lazyRegExp(() => /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u);
const EMOJI = lazyRegExp(() => /^\p{Emoji_Presentation}$/u);

function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x300) return code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0xad ? 0 : 1;
  if (ZERO_WIDTH().test(char)) return 0;
  if (
    code >= 0x1100 &&
    (code <= 0x115f ||
      (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1f300 && code <= 0x1faff) ||
      (code >= 0x20000 && code <= 0x3fffd))
  )
    return 2;
  return EMOJI().test(char) ? 2 : 1;
}

/** Visible width in terminal cells. */
export function displayWidth(value: string): number {
  let width = 0;
  for (const char of value.includes('\x1b') ? stripEscapes(value) : value) width += charWidth(char);
  return width;
}

/** The text cut to `width` cells, ending in "…" when it was cut (escape sequences are not expected here). */
export function truncate(value: string, width: number): string {
  if (displayWidth(value) <= width) return value;
  let out = '';
  let used = 0;
  for (const char of value) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

/** The text cut in the middle to `width` cells ("/v1/status-pages/inc…/incident-updates"), both ends kept. */
export function truncateMiddle(value: string, width: number): string {
  if (displayWidth(value) <= width) return value;
  if (width <= 1) return width === 1 ? '…' : '';
  const chars = [...value];
  const keep = width - 1;
  const tail: string[] = [];
  let used = 0;
  // The end is what tells paths apart: it gets the larger half.
  for (let i = chars.length - 1; i >= 0 && used + charWidth(chars[i]!) <= Math.ceil(keep / 2); i--) {
    tail.unshift(chars[i]!);
    used += charWidth(chars[i]!);
  }
  return `${truncate(value, width - used).slice(0, -1)}…${tail.join('')}`;
}

/** An ID in a path (a UUID, or any long run of hex digits and dashes). */
const PATH_ID = /(?<=\/)[0-9a-f]{4}[0-9a-f-]{8,}(?=\/|$|\?)/gi;

/**
 * A line naming a path, fitted to `width` cells: IDs in the path are shortened first, to 8
 * characters (as tables show them), then to 4 (`/v1/status-pages/incidents/3f0c…/incident-updates`),
 * then the middle is cut, keeping the most of the path's end that starts at a "/".
 */
export function fitPathLine(value: string, width: number): string {
  // What comes before the path ("Waiting for GET ") stays when the path keeps some room.
  const start = value.indexOf(' /') + 1;
  if (start > 0) {
    const before = value.slice(0, start);
    const room = width - displayWidth(before);
    if (room >= 24) return before + fitPathLine(value.slice(start), room);
  }
  let shown = value;
  for (const keep of [8, 4]) {
    if (displayWidth(shown) <= width) return shown;
    shown = value.replace(PATH_ID, (id) => `${id.slice(0, keep)}…`);
  }
  if (displayWidth(shown) <= width) return shown;
  // The longest end from a "/" on that leaves a few cells of the start.
  for (let at = shown.indexOf('/', 1); at > 0; at = shown.indexOf('/', at + 1)) {
    const tail = displayWidth(shown.slice(at));
    if (tail <= width - 5) return `${truncate(shown.slice(0, at), width - tail)}${shown.slice(at)}`;
  }
  return truncateMiddle(shown, width);
}
