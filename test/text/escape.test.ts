/*
 * Issue 27, item 7: look-alike names. Every invisible or format character in server text is
 * shown escaped, chosen by Unicode category (Cc, Cf, Zl, Zp, Co, Cn, Cs), so that
 * "Payments\u200B down" cannot pass for "Payments down" in a table, a picker or a confirmation.
 */
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../src/output/render';
import { sanitize } from '../../src/text/escape';

describe('sanitize escapes by category, not from a list', () => {
  const cases: [string, string, string][] = [
    ['zero-width space (Cf)', 'Payments\u200B down', 'Payments\\u200b down'],
    ['right-to-left mark (Cf)', 'a\u200Fb', 'a\\u200fb'],
    ['Arabic letter mark (Cf)', 'a\u061Cb', 'a\\u061cb'],
    ['line separator (Zl)', 'a\u2028b', 'a\\u2028b'],
    ['paragraph separator (Zp)', 'a\u2029b', 'a\\u2029b'],
    ['soft hyphen (Cf)', 'Pay\u00ADments', 'Pay\\xadments'],
    ['word joiner (Cf)', 'a\u2060b', 'a\\u2060b'],
    ['byte order mark (Cf)', '\uFEFFname', '\\ufeffname'],
    ['tag characters (Cf, beyond U+FFFF)', 'ok\u{E0041}\u{E007F}', 'ok\\u{e0041}\\u{e007f}'],
    ['private use (Co)', 'a\uE000b', 'a\\ue000b'],
    ['unassigned (Cn)', 'a\u0378b', 'a\\u0378b'],
    ['lone surrogate (Cs)', 'a\uD800b', 'a\\ud800b'],
    ['controls as before (Cc)', 'ok\u001b[2J\u009b\u007f', 'ok\\x1b[2J\\x9b\\x7f'],
    ['bidirectional overrides as before (Cf)', 'abc\u202Edcba\u2066', 'abc\\u202edcba\\u2066'],
  ];
  for (const [what, raw, shown] of cases) {
    it(what, () => {
      expect(sanitize(raw)).toBe(shown);
    });
  }

  it('leaves visible text alone: accents, CJK, emoji, combining marks, ordinary spaces', () => {
    const text = 'Ünïcødé ✓ 日本 🚀 e\u0301 a\u00A0b';
    expect(sanitize(text)).toBe(text);
  });

  it('keeps newlines and tabs when asked, and still escapes the rest', () => {
    expect(sanitize('a\nb\tc\u200Bd', { newlines: true })).toBe('a\nb\tc\\u200bd');
  });

  it('--json escapes format characters, separators and private use as \\uXXXX: the same JSON value', () => {
    const value = { name: 'Payments\u200B down\u2028\u{E0041}\uE000' };
    const text = jsonText(value);
    expect(text).toContain('"Payments\\u200b down\\u2028\\udb40\\udc41\\ue000"');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('sanitize', () => {
  it('escapes terminal control characters so hostile text cannot rewrite the terminal', () => {
    expect(sanitize('ok\u001b[2J\u001b]0;pwned\u0007done')).toBe('ok\\x1b[2J\\x1b]0;pwned\\x07done');
    expect(sanitize('a\nb\tc\rd')).toBe('a\\nb\\tc\\rd');
    expect(sanitize('a\nb', { newlines: true })).toBe('a\nb');
    expect(sanitize('\u009b31m')).toBe('\\x9b31m');
    expect(sanitize('abc\u202edcba')).toBe('abc\\u202edcba');
    expect(sanitize('Ünïcødé ✓ 日本')).toBe('Ünïcødé ✓ 日本');
  });
});
