/*
 * Issue 27, item 7: look-alike names. Every invisible or format character in server text is
 * shown escaped, chosen by Unicode category (Cc, Cf, Zl, Zp, Co, Cn, Cs), so that
 * "Payments\u200B down" cannot pass for "Payments down" in a table, a picker or a confirmation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/schemas/incidents';
import { jsonText } from '../../src/output/render';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { sanitize } from '../../src/text/escape';
import { displayWidth } from '../../src/text/width';
import { type CliOptions, frozenClock, memorySandbox, mon, TEST_ACCOUNT, TEST_KEY } from '../helpers';

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

describe('look-alike incident names in what a person reads', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await memorySandbox({ now: frozenClock() });
  });
  afterEach(async () => {
    await sandbox.close();
  });
  const run = (line: string | readonly string[], options: CliOptions = {}) =>
    mon(line, { sandbox, now: () => sandbox.clock.now(), ...options });

  async function open(name: string): Promise<Incident> {
    const response = await fetch(`${sandbox.url}/v1/status-pages/incidents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        severity: 'MAJOR',
        services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
        incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }],
      }),
    });
    return (await response.json()) as Incident;
  }

  it('a table tells them apart, and its columns stay aligned', async () => {
    await open('Payments down');
    await open('Payments\u200B down');
    await open('Payments\u00AD down');
    const result = await run('--no-color incidents list', { tty: true, columns: 120 });
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => line.includes('Payments'));
    expect(rows.map((row) => /Payments\S* down/.exec(row)![0]).sort()).toEqual([
      'Payments down',
      'Payments\\u200b down',
      'Payments\\xad down',
    ]);
    // The severity column starts at the same cell on every row (and on the header).
    const header = result.stdout.split('\n')[0]!;
    const column = displayWidth(header.slice(0, header.indexOf('SEVERITY')));
    for (const row of rows) expect(displayWidth(row.slice(0, row.indexOf('MAJOR')))).toBe(column);
  });

  it('the picker and the confirmation show the escaped name', async () => {
    const hidden = await open('Payments\u200B down');
    await open('Payments down');
    const result = await run('--no-color incidents update', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: hidden.id },
        { message: 'Message', answer: 'Found it.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.prompter.asked[0]!.choices).toEqual([
      expect.stringMatching(/^Payments down · /),
      expect.stringMatching(/^Payments\\u200b down · /),
    ]);
    // The confirmation names it escaped, and by its ID, which no look-alike shares.
    expect(result.stderr).toMatch(/Incident: +Payments\\u200b down \(MAJOR/);
    expect(result.stderr).toMatch(new RegExp(`ID: +${hidden.id}`));
    expect(result.stderr).not.toContain('\u200B');
  });
});
