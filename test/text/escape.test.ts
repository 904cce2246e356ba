/*
 * Issue 27, item 7: look-alike names. Every invisible or format character in server text is
 * shown escaped, chosen by Unicode category (Cc, Cf, Zl, Zp, Co, Cn, Cs), so that
 * "Payments\u200B down" cannot pass for "Payments down" in a table, a picker or a confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonText } from '../../src/output/render';
import type { Sandbox } from '../../src/sandbox/server';
import { sanitize } from '../../src/text/escape';
import { memorySandbox, mon, sandboxCall, TEST_ACCOUNT, testEnv } from '../helpers';

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

  it('every code point of the Basic Multilingual Plane is escaped exactly when its category says so', () => {
    const hidden = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]$/u;
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      // Alone, and among text that is plain (the fast path reads the whole text).
      const alone = sanitize(char) !== char;
      const among = sanitize(`a·${char}…b`) !== `a·${char}…b`;
      if (alone !== hidden.test(char) || among !== alone) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('keeps newlines and tabs when asked, and still escapes the rest', () => {
    expect(sanitize('a\nb\tc\u200Bd', { newlines: true })).toBe('a\nb\tc\\u200bd');
  });

  it('keeps only newlines and tabs when asked: a carriage return (which would let a line overwrite itself) and every other control is escaped', () => {
    expect(sanitize('Resolved.\rAll fine, nothing happened', { newlines: true })).toBe(
      'Resolved.\\rAll fine, nothing happened',
    );
    expect(sanitize('a\r\nb', { newlines: true })).toBe('a\\r\nb');
    for (let code = 0; code <= 0x9f; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      const char = String.fromCharCode(code);
      const kept = char === '\n' || char === '\t';
      expect(sanitize(`a${char}b`, { newlines: true }), `U+${code.toString(16)}`).toBe(
        kept ? `a${char}b` : `a${sanitize(char)}b`,
      );
      if (!kept) expect(sanitize(char)).toMatch(/^\\/);
    }
    for (const separator of ['\u2028', '\u2029'])
      expect(sanitize(separator, { newlines: true })).toBe(sanitize(separator));
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

describe('hostile text from the server, through the commands', () => {
  // A title change (OSC), a screen clear (CSI), a C1 CSI, a cursor move up, and a right-to-left override.
  const NAME = 'Evil \u001b]0;pwned\u0007 \u001b[2J\u009b31m\u202eesrever';
  const MESSAGE = 'First line\u001b[1A\u001b[2K fake \u0085 line\rAll fine';
  /** Anything that could act on a terminal (a carriage return too), beyond the line breaks and tabs of our own layout. */
  const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  let sandbox: Sandbox;
  let id: string;
  let updateId: string;
  beforeAll(async () => {
    sandbox = await memorySandbox();
    const { body } = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
      name: NAME,
      severity: 'MAJOR',
      services: [{ id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API', accountId: TEST_ACCOUNT }],
      incidentUpdates: [{ description: MESSAGE }],
    });
    ({ id } = body as { id: string });
    updateId = (body as { incidentUpdates: { id: string }[] }).incidentUpdates[0]!.id;
  });
  afterAll(() => sandbox.close());

  it('comes out escaped when piped, and as the same JSON value with --json', async () => {
    const [list, get, update, resolved, listJson, getJson] = await Promise.all(
      [
        'incidents list',
        `incidents get ${id}`,
        `incidents updates get ${id} ${updateId}`,
        `incidents resolve ${id} --dry-run`,
        'incidents list --json',
        `incidents get ${id} --json`,
      ].map((line) => mon(line, { sandbox })),
    );
    for (const output of [list!, get!, update!, resolved!, listJson!, getJson!]) {
      expect(output.code).toBe(0);
      expect(output.stdout + output.stderr).not.toMatch(CONTROL);
    }
    expect(list!.stdout).toContain('Evil \\x1b]0;pwned\\x07 \\x1b[2J\\x9b31m\\u202eesrever');
    expect(get!.stdout).toContain('First line\\x1b[1A\\x1b[2K fake \\x85 line');
    expect(update!.stdout).toContain('description\tFirst line\\x1b[1A');
    expect(JSON.parse(listJson!.stdout).entries.find((incident: { id: string }) => incident.id === id).name).toBe(NAME);
    expect(JSON.parse(getJson!.stdout).incidentUpdates[0].description).toBe(MESSAGE);
    expect(getJson!.stdout).toContain('"name": "Evil \\u001b]0;pwned\\u0007 \\u001b[2J\\u009b31m\\u202eesrever"');
  });

  it('comes out escaped on a terminal, where a message keeps its own line breaks', async () => {
    const [get, update] = await Promise.all(
      [`incidents get ${id}`, `incidents updates get ${id} ${updateId}`].map((line) =>
        mon(line, { sandbox, tty: true, env: testEnv({ sandbox, env: { NO_COLOR: '1' } }) }),
      ),
    );
    for (const output of [get!, update!]) {
      expect(output.code).toBe(0);
      expect(output.stdout + output.stderr).not.toMatch(CONTROL);
      expect(output.stdout).toContain('First line\\x1b[1A\\x1b[2K fake \\x85 line\\rAll fine');
    }
  });
});
