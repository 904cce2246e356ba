/** api/rules.ts's numberOfText: text as typed read as a number exactly when the regular expression it replaced said so. */
import { describe, expect, it } from 'vitest';
import { numberOfText } from '../../src/api/rules';
import { BOUNDARY_CHARS, expectSameAs } from '../text/same-as';

const old = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

describe('numberOfText', () => {
  it('reads a whole or decimal number, with white space around it; anything else stays text', () => {
    expect(numberOfText(' -3 ')).toBe(-3);
    expect(numberOfText('2.5')).toBe(2.5);
    expect(numberOfText('2.')).toBe('2.');
    expect(numberOfText(5)).toBe(5);
  });

  it('is the regular expression it replaced, on any text', () => {
    const cases = [
      ...['', ' ', '0', '-0', '-', '--1', '1-', '1.', '.5', '1.5', '1.5.5', '1..5', '-1.50', ' 20 ', '\t20\n', '20 x'],
      ...[
        '\u00a020\u3000',
        '\ufeff1',
        '\u20281\u2029',
        '\u180e1',
        '\u200b1',
        '\u0661',
        '1e3',
        '0x10',
        'Infinity',
        '+1',
      ],
    ];
    expectSameAs(numberOfText, old, cases);
    const chars = [
      '0',
      '1',
      '9',
      '-',
      '.',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2028',
      '\ufeff',
      '\u180e',
      'e',
      '+',
      '\u0661',
    ];
    expectSameAs(numberOfText, old, cases, { chars, maxLength: 8 });
    expectSameAs(numberOfText, old, cases, { chars: BOUNDARY_CHARS, maxLength: 6 });
  });
});
