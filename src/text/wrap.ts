import { displayWidth, stripEscapes } from './width';

/**
 * Text fitted to a width. Paragraphs (separated by blank lines) are reflowed; a line that
 * starts with spaces is kept as a line of its own (a list, a command) and, when too long,
 * continues under its first value ("  Locations: a, b," → the next line starts under "a").
 */
export function fitText(text: string, width: number): string {
  return text
    .split('\n')
    .reduce<string[][]>(
      (paragraphs, line) => {
        const current = paragraphs.at(-1)!;
        if (line.trim() === '') paragraphs.push([], []);
        else if (/^\s/.test(line) || current.length === 0 || /^\s/.test(current.at(-1)!)) current.push(line);
        else current[current.length - 1] += ` ${line.trim()}`;
        return paragraphs;
      },
      [[]],
    )
    .map((lines) => lines.flatMap((line) => wrapLine(line, width)).join('\n'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** One line wrapped at spaces; continuation lines are indented under its first value. */
export function wrapLine(text: string, width: number, hanging?: number): string[] {
  if (text.length <= width) return [text];
  const lead = /^(\s*)/.exec(text)![1]!.length;
  const line = ' '.repeat(lead) + text.slice(lead).replace(/ +/g, ' ');
  const label = lead > 0 ? /^(\s*\S+:\s+)\S/.exec(line) : null;
  // An indent as wide as the line would leave no room for a word (and cutting it would never
  // end): under the line's start instead, or from the row's start.
  const shownLead = lead < width ? lead : 0;
  // Under a label's value only when that leaves at least half the row for it (as hangingIndent).
  const wanted = hanging ?? (label && label[1]!.length <= width / 2 ? label[1]!.length : lead);
  const indent = ' '.repeat(wanted < width ? wanted : shownLead);
  const out: string[] = [];
  let current = '';
  for (const word of line.slice(lead).split(/ +/)) {
    const start = out.length === 0 && current === '' ? ' '.repeat(shownLead) : '';
    const candidate = current === '' ? `${start}${out.length ? indent : ''}${word}` : `${current} ${word}`;
    if (candidate.length > width && current.trim() !== '') {
      out.push(current);
      current = `${indent}${word}`;
    } else current = candidate;
    // A word longer than the line is cut, so nothing is wider than asked.
    while (current.length > width) {
      out.push(current.slice(0, width));
      current = `${indent}${current.slice(width)}`;
    }
  }
  if (current.trim() !== '') out.push(current);
  return out;
}

/*
 * Text for a person, fitted to the terminal as it is written (the IO's writers use this on a
 * terminal): every line is broken at spaces so that no row is wider than the terminal, and
 * continues under its text (a hanging indent):
 *
 *   error: --status must be one of INVESTIGATING, IDENTIFIED, MONITORING or
 *          RESOLVED (got "identifed"): did you mean identified?
 *   ✓ Posted an update to "Checkout errors": IDENTIFIED (was INVESTIGATING).
 *     Subscribers were not notified.
 *   Message:  We are looking into failed payments for customers paying with
 *             cards issued in Europe.
 *
 * A command in backticks is never broken, so that it is pasted as one line: it goes on to the
 * next row when it does not fit on this one (under the text, or from the row's start when it
 * fits only there); one longer than a whole row is written whole on a row of its own, which
 * the terminal folds (and copies back as one line). Only another word longer than a whole row
 * is cut. Writes that move the cursor (a spinner's "\r...") go out as they are.
 */

/** Where the rows after the first start: under the text after a marker ("✓ ", "- ") or a label ("error: ", "Status:   "). */
export function hangingIndent(line: string, width: number): number {
  const plain = stripEscapes(line);
  const lead = /^ */.exec(plain)![0].length;
  const rest = plain.slice(lead);
  // The markers ✓ ✗ ✔ ✘ ! • * › → -, escaped (scripts/build.mjs keeps the bundle ASCII).
  const marker = /^(?:[\u2713\u2717\u2714\u2718!\u2022*\u203a\u2192-]|\d{1,2}[.)]) +(?=\S)/.exec(rest);
  // A label: aligned ("Success ratio, last 24 hours:  value") up to 32 cells, or a short one ("error: ").
  const label = /^[^\s:][^:]{0,31}?: {2,}(?=\S)|^[\p{L}][\p{L}\p{N} _-]{0,11}?: (?=\S)/u.exec(rest);
  const found = marker?.[0] ?? label?.[0] ?? '';
  const indent = lead + displayWidth(found);
  // A label so long that little would be left for the text: continue under the line's start,
  // or from the row's start when the line is indented as wide as the row (no room at all).
  return indent <= width / 2 ? indent : lead < width ? lead : 0;
}

/** Sequences that move the cursor or erase (anything but colours and links): such a write goes out as it is. */
const CURSOR = /\r|\x1b\[[0-?]*[ -/]*[@-ln-~]/;

/** One token of a line: a run of spaces, a word, or a `command in backticks` (with its spaces). */
const TOKENS = /( +)|((?:[^ `]*`[^`]*`)+[^ `]*|[^ ]+)/g;

export class TerminalWrapper {
  /** Cells used on the current row. */
  private column = 0;
  /** The current line was started by an earlier write (its indent is known). */
  private started = false;
  private indent = 0;
  /** Something other than the indent is on the current row. */
  private filled = false;
  /** Spaces between two words, written only when the next word fits on the row. */
  private spaces = '';

  /** `indent`: where every line's rows after the first start, instead of under its text. */
  constructor(
    private readonly width: () => number,
    private readonly fixedIndent?: number,
  ) {}

  /** The cursor is at the start of a row again without this wrapper writing the newline (a line typed and echoed). */
  lineEnded(): void {
    this.column = 0;
    this.started = this.filled = false;
    this.spaces = '';
  }

  /** The text as it should be written: newlines (and indents) added where rows would be too wide. */
  write(text: string): string {
    const width = Math.max(10, this.width());
    const pieces = text.split('\n');
    let out = '';
    pieces.forEach((piece, index) => {
      const last = index === pieces.length - 1;
      out += CURSOR.test(piece) ? this.raw(piece) : this.fit(piece, width, last);
      if (!last) {
        out += '\n';
        this.lineEnded();
      }
    });
    return out;
  }

  private raw(piece: string): string {
    const after = piece.slice(piece.lastIndexOf('\r') + 1);
    this.column = piece.includes('\r') ? displayWidth(after) : this.column + displayWidth(piece);
    this.started = this.filled = this.column > 0;
    this.indent = 0;
    this.spaces = '';
    return piece;
  }

  private fit(piece: string, width: number, last: boolean): string {
    if (!this.started) {
      if (piece === '') return '';
      this.indent = this.fixedIndent ?? hangingIndent(piece, width);
      this.started = true;
      // The common case: a whole line that fits.
      const shown = displayWidth(piece);
      if (shown <= width) {
        this.column = shown;
        this.filled = shown > 0;
        return piece;
      }
    }
    let out = '';
    for (const [, spaces, word] of piece.matchAll(TOKENS)) {
      if (spaces !== undefined) {
        // Spaces at the start of a line are its indent; at the start of a continued row, nothing.
        if (!this.filled && this.column > 0 && this.column === this.indent) continue;
        this.spaces += spaces;
        continue;
      }
      out += this.place(word!, width);
    }
    if (last && this.spaces && this.filled) {
      // A line left open (a question, "Reading ... "): its trailing spaces are shown when they fit.
      const room = Math.max(0, width - this.column);
      out += this.spaces.slice(0, room);
      this.column += Math.min(room, this.spaces.length);
      this.spaces = '';
    }
    return out;
  }

  /** A word after the pending spaces: on this row if it fits, else on the next (cut only when no row is wide enough). */
  private place(word: string, width: number): string {
    const size = displayWidth(word);
    if (this.column + displayWidth(this.spaces) + size <= width) return this.put(`${this.spaces}${word}`);
    const room = width - this.indent;
    if (word.includes('`')) return this.command(word, size, room);
    // A word too long for the indent but not for a whole row gets a row of its own, unindented.
    const own = size > room && size <= width;
    let out = this.filled || (own && this.column > 0) ? this.newRow(own ? 0 : this.indent) : '';
    if (!this.filled && this.column === 0) out += this.put(this.spaces);
    this.spaces = '';
    let rest = word;
    while (displayWidth(rest) > width - this.column) {
      const [head, tail] = splitAt(rest, width - this.column);
      out += this.put(head) + this.newRow();
      rest = tail;
    }
    return out + this.put(rest);
  }

  /** A `command` that does not fit on this row: whole on the next, under the text when it fits there, else from the row's start. */
  private command(code: string, size: number, room: number): string {
    let out = this.filled ? this.newRow(size <= room ? this.indent : 0) : '';
    if (!this.filled && this.column === 0) out += this.put(this.spaces);
    this.spaces = '';
    return out + this.put(code);
  }

  private put(text: string): string {
    this.column += displayWidth(text);
    this.spaces = '';
    if (text.trim() !== '') this.filled = true;
    return text;
  }

  private newRow(indent = this.indent): string {
    this.column = indent;
    this.filled = false;
    this.spaces = '';
    return `\n${' '.repeat(indent)}`;
  }
}

/** A character, or a whole escape sequence (which takes no cell). */
const UNITS = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|[\s\S]/gu;

/** Text cut into rows of at most `cells` cells, wherever a row is full (for text without spaces to break at, such as JSON). */
export function cutRows(text: string, cells: number): string[] {
  const rows: string[] = [];
  let rest = text;
  while (rest !== '') {
    const [head, tail] = splitAt(rest, Math.max(1, cells));
    rows.push(head);
    rest = tail;
  }
  return rows;
}

/** The first `cells` cells of a word, and the rest. */
function splitAt(word: string, cells: number): [string, string] {
  let used = 0;
  let at = 0;
  for (const [unit] of word.matchAll(UNITS)) {
    const w = displayWidth(unit);
    if (used + w > cells && used > 0) break;
    used += w;
    at += unit.length;
  }
  return [word.slice(0, at), word.slice(at)];
}

/** Text broken into rows of `width` cells, the rows after the first starting `indent` cells in. */
export function wrapText(text: string, width: number, indent: number): string {
  return new TerminalWrapper(() => width, indent).write(text);
}

/**
 * An answer as the line that stays after a question shows it ("✔ Which open incident? NAME"):
 * broken at spaces to the terminal, its rows after the first two cells in, so that no word of
 * it is split by the terminal's own wrapping.
 */
export function answerShown(columns: number, message: string, answer: string): string {
  const lead = `✔ ${message} `;
  const shown = wrapText(`${lead}${answer}`, columns - 1, 2);
  return shown.startsWith(lead) ? shown.slice(lead.length) : answer;
}
