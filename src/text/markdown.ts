import { sanitize } from './escape';

/*
 * Text into a GitHub-flavoured Markdown document (`--format md`, pasted into chat, an issue or
 * a postmortem). Everything the server sends is hostile: an incident named
 * `| ![x](http://evil)` must not end a table cell, load an image, or become a link; one named
 * `<script>` must not become HTML; a message starting with `# ` or `> ` must not become a
 * heading or a quote. So every value is written as literal text:
 *
 * - First, what is invisible or acts on a terminal (text/escape.ts's categories: C0 and C1
 *   controls such as ESC and a lone `\r`, direction overrides, zero-width characters) is
 *   shown as its escape (`\x1b`, `\r`, `\u202e`), as the terminal shows it.
 * - Then every character that means something to Markdown anywhere in a line is preceded by
 *   a backslash, which CommonMark and GFM read as "this character, literally": `\` `` ` ``
 *   `*` `_` `[` `]` `<` `>` `|` `~` `&` `#` `$` (GitHub's maths) and `!`. Brackets escaped, no
 *   link or image can form (`[click](javascript:...)` reads as typed); `<` escaped, no HTML
 *   tag or autolink; `&` escaped, no entity decodes into something else; `|` escaped, a cell
 *   ends only where mon ends it.
 * - At the start of a line, what would make it a block: a list marker (`-`, `+`, `1.`,
 *   `1)`), a setext underline (`=`), indentation that would make code (leading spaces are
 *   dropped) and a thematic break.
 * - A newline inside a table cell is `<br>` (the one HTML mon writes itself); inside a
 *   paragraph, a hard line break (a backslash at the end of the line). `\r\n` is a newline.
 *
 * Bare `http://` URLs are still linked by GitHub: what is shown is where they go.
 */

/** Characters escaped wherever they are: each can open or close something in a line. */
const INLINE = /[\\`*_[\]<>|~&#$!]/g;

/** What would start a block at the beginning of a line, after the inline escapes. */
const LINE_START = /^([-+=]|\d{1,9}(?=[.)]))/;

/** One line of server text as literal Markdown text (no newline in it); `block`: it starts a line of the document. */
function escapeLine(line: string, block: boolean): string {
  const shown = sanitize(line).replace(INLINE, (char) => `\\${char}`);
  if (!block) return shown;
  return shown.replace(LINE_START, (start) => (/^\d/.test(start) ? `${start}\\` : `\\${start}`));
}

/** Lines of server text: `\r\n` and `\n` end a line; leading spaces and tabs are dropped (they would make code). */
function lines(text: string, block: boolean): string[] {
  return text.split(/\r?\n/).map((line) => escapeLine(line.replace(/^[ \t]+/, ''), block));
}

/** Server text inside a line: a heading, a list item, a table cell. Its newlines become `<br>`. */
export function mdInline(text: string): string {
  return lines(text, false).join('<br>');
}

/** A table cell: inline text, and nothing for an empty value (an em dash, so the cell is not blank). */
export function mdCell(text: string): string {
  return text === '' ? '—' : mdInline(text);
}

/** Server text as a paragraph of its own: its lines kept as hard line breaks, blank lines kept as paragraph breaks. */
export function mdParagraph(text: string): string {
  const escaped = lines(text, true);
  const out: string[] = [];
  escaped.forEach((line, index) => {
    const next = escaped[index + 1];
    // A line followed by another of the same paragraph ends with a hard break.
    out.push(line !== '' && next !== undefined && next !== '' ? `${line}\\` : line);
  });
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A GFM table: a header row, its delimiter, one row per entry; every cell already escaped. */
export function mdTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n');
}

/**
 * Text as a fenced code block (a request and its body, a command line): shown as it is, its
 * controls escaped; the fence is longer than any run of backticks in the text, so nothing in
 * it can close the block early.
 */
export function mdCodeBlock(text: string, language = ''): string {
  const shown = sanitize(text, { newlines: true });
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${shown}\n${fence}`;
}
