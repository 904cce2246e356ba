/**
 * text/markdown.ts: server text into a GitHub-flavoured Markdown document (`--format md`) as
 * literal text. Each case is what a hostile name or message could make of a document pasted
 * into chat or a postmortem, and the exact text mon writes instead.
 */
import { describe, expect, it } from 'vitest';
import { mdCell, mdCodeBlock, mdInline, mdParagraph, mdTable } from '../../src/text/markdown';

describe('mdInline: text inside a line (a heading, a list item, a table cell)', () => {
  it.each([
    ['a pipe, which would end a table cell', 'a | b', 'a \\| b'],
    ['emphasis', '*x* _y_ **z**', '\\*x\\* \\_y\\_ \\*\\*z\\*\\*'],
    ['a code span', '`rm -rf /`', '\\`rm -rf /\\`'],
    ['a link', '[click](javascript:alert(1))', '\\[click\\](javascript:alert(1))'],
    ['an image, which would load from its host', '![x](http://evil/p.png)', '\\!\\[x\\](http://evil/p.png)'],
    ['HTML', '<b>y</b><script>alert(1)</script>', '\\<b\\>y\\</b\\>\\<script\\>alert(1)\\</script\\>'],
    ['an autolink', '<http://evil>', '\\<http://evil\\>'],
    ['an entity, which would decode into another character', '&lt;b&gt; &#124;', '\\&lt;b\\&gt; \\&\\#124;'],
    ['strikethrough and maths', '~~gone~~ $x$', '\\~\\~gone\\~\\~ \\$x\\$'],
    ['a backslash, which would escape what follows it', 'C:\\path\\*', 'C:\\\\path\\\\\\*'],
    ['a heading or a quote (escaped anywhere in a line)', '# Title > quote', '\\# Title \\> quote'],
  ])('%s', (_what, text, shown) => {
    expect(mdInline(text)).toBe(shown);
  });

  it('writes a newline (\\n or \\r\\n) as <br>, the one HTML mon writes itself, and drops leading spaces', () => {
    expect(mdInline('one\r\ntwo\n    three')).toBe('one<br>two<br>three');
  });

  it('shows what is invisible or acts on a terminal as its escape (a lone \\r, ESC, a direction override)', () => {
    expect(mdInline('a\rb \u001b[2J c\u202ed')).toBe('a\\\\rb \\\\x1b\\[2J c\\\\u202ed');
  });

  it('leaves plain text as it is', () => {
    expect(mdInline('Checkout down (eu-west-1), 5xx: 12%')).toBe('Checkout down (eu-west-1), 5xx: 12%');
  });
});

describe('mdCell', () => {
  it('is an em dash for nothing, so that the cell is not blank; the text escaped otherwise', () => {
    expect(mdCell('')).toBe('—');
    expect(mdCell('|')).toBe('\\|');
  });
});

describe('mdParagraph: text as a paragraph of its own (a message)', () => {
  it.each([
    ['a heading', '# Deploy', '\\# Deploy'],
    ['a quote', '> quoted', '\\> quoted'],
    ['a list item', '- item', '\\- item'],
    ['a list item with +', '+ item', '\\+ item'],
    ['an ordered list item', '1. one', '1\\. one'],
    ['an ordered list item with )', '12) twelve', '12\\) twelve'],
    ['a thematic break', '---', '\\---'],
    ['a thematic break of stars', '***', '\\*\\*\\*'],
    ['a setext underline', '===', '\\==='],
    ['a code fence', '```js', '\\`\\`\\`js'],
    ['a tilde fence', '~~~', '\\~\\~\\~'],
    ['indented code', '    code', 'code'],
    ['a link reference definition', '[x]: http://evil', '\\[x\\]: http://evil'],
  ])('does not start %s', (_what, text, shown) => {
    expect(mdParagraph(text)).toBe(shown);
  });

  it('keeps its lines as hard line breaks and its blank lines as paragraph breaks', () => {
    expect(mdParagraph('one\ntwo\n\n\n\nthree\r\nfour')).toBe('one\\\ntwo\n\nthree\\\nfour');
  });

  it('ends no line with a bare backslash of the text (it would break the line): it is escaped', () => {
    expect(mdParagraph('path\\\nnext')).toBe('path\\\\\\\nnext');
  });
});

describe('mdTable', () => {
  it('writes a header row, its delimiter and one row per entry, the cells as given', () => {
    expect(
      mdTable(
        ['NAME', 'ID'],
        [
          ['a', '1'],
          ['b \\| c', '2'],
        ],
      ),
    ).toBe('| NAME | ID |\n| --- | --- |\n| a | 1 |\n| b \\| c | 2 |');
  });
});

describe('mdCodeBlock: a request or a command line, shown as it is', () => {
  it.each([
    ['GET /v1/checks', '', '```\nGET /v1/checks\n```'],
    ['mon incidents list', 'sh', '```sh\nmon incidents list\n```'],
    ['a `one` and ``two``', '', '```\na `one` and ``two``\n```'],
    ['a ``` fence', '', '````\na ``` fence\n````'],
    ['`````', '', '``````\n`````\n``````'],
    ['line one\nline\ttwo', '', '```\nline one\nline\ttwo\n```'],
    ['\x1b[31mred\r', '', '```\n\\x1b[31mred\\r\n```'],
  ])('%j (%j) is %j: the fence longer than any run of backticks, controls escaped', (text, language, block) => {
    expect(mdCodeBlock(text, language)).toBe(block);
  });

  it('has no language unless given', () => {
    expect(mdCodeBlock('x')).toBe('```\nx\n```');
  });
});
