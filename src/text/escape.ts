import { lazyRegExp } from './lazy';

/**
 * Text from the server is untrusted: a hostile incident name must not move the cursor,
 * change the title, hide what the user is reading, or pass for another name. Every
 * character that is invisible or acts on the text rather than showing itself is shown
 * escaped, chosen by its Unicode category, not from a list:
 *
 * - Cc: C0 and C1 controls, DEL (`\x1b`, `\x9b`; newlines and tabs as `\n`, `\t`);
 * - Cf: format characters: zero-width space and joiners, direction marks and overrides
 *   (U+200B..U+200F, U+202A..U+202E, U+2066..U+2069, U+061C), the soft hyphen, the byte order
 *   mark, tag characters (U+E0000..U+E007F) (`\u200b`, `\u{e0041}`);
 * - Zl, Zp: the line and paragraph separators U+2028 and U+2029;
 * - Co, Cn, Cs: private-use and unassigned code points, and lone surrogates, which terminals
 *   draw as anything or nothing.
 *
 * So "Payments\u200B down" is printed `Payments\u200b down`, never as "Payments down".
 * Newlines and tabs are kept when asked (`keep.newlines`), for multi-line messages.
 */
const HIDDEN = lazyRegExp(() => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/gu);
/**
 * Nothing to escape, tested first (HIDDEN is slow to make and to run): printable ASCII, and
 * blocks whose every code point is assigned and none a control, format, separator or private
 * use character: Latin-1 without the soft hyphen, Latin Extended-A and -B, the dashes, quotes,
 * bullets and ellipsis of General Punctuation, arrows, box drawing, blocks and geometric
 * shapes (`·`, `…`, `—`, `→`, `█` in mon's own lines). test/text/escape.test.ts holds it to
 * HIDDEN on every code point. The blocks beyond ASCII are shared with output/render.ts's JSON_PLAIN.
 */
export const PLAIN_BEYOND_ASCII =
  '\\xa0-\\xac\\xae-\\u024f\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25ff';
const PLAIN = new RegExp(`^[\\x20-\\x7e${PLAIN_BEYOND_ASCII}]*$`);

export function sanitize(text: string, keep: { newlines?: boolean } = {}): string {
  if (PLAIN.test(text)) return text;
  return text.replace(HIDDEN(), (char) => {
    if (keep.newlines && (char === '\n' || char === '\t')) return char;
    return escapeChar(char);
  });
}

/** One character as an escape: `\n`, `\x1b`, `\u200b`, `\u{e0041}`. */
function escapeChar(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  const code = char.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/** Text shown in a one-line input: its newlines as spaces, other control characters escaped. */
export function oneLine(text: string): string {
  return sanitize(text.replace(/\s*\n\s*/g, ' '));
}
