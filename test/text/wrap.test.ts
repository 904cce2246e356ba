/**
 * text/wrap.ts: what a person reads on a terminal is broken at spaces to its width, with a
 * hanging indent, and the IO writes every message through it.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth, stripEscapes } from '../../src/text/width';
import { hangingIndent, TerminalWrapper, wrapText } from '../../src/text/wrap';

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
  });

  it('indents under a label or a marker only when that leaves room for the text', () => {
    expect(hangingIndent('error: x', 80)).toBe(7);
    expect(hangingIndent('- item', 80)).toBe(2);
    expect(hangingIndent('Incident:    Checkout', 80)).toBe(13);
    expect(hangingIndent('Authentication failed: the key was rejected', 80)).toBe(0);
    expect(hangingIndent('Incident:    Checkout', 20)).toBe(0);
  });
});
