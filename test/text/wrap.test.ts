/**
 * text/wrap.ts: what a person reads on a terminal is broken at spaces to its width, with a
 * hanging indent, and the IO writes every message through it.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth, stripEscapes } from '../../src/text/width';
import { answerShown, cutRows, fitText, hangingIndent, TerminalWrapper, wrapLine, wrapText } from '../../src/text/wrap';

const fit = (text: string, width: number) => new TerminalWrapper(() => width).write(text);
const rows = (text: string) => text.split('\n');
/** Every word of the input is on one row of the output. */
const words = (text: string) => stripEscapes(text).split(/\s+/).filter(Boolean);

describe('TerminalWrapper', () => {
  it('breaks at spaces, continues under the text after a label or a marker, and splits no word', () => {
    const error =
      'error: --status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED (got "identifed"): did you mean identified?\n';
    const out = fit(error, 40);
    expect(rows(out)).toEqual([
      'error: --status must be one of',
      '       INVESTIGATING, IDENTIFIED,',
      '       MONITORING or RESOLVED (got',
      '       "identifed"): did you mean',
      '       identified?',
      '',
    ]);
    expect(words(out)).toEqual(words(error));
    expect(rows(fit('✓ Posted an update to "Checkout errors": IDENTIFIED (was INVESTIGATING).\n', 40))).toEqual([
      '✓ Posted an update to "Checkout errors":',
      '  IDENTIFIED (was INVESTIGATING).',
      '',
    ]);
    // An aligned label (a detail view, a confirmation summary), and an indented paragraph (a timeline).
    expect(rows(fit('  Message:  We are looking into failed payments by card.\n', 40))).toEqual([
      '  Message:  We are looking into failed',
      '            payments by card.',
      '',
    ]);
    expect(rows(fit('    We are looking into failed payments by card in Europe.\n', 40))).toEqual([
      '    We are looking into failed payments',
      '    by card in Europe.',
      '',
    ]);
  });

  it('leaves a line that fits as it is, colours included, and never splits a word that fits a row', () => {
    const line = '\u001b[31merror:\u001b[39m short\n';
    expect(fit(line, 20)).toBe(line);
    const colored = fit('\u001b[31merror:\u001b[39m colored words that go on and on for a while\n', 30);
    for (const row of rows(colored)) expect(displayWidth(row)).toBeLessThanOrEqual(30);
    expect(words(colored)).toEqual(words('error: colored words that go on and on for a while'));
    // An ID longer than the room after the label, but not than a row: a row of its own.
    expect(rows(fit('ID:          ec791282-e6e9-4bb1-9de4-d887c2814beb\n', 40))).toEqual([
      'ID:',
      'ec791282-e6e9-4bb1-9de4-d887c2814beb',
      '',
    ]);
    // Only a word wider than the terminal is cut.
    expect(rows(fit(`see ${'x'.repeat(25)}\n`, 20))).toEqual(['see', 'x'.repeat(20), 'x'.repeat(5), '']);
  });

  it('never breaks a `command`: the next row when it does not fit, a row of its own when it is longer than one', () => {
    expect(rows(fit('Run `mon incidents list --status all` to see them.\n', 36))).toEqual([
      'Run',
      '`mon incidents list --status all` to',
      'see them.',
      '',
    ]);
    // Under the text when it fits there, from the row's start when it fits only there.
    expect(rows(fit('error: try `mon --sandbox incidents list --status all` now.\n', 50))).toEqual([
      'error: try',
      '       `mon --sandbox incidents list --status all`',
      '       now.',
      '',
    ]);
    expect(rows(fit('error: try `mon --sandbox incidents list --status all --limit 5` now.\n', 50))).toEqual([
      'error: try',
      '`mon --sandbox incidents list --status all --limit 5`',
      '       now.',
      '',
    ]);
    // Longer than a row: whole, on a row of its own (the terminal folds it, and copies it back as one line).
    const long = fit('Next: `mon incidents update ec791282 --status identified --message "..."`\n', 40);
    expect(rows(long)).toEqual(['Next:', '`mon incidents update ec791282 --status identified --message "..."`', '']);
  });

  it('follows a line written in parts, and lets a write that moves the cursor (a spinner) through untouched', () => {
    const wrapper = new TerminalWrapper(() => 30);
    expect(wrapper.write('Reading --message from stdin; ')).toBe('Reading --message from stdin; ');
    expect(wrapper.write('end it with Ctrl-D.\n')).toBe('\nend it with Ctrl-D.\n');
    const spinner = `\r⠙ ${'Waiting for GET /v1/status-pages'}\u001b[K`;
    expect(wrapper.write(spinner)).toBe(spinner);
    expect(wrapper.write('\r\u001b[K')).toBe('\r\u001b[K');
    expect(wrapper.write('a line after the spinner is fitted again\n')).toBe(
      'a line after the spinner is\nfitted again\n',
    );
  });

  it('wraps text for a list with a given indent (picker items)', () => {
    expect(wrapText('  Checkout errors on the payment page · MAJOR · started 5m ago', 30, 2)).toBe(
      '  Checkout errors on the\n  payment page · MAJOR ·\n  started 5m ago',
    );
    // A wide character never fits a row's last cell, but is put there rather than lost; the
    // next row starts at the indent, without the space that followed it.
    expect(wrapText(`${' '.repeat(9)}日 b`, 10, 2)).toBe(`${' '.repeat(9)}日\n  b`);
  });

  it('indents under a label or a marker only when that leaves room for the text', () => {
    expect(hangingIndent('error: x', 80)).toBe(7);
    expect(hangingIndent('- item', 80)).toBe(2);
    expect(hangingIndent('Incident:    Checkout', 80)).toBe(13);
    expect(hangingIndent('Authentication failed: the key was rejected', 80)).toBe(0);
    expect(hangingIndent('Incident:    Checkout', 20)).toBe(0);
  });
});

/** What a terminal shows after these writes, in order, to one wrapper of `width` columns. */
const shown = (width: number, ...writes: string[]) => {
  const wrapper = new TerminalWrapper(() => width);
  return writes.map((text) => wrapper.write(text)).join('');
};
const x = (n: number) => 'x'.repeat(n);
const a = (n: number) => 'a'.repeat(n);

describe('TerminalWrapper at each bound', () => {
  it.each([
    ['a line exactly as wide as the row stays whole', 17, ['Run the check now'], 'Run the check now'],
    ['one cell more moves the last word', 17, ['Run the check now!'], 'Run the check\nnow!'],
    ['wide characters count two cells: exactly the row', 15, ['状態 確認中です'], '状態 確認中です'],
    ['wide characters: one cell short', 14, ['状態 確認中です'], '状態\n確認中です'],
    [
      'a word of wide characters is cut between characters',
      11,
      ['確認中です確認中です確'],
      '確認中です\n確認中です\n確',
    ],
    ['a first word longer than the row is cut, not moved', 20, [x(25)], `${x(20)}\n${x(5)}`],
    ['the same after a newline', 20, [`ok\n${x(25)}`], `ok\n${x(20)}\n${x(5)}`],
    ['the same in the next write after a line ended', 20, ['ok\n', x(25)], `ok\n${x(20)}\n${x(5)}`],
    // "error: see " leaves 13 cells under the text, of 20.
    ['a word that fits under the text goes there', 20, [`error: see ${a(13)}`], `error: see\n       ${a(13)}`],
    ['one cell more: a row of its own, from the start', 20, [`error: see ${a(14)}`], `error: see\n${a(14)}`],
    ['a word exactly as wide as a row: a row of its own', 20, [`error: see ${a(20)}`], `error: see\n${a(20)}`],
    [
      'one cell wider than a row: cut, under the text',
      20,
      [`error: see ${a(21)}`],
      `error: see\n       ${a(13)}\n       ${a(8)}`,
    ],
    [
      'cut where the rest exactly fills the last row',
      20,
      [`error: see ${a(26)}`],
      `error: see\n       ${a(13)}\n       ${a(13)}`,
    ],
    ['an indented line keeps its indent before a word that is cut', 20, [`    ${x(25)}`], `    ${x(16)}\n    ${x(9)}`],
    [
      'an indented `command` longer than a row keeps its indent, whole',
      20,
      ['  `mon incidents list --status all`'],
      '  `mon incidents list --status all`',
    ],
    [
      'the trailing space of a line left open (a question) is shown',
      40,
      ['Type the message for the incident update and end it with Ctrl-D: '],
      'Type the message for the incident update\nand end it with Ctrl-D: ',
    ],
    [
      'only as many trailing spaces as the row has room for',
      40,
      ['Type the message for the incident update and end it with one line of Ctrl-D now:   '],
      'Type the message for the incident update\nand end it with one line of Ctrl-D now: ',
    ],
    [
      'trailing spaces before a newline are not written',
      40,
      ['Type the message for the incident update and end it here   \nnext'],
      'Type the message for the incident update\nand end it here\nnext',
    ],
    ['a line that fits keeps its trailing spaces before a newline', 20, ['Name:  \nnext'], 'Name:  \nnext'],
    ['so does a line exactly as wide as the row', 20, [`Name:${' '.repeat(15)}\nnext`], `Name:${' '.repeat(15)}\nnext`],
    [
      'after a trailing space, the next write continues on the same row while it fits',
      40,
      ['Type the message for the incident update and end it with Ctrl-D: ', 'abcdefghijklmnop'],
      'Type the message for the incident update\nand end it with Ctrl-D: abcdefghijklmnop',
    ],
    [
      'a trailing space filling the row: the next write goes on the next row',
      40,
      ['Type the message for the incident update and end it with one line of Ctrl-D now:   ', 'x'],
      'Type the message for the incident update\nand end it with one line of Ctrl-D now: \nx',
    ],
    [
      'an indented first word wider than the room is cut under the indent',
      10,
      [`    ${a(8)}`],
      `    ${a(6)}\n    ${a(2)}`,
    ],
    // A wide character never fits the last cell of a row, but is put there rather than lost;
    // the next row starts under the text, without the spaces that followed it.
    [
      'a wide character on the last cell of a row',
      10,
      [`${' '.repeat(9)}日 b`],
      `${' '.repeat(9)}日\n${' '.repeat(9)}b`,
    ],
    // Indented wider than the row: the rows after the first start at the row's start (this never
    // returned before: every row started past the row's end, so nothing of the word was left to cut).
    ['a line indented wider than the row', 10, [`${' '.repeat(11)}abc def`], `${' '.repeat(11)}a\nbc def`],
    ['an empty write changes nothing', 20, ['', 'ok'], 'ok'],
    [
      'a line ended by a newline: the next write starts a new line, with its own indent',
      40,
      ['done\n', 'error: --status must be one of INVESTIGATING or RESOLVED'],
      'done\nerror: --status must be one of\n       INVESTIGATING or RESOLVED',
    ],
    // A colour alone takes no cell: the row is still empty.
    ['a colour written alone leaves the row empty', 20, ['\u001b[1m', x(25)], `\u001b[1m${x(20)}\n${x(5)}`],
  ])('%s', (_name, width, writes, expected) => {
    expect(shown(width, ...writes)).toBe(expected);
  });

  it.each([
    // The spinner's "\rxyz" leaves 3 cells used: 3 + 1 + 16 fits 20, 3 + 1 + 17 does not.
    ['after a carriage return, the row holds what follows it', ['abcdefghij\rxyz', ` ${x(16)}`], ` ${x(16)}`],
    ['one cell more goes on the next row', ['abcdefghij\rxyz', ` ${x(17)}`], `\n${x(17)}`],
    // Text written with an erase and no carriage return adds to the row (8 + 2 cells used).
    ['an erase keeps the column', ['abcdefgh', 'ij\u001b[K', ` ${x(9)}`], ` ${x(9)}`],
    ['an erase keeps the column: one cell more', ['abcdefgh', 'ij\u001b[K', ` ${x(10)}`], `\n${x(10)}`],
    ['a carriage return alone: the next line starts afresh', ['abc', '\r', x(25)], `${x(20)}\n${x(5)}`],
    ['a line that does not fit after a spinner', ['\rab', ` ${x(19)}`], `\n${x(19)}`],
  ])('%s', (_name, writes, expectedLast) => {
    const wrapper = new TerminalWrapper(() => 20);
    const outs = writes.map((text) => wrapper.write(text));
    expect(outs.slice(0, -1)).toEqual(writes.slice(0, -1));
    expect(outs.at(-1)).toBe(expectedLast);
  });

  it('never fits to fewer than 10 columns', () => {
    expect(shown(4, 'one two three four')).toBe('one two\nthree four');
  });
});

describe('hangingIndent at each bound', () => {
  it.each([
    ['12. item', 80, 4],
    ['1) item', 80, 3],
    ['1.  item', 80, 4],
    ['123. item', 80, 0],
    ['ab) item', 80, 0],
    ['  - item', 80, 4],
    ['Step2: text', 80, 7],
    // A colon inside the text (a time) is no label.
    ['Time 10:30 note:  ok', 80, 0],
    // Under the text only while that is at most half the width.
    ['error: x', 14, 7],
    ['error: x', 13, 0],
    // A line indented wider than half the row continues under its start, while that leaves a cell.
    [`${' '.repeat(10)}x`, 11, 10],
    [`${' '.repeat(11)}x`, 11, 0],
  ])('%j at %i columns: %i', (line, width, indent) => {
    expect(hangingIndent(line, width)).toBe(indent);
  });
});

describe('fitText (help and docs text)', () => {
  it.each([
    [
      'lines of a paragraph are joined',
      'Creates a check.\nIt runs every minute.',
      80,
      'Creates a check. It runs every minute.',
    ],
    ['a blank line separates paragraphs', 'First.\n\nSecond.', 80, 'First.\n\nSecond.'],
    ['several blank lines (spaces too) become one', 'First.\n\n  \n\nSecond.', 80, 'First.\n\nSecond.'],
    ['spaces at the end of a joined line are dropped', 'First line\nand more   ', 80, 'First line and more'],
    [
      'an indented line stays a line of its own, and so does the line after it',
      'Examples:\n  mon checks list\n  mon checks get ID\nmore text\nand more',
      80,
      'Examples:\n  mon checks list\n  mon checks get ID\nmore text and more',
    ],
    ['a paragraph exactly as wide as the width', 'aaaa\nbbbb', 9, 'aaaa bbbb'],
    ['one character more', 'aaaa\nbbbbb', 9, 'aaaa\nbbbbb'],
    [
      'an indented line continues under its first value',
      '  Locations: eu-west-1, us-east-1, ap-south-1',
      30,
      '  Locations: eu-west-1,\n             us-east-1,\n             ap-south-1',
    ],
  ])('%s', (_name, text, width, expected) => {
    expect(fitText(text, width)).toBe(expected);
  });
});

describe('wrapLine', () => {
  it.each<[string, string, number, number | undefined, string[]]>([
    ['a line exactly as wide as the width', 'aaaa bbbbb', 10, undefined, ['aaaa bbbbb']],
    ['one character more', 'aaaa bbbbbb', 10, undefined, ['aaaa', 'bbbbbb']],
    ['a line that fits keeps its spaces as they are', 'a  b', 4, undefined, ['a  b']],
    ['so does one exactly as wide, spaces at its end included', 'ab  ', 4, undefined, ['ab  ']],
    ['a word longer than the width is cut', 'abcdefghijkl', 5, undefined, ['abcde', 'fghij', 'kl']],
    ['cut under the indent', '  abcdefghijkl', 6, undefined, ['  abcd', '  efgh', '  ijkl']],
    ['runs of spaces become one when wrapped', 'a  b   c d e', 5, undefined, ['a b c', 'd e']],
    [
      'a given hanging indent, a row exactly filled',
      'Global options: --json, --sandbox, --profile',
      20,
      2,
      ['Global options:', '  --json, --sandbox,', '  --profile'],
    ],
    [
      'an unindented label gets no hanging indent',
      'Locations: aaaa, bbbb',
      16,
      undefined,
      ['Locations: aaaa,', 'bbbb'],
    ],
    [
      'an indented label: under its value',
      '  Locations: aaaa, bbbb, cccc, dddd',
      26,
      undefined,
      ['  Locations: aaaa, bbbb,', '             cccc, dddd'],
    ],
    ['an indented line without a label: under its start', '  aaaa bbbb cccc', 11, undefined, ['  aaaa bbbb', '  cccc']],
    [
      'the spaces after a label count as one',
      '  Locations:   aaaa, bbbb, cccc, dddd',
      26,
      undefined,
      ['  Locations: aaaa, bbbb,', '             cccc, dddd'],
    ],
    [
      'a label only as the first word',
      '  see Locations: aaaa, bbbb',
      20,
      undefined,
      ['  see Locations:', '  aaaa, bbbb'],
    ],
    // An indent as wide as the line leaves no room for a word: from the row's start instead
    // (these never returned before: the cut word grew by its indent on every row).
    ['a given indent one less than the width is kept', 'aa bb cc', 5, 4, ['aa bb', '    c', '    c']],
    ["a given indent as wide as the line: from the row's start", 'aa bb cc', 5, 5, ['aa bb', 'cc']],
    ["a line indented wider than the width: from the row's start", '      abcdefgh', 4, undefined, ['abcd', 'efgh']],
    ["a line indented exactly the width: from the row's start", '    abcdefgh', 4, undefined, ['abcd', 'efgh']],
    ['a line indented one less than the width: under its start', '   abc', 4, undefined, ['   a', '   b', '   c']],
    [
      'an indented label taking exactly half the row: under its value',
      '  Location: aaaa bbbb',
      24,
      undefined,
      ['  Location: aaaa bbbb'],
    ],
    ['the same, wrapped', '  Location: aaaa bbbb cccc', 24, undefined, ['  Location: aaaa bbbb', '            cccc']],
    [
      "an indented label one cell past half the row: under the line's start",
      '  Locations: aaaa bbbb cccc',
      24,
      undefined,
      ['  Locations: aaaa bbbb', '  cccc'],
    ],
    [
      "a label just under the width: under the line's start, not one character per row",
      '  Locations-of-it: abc def',
      20,
      undefined,
      ['  Locations-of-it:', '  abc def'],
    ],
    [
      "a label wider than the width: under the line's start",
      '  --alert-channel-subscriptions: aaaa, bbbb, cccc',
      20,
      undefined,
      ['  --alert-channel-su', '  bscriptions: aaaa,', '  bbbb, cccc'],
    ],
  ])('%s', (_name, text, width, hanging, expected) => {
    expect(wrapLine(text, width, hanging)).toEqual(expected);
  });
});

describe('cutRows (text without spaces, such as JSON)', () => {
  it.each<[string, number, string[]]>([
    ['abcdef', 3, ['abc', 'def']],
    ['abcdef', 4, ['abcd', 'ef']],
    ['abcdef', 6, ['abcdef']],
    ['', 4, []],
    // Wide characters: never half of one; one on a row of its own when a row has fewer cells.
    ['日本語', 4, ['日本', '語']],
    ['日本語', 3, ['日', '本', '語']],
    ['日本', 1, ['日', '本']],
    ['ab', 0, ['a', 'b']],
    // A colour takes no cell and is never cut in two.
    ['\u001b[31mab\u001b[39m', 1, ['\u001b[31ma', 'b\u001b[39m']],
  ])('%j in rows of %i cells', (text, cells, expected) => {
    expect(cutRows(text, cells)).toEqual(expected);
  });
});

describe('answerShown (the line a question leaves)', () => {
  // "✔ Which open incident? " takes 23 cells; the last column is left free.
  it.each([
    ['an answer that fits stays one line', 80, 'Checkout errors on the payment page'],
    ['broken at the last word that fits', 41, 'Checkout errors\n  on the payment page'],
    ['one column more: one more word', 42, 'Checkout errors on\n  the payment page'],
    ['no room even for its first word: as it is', 30, 'Checkout errors on the payment page'],
  ])('%s', (_name, columns, expected) => {
    expect(answerShown(columns, 'Which open incident?', 'Checkout errors on the payment page')).toBe(expected);
  });
});
