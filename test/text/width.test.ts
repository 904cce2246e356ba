/**
 * text/width.ts: how many terminal cells text takes, and text cut to a width. Tables, the
 * spinner's "Waiting for GET /v1/..." line and the wrapper measure with it: a character
 * counted one cell short overflows the row, one counted too wide leaves a gap.
 */
import { describe, expect, it } from 'vitest';
import { lazyRegExp } from '../../src/text/lazy';
import { displayWidth, fitPathLine, stripEscapes, truncate, truncateMiddle } from '../../src/text/width';

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

describe('displayWidth', () => {
  // Every range of wide characters at both its ends, and the code point on each side of it.
  it.each([
    [0x1f, 0, 'a C0 control (unit separator)'],
    [0x20, 1, 'a space'],
    [0x7e, 1, 'a tilde'],
    [0x7f, 0, 'DEL'],
    [0x9f, 0, 'the last C1 control'],
    [0xa0, 1, 'a no-break space'],
    [0xac, 1, 'a not sign'],
    [0xad, 0, 'a soft hyphen'],
    [0xae, 1, 'a registered sign'],
    [0x2ff, 1, 'the last modifier letter before the combining marks'],
    [0x300, 0, 'a combining grave accent'],
    [0x10ff, 1, 'a Georgian letter'],
    [0x1100, 2, 'the first Hangul Jamo'],
    [0x115f, 2, 'the last wide Hangul Jamo'],
    [0x1160, 1, 'the Hangul filler after them'],
    [0x2e7f, 1, 'the code point before the CJK radicals'],
    [0x2e80, 2, 'the first CJK radical'],
    [0x303e, 2, 'an ideographic variation indicator'],
    [0x303f, 1, 'the ideographic half fill space'],
    [0x3040, 2, 'the code point after it (Hiragana)'],
    [0xa4cf, 2, 'the last code point of the Yi radicals'],
    [0xa4d0, 1, 'the first Lisu letter'],
    [0xabff, 1, 'the code point before Hangul syllables'],
    [0xac00, 2, 'the first Hangul syllable'],
    [0xd7a3, 2, 'the last Hangul syllable'],
    [0xd7a4, 1, 'the code point after them'],
    [0xf8ff, 1, 'the last private-use code point of the BMP'],
    [0xf900, 2, 'the first CJK compatibility ideograph'],
    [0xfaff, 2, 'the last of their block'],
    [0xfb00, 1, 'a Latin ligature'],
    [0xfe2f, 0, 'a combining half mark'],
    [0xfe30, 2, 'the first CJK compatibility form'],
    [0xfe4f, 2, 'the last of them'],
    [0xfe50, 1, 'a small comma'],
    [0xfeff, 0, 'the byte order mark'],
    [0xff00, 2, 'the first code point of the fullwidth forms'],
    [0xff60, 2, 'the last fullwidth form'],
    [0xff61, 1, 'a halfwidth ideographic full stop'],
    [0xffdf, 1, 'the code point before the fullwidth signs'],
    [0xffe0, 2, 'a fullwidth cent sign'],
    [0xffe6, 2, 'a fullwidth won sign'],
    [0xffe7, 1, 'the code point after it'],
    [0x231a, 2, 'an emoji below the pictograph blocks (a watch)'],
    [0x2600, 1, 'a symbol drawn as text (a sun)'],
    [0x1f004, 2, 'an emoji before the pictograph blocks (a mahjong tile)'],
    [0x1f2ff, 1, 'the code point before the pictographs'],
    [0x1f300, 2, 'the first pictograph (a cyclone)'],
    [0x1faff, 2, 'the last code point of the symbols and pictographs'],
    [0x1fb00, 1, 'a symbol for legacy computing'],
    [0x1ffff, 1, 'the last code point before the ideographic planes'],
    [0x20000, 2, 'the first ideograph of plane 2'],
    [0x3fffd, 2, 'the last code point of plane 3 counted wide'],
    [0x3fffe, 1, 'a noncharacter after it'],
  ])('%s takes %i cells (%s)', (code, cells) => {
    expect(displayWidth(String.fromCodePoint(code)), hex(code)).toBe(cells);
  });

  it('adds the cells of every character, and counts none for colours and links', () => {
    expect(displayWidth('')).toBe(0);
    expect(displayWidth('status: 中文 ok')).toBe(15);
    expect(displayWidth('\x1b[1;31mdown\x1b[0m')).toBe(4);
    expect(displayWidth('\x1b]8;;https://example.com\x07link\x1b]8;;\x07')).toBe(4);
  });
});

describe('stripEscapes', () => {
  it('removes colours, cursor moves, titles and links (ended by BEL or ST), and keeps the text', () => {
    expect(stripEscapes('\x1b[1;31mred\x1b[0m \x1b[?25lhidden cursor \x1b[2K')).toBe('red hidden cursor ');
    expect(stripEscapes('\x1b]0;a title\x07x')).toBe('x');
    expect(stripEscapes('\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\ after')).toBe('link after');
    expect(stripEscapes('plain [text] ]with brackets')).toBe('plain [text] ]with brackets');
  });
});

describe('truncate', () => {
  it.each([
    ['abcdef', 6, 'abcdef'],
    ['abcdef', 5, 'abcd…'],
    ['abcdef', 1, '…'],
    // A wide character that would end one cell past the width is left out whole.
    ['中文字', 6, '中文字'],
    ['中文字', 5, '中文…'],
    ['中文字', 4, '中…'],
  ])('%j in %i cells is %j', (value, width, cut) => {
    expect(truncate(value, width)).toBe(cut);
    expect(displayWidth(truncate(value, width))).toBeLessThanOrEqual(width);
  });
});

describe('truncateMiddle', () => {
  it.each([
    ['abcdefghij', 10, 'abcdefghij'],
    ['abcdefghij', 9, 'abcd…ghij'],
    ['abcdefghij', 5, 'ab…ij'],
    ['abcdefghij', 4, 'a…ij'],
    ['abcdefghij', 2, '…j'],
    ['abcdefghij', 1, '…'],
    ['abcdefghij', 0, ''],
    ['日本語のテキスト', 7, '日本…ト'],
    ['日本語のテキスト', 6, '日…ト'],
  ])('%j in %i cells is %j: both ends kept, the end the larger', (value, width, cut) => {
    expect(truncateMiddle(value, width)).toBe(cut);
  });
});

describe('fitPathLine', () => {
  const path = '/v1/status-pages/incidents/ec791282-e6e9-4bb1-9de4-d887c2814beb/incident-updates';

  it.each([
    // Whole while it fits (80 cells), then the ID at 8 characters, then at 4.
    [80, path],
    [79, '/v1/status-pages/incidents/ec791282…/incident-updates'],
    [53, '/v1/status-pages/incidents/ec791282…/incident-updates'],
    [52, '/v1/status-pages/incidents/ec79…/incident-updates'],
    [49, '/v1/status-pages/incidents/ec79…/incident-updates'],
    // Then the start is cut, keeping the longest end that begins at a "/" ...
    [48, '/v1/status-pag…/incidents/ec79…/incident-updates'],
    [27, '/v1/statu…/incident-updates'],
    // ... as long as five cells of the start stay; past that, the middle.
    [22, '/v1/…/incident-updates'],
    [21, '/v1/status…nt-updates'],
    [1, '…'],
  ])('in %i cells: %s', (width, line) => {
    expect(fitPathLine(path, width)).toBe(line);
    expect(displayWidth(fitPathLine(path, width))).toBeLessThanOrEqual(width);
  });

  it('keeps what comes before the path while the path keeps 24 cells, else fits the line as a whole', () => {
    const line = `Waiting for GET ${path}`;
    expect(fitPathLine(line, 96)).toBe(line);
    expect(fitPathLine(line, 80)).toBe('Waiting for GET /v1/status-pages/incidents/ec791282…/incident-updates');
    expect(fitPathLine(line, 40)).toBe('Waiting for GET /v1/st…/incident-updates');
    expect(fitPathLine(line, 39)).toBe('Waiti…/incidents/ec79…/incident-updates');
  });

  it('cuts a line without a path in its middle', () => {
    expect(fitPathLine('no path here at all', 8)).toBe('no … all');
  });
});

describe('lazyRegExp', () => {
  it('makes the expression when it is first asked for, once', () => {
    let made = 0;
    const pattern = lazyRegExp(() => {
      made++;
      return /x/;
    });
    expect(made).toBe(0);
    expect(pattern().test('x')).toBe(true);
    expect(pattern()).toBe(pattern());
    expect(made).toBe(1);
  });
});
