import { describe, expect, it } from 'vitest';
import { testIO } from '../../src/io';
import {
  type Column,
  fitWidths,
  jsonArrayWriter,
  jsonText,
  LARGE_TABLE,
  printJson,
  renderTsv,
} from '../../src/output/render';
import { showList } from '../../src/output/present';
import type { IO } from '../../src/io';
import { displayWidth, fitPathLine, truncate, truncateMiddle } from '../../src/text/width';
import { stringifyJson } from '../../src/text/json';
import { cpuMs } from '../timeouts';
import { expectSameAs } from '../text/same-as';

/** A list as a command shows it: a table on a terminal, TSV piped (output/present.ts). */
const renderList = <R>(io: IO, rows: readonly R[], columns: readonly Column<R>[], empty: string) =>
  showList({ io, globals: {} }, { rows, columns, json: rows, empty });

describe('JSON output', () => {
  it('escapes what JSON.stringify leaves raw (DEL, C1 controls, bidi overrides), keeping the same value', () => {
    const value = { name: 'a\u001b[2J b\u009b31m c\u007f d\u202e e', 'k\u0085': ['\u2066'] };
    const text = jsonText(value);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('"a\\u001b[2J b\\u009b31m c\\u007f d\\u202e e"');
    expect(JSON.parse(text)).toEqual(value);
    const io = testIO();
    printJson(io, value);
    const writer = jsonArrayWriter(io);
    writer.write(value);
    writer.end();
    expect(io.stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
  });
});

interface Row {
  name: string;
  when: string;
}
const columns: Column<Row>[] = [
  { header: 'NAME', value: (row) => row.name, shrink: true },
  {
    header: 'WHEN',
    value: (row) => row.when,
    display: () => 'recently',
    color: (text, _row, io) => io.style.red(text),
  },
];

describe('lists', () => {
  it('prints TSV rows with no header when piped, values escaped', async () => {
    const io = testIO();
    await renderList(io, [{ name: 'a\tb', when: '2026-01-01' }], columns, 'Nothing.');
    expect(io.stdout).toBe('a\\tb\t2026-01-01\n');
    expect(io.stderr).toBe('');
  });

  it('prints an aligned table with a header on a terminal, fitted to its width', async () => {
    const io = testIO({ tty: true, columns: 30 });
    await io.setColor({ noColorFlag: true, env: {} });
    await renderList(io, [{ name: 'x'.repeat(60), when: 'w' }], columns, 'Nothing.');
    const lines = io.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+WHEN$/);
    expect(lines[1]).toMatch(/^x+…\s+recently$/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(30);
  });

  it('colours a table only when colour is on', async () => {
    const io = testIO({ tty: true });
    await io.setColor({ noColorFlag: false, env: { FORCE_COLOR: '1' } });
    await renderList(io, [{ name: 'n', when: 'w' }], columns, 'Nothing.');
    expect(io.stdout).toContain('\u001b[1mNAME\u001b[22m');
    expect(io.stdout).toContain('\u001b[31mrecently\u001b[39m');
    const plain = testIO({ tty: true });
    await plain.setColor({ noColorFlag: false, env: { NO_COLOR: '1' } });
    await renderList(plain, [{ name: 'n', when: 'w' }], columns, 'Nothing.');
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('says so on stderr when a list is empty on a terminal, and prints nothing piped', async () => {
    const io = testIO({ tty: true });
    await renderList(io, [], columns, 'No rows.');
    expect(io.stdout).toBe('');
    expect(io.stderr).toBe('No rows.\n');
    const piped = testIO();
    await renderList(piped, [], columns, 'No rows.');
    expect(piped.stdout + piped.stderr).toBe('');
  });

  it('fits widths by shrinking the widest shrinkable column first', () => {
    expect(fitWidths([40, 10, 20], [true, false, true], ['A', 'B', 'C'], 50)).toEqual([18, 10, 18]);
    expect(fitWidths([10, 10], [false, false], ['A', 'B'], 5)).toEqual([10, 10]);
    expect(truncate('日本語テキスト', 7)).toBe('日本語…');
    // What takes no cell: combining marks, zero-width and direction characters, colours.
    expect(displayWidth('e\u0301\u200b\u200f\u00ad\x1b[31mx\x1b[39m')).toBe(2);
    expect(displayWidth('🔥 ok')).toBe(5);
  });

  it("shrinks a column marked 'last' only once the others are at their floor, and cuts a path in its middle", () => {
    // [name, what the user types next (last), path-like (last)]
    expect(fitWidths([30, 20, 10], [true, 'last', false], ['A', 'B', 'C'], 50)).toEqual([16, 20, 10]);
    expect(fitWidths([30, 20, 10], [true, 'last', false], ['A', 'B', 'C'], 36)).toEqual([8, 14, 10]);
    const path = '/v1/status-pages/incidents/ec791282-e6e9-4bb1-9de4-d887c2814beb/incident-updates';
    expect(fitPathLine(path, 60)).toBe('/v1/status-pages/incidents/ec791282…/incident-updates');
    expect(fitPathLine(path, 50)).toBe('/v1/status-pages/incidents/ec79…/incident-updates');
    expect(fitPathLine(path, 30)).toBe('/v1/st…/ec79…/incident-updates');
    expect(displayWidth(fitPathLine(path, 30))).toBe(30);
    expect(truncateMiddle('日本語のテキスト', 7)).toBe('日本…ト');
  });

  it('streams --all --json as one valid JSON array', () => {
    const io = testIO();
    const writer = jsonArrayWriter(io);
    writer.write({ a: 1 });
    writer.write({ b: [1, 2] });
    writer.end();
    expect(JSON.parse(io.stdout)).toEqual([{ a: 1 }, { b: [1, 2] }]);
    const empty = testIO();
    const none = jsonArrayWriter(empty);
    none.end();
    expect(empty.stdout).toBe('[]\n');
  });

  it('a large table (written row by row, not by cli-table3) looks exactly as a small one: widths, truncation, wide characters, colours', async () => {
    type Row = { id: string; name: string | null; status: string; services: string };
    const statuses = ['INVESTIGATING', 'RESOLVED', ''];
    const table: Column<Row>[] = [
      { header: 'ID', value: (row) => row.id },
      { header: 'NAME', value: (row) => row.name, shrink: true },
      {
        header: 'STATUS',
        value: (row) => row.status,
        color: (text, row, io) => (row.status === 'RESOLVED' ? io.style.green(text) : io.style.red(text)),
      },
      { header: 'SERVICES', value: (row) => row.services, shrink: true },
    ];
    const rows: Row[] = Array.from({ length: LARGE_TABLE }, (_, n) => ({
      id: `abcdef${n}`,
      name: n % 7 === 0 ? null : n % 5 === 0 ? `停止 ${'長い名前'.repeat(n % 9)}` : `Incident ${'x'.repeat(n % 50)}`,
      status: statuses[n % 3]!,
      services: n % 4 === 0 ? '' : 'Public API, Checkout, 決済',
    }));
    for (const color of [false, true]) {
      const small = testIO({ tty: true, columns: 90, rows: 1000 });
      const large = testIO({ tty: true, columns: 90, rows: 1000 });
      for (const io of [small, large])
        await io.setColor({ noColorFlag: !color, env: color ? { FORCE_COLOR: '1' } : {} });
      await renderList(small, rows, table, 'Nothing.');
      // One more row, no wider than the others: the same widths, the other renderer.
      await renderList(large, [...rows, { id: 'abc', name: 'n', status: 'RESOLVED', services: '' }], table, 'Nothing.');
      const smallLines = small.stdout.split('\n');
      const largeLines = large.stdout.split('\n');
      expect(largeLines).toHaveLength(smallLines.length + 1);
      expect(largeLines.slice(0, LARGE_TABLE + 1)).toEqual(smallLines.slice(0, LARGE_TABLE + 1));
      expect(Math.max(...smallLines.map((line) => line.replace(/\u001b\[\d+m/g, '').length))).toBeLessThanOrEqual(90);
    }
  });

  it('renders 20,000 rows in time linear in rows', async () => {
    const io = testIO({ tty: true, columns: 120, rows: 100_000 });
    const rows = Array.from({ length: 20_000 }, (_, n) => ({ name: `Incident ${n}`, when: 'w' }));
    // CPU time, which other processes do not stretch: ~0.1 s here; cli-table3 alone took ~10 s per 10,000 rows.
    expect(await cpuMs(() => renderList(io, rows, columns, 'Nothing.'))).toBeLessThan(10_000);
    const lines = io.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20_001);
    expect(lines[20_000]).toMatch(/^Incident 19999\s+recently$/);
  });

  it('writes TSV through renderTsv for scripts', () => {
    const io = testIO();
    renderTsv(io, [{ name: 'n', when: 'w' }], columns);
    expect(io.stdout).toBe('n\tw\n');
  });
});

describe('JSON text beyond ASCII with nothing to escape', () => {
  it('is written as the Unicode expression alone wrote it (plain blocks are tested first)', () => {
    const old = (value: unknown) => {
      const json = stringifyJson(value, 2);
      if (!/[^\x00-\x7e]/.test(json)) return json;
      return json.replace(/[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}]/gu, (char) =>
        Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(
          '',
        ),
      );
    };
    const cases = ['…679e', 'a · b — c → █', '\u00ad', '\u200b', '\u2028', '\ue000', '\u{f0000}', '\u0378', 'é\u202e'];
    expectSameAs(jsonText, old, cases);
    expectSameAs(
      (text) => jsonText({ [text]: [text, 1] }),
      (text) => old({ [text]: [text, 1] }),
      [],
    );
    for (let code = 0x7f; code <= 0xffff; code++) {
      const text = `…${String.fromCharCode(code)}`;
      if (jsonText(text) !== old(text)) throw new Error(`differs on U+${code.toString(16)}`);
    }
  });
});
