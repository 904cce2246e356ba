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

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;

function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x300) return code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0xad ? 0 : 1;
  if (ZERO_WIDTH.test(char)) return 0;
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
  return EMOJI.test(char) ? 2 : 1;
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
