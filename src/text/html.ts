import { sanitize } from './escape';

/*
 * Text into an HTML document (the sandbox's status pages). Everything that came from the
 * store is hostile: an incident named `<script>...`, a logo `javascript:...`, a theme colour
 * `red}</style><script>`. The `html` template escapes every value put into it unless it is
 * already HTML made by `html` itself, so a value forgotten is escaped, never trusted.
 *
 * - Text: `& < > " '` become entities, so the same escaping serves element text and
 *   (double- or single-quoted) attribute values. Before that, what is invisible or acts on
 *   the text (controls, direction overrides, zero-width characters: text/escape.ts's
 *   categories) is shown as an escape, `\u202e`, as the terminal shows it: a name cannot
 *   reorder or hide what a subscriber reads.
 * - URLs (a logo, a favicon): only absolute http: and https: ones, as the URL parser writes
 *   them back; anything else (javascript:, data:, a relative path) is left out.
 * - Colours (the theme, inside a <style>): only `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a
 *   colour keyword; anything else is left out (the page's own colour is used instead).
 */

/** HTML that `html` made (or a constant of the page's own): put into a document as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: hidden characters shown as escapes, then `& < > " '` as entities. */
export function escapeHtml(text: string, keep: { newlines?: boolean } = {}): string {
  return sanitize(text, keep).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** A message of several lines: its newlines kept (the page shows them with `white-space: pre-line`). */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text, { newlines: true }));
}

/** A constant of the page itself (its CSS, say), never anything from the store. */
export function trusted(constant: string): SafeHtml {
  return new SafeHtml(constant);
}

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[];

function piece(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Value[]).map(piece).join('');
  return escapeHtml(String(value as string | number));
}

/**
 * The template every part of a page is written with: html`<h1>${name}</h1>`. Strings and
 * numbers are escaped; SafeHtml (what `html` returned) is kept; arrays are joined; null,
 * undefined and false are nothing. Values go only between tags or inside quoted attributes.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** An absolute http(s) URL as the URL parser writes it back; undefined for anything else. */
export function httpUrl(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // The parser percent-encodes what a URL may not hold; a quote left in the host is refused here.
  if (/["'<>\s\\]/.test(url.href)) return undefined;
  return url.href;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const KEYWORD = /^[a-z]{3,20}$/i;

/** A colour for a stylesheet: hexadecimal or a keyword, else undefined (never anything that could end a rule). */
export function cssColor(text: string | null | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  return HEX_COLOR.test(value) || KEYWORD.test(value) ? value : undefined;
}
