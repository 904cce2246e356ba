import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import * as untypedFigure from '../../../scripts/bench/figure.mjs';

type Unit = 'x' | 's' | 'ms' | 'MB';
/** scripts/bench/figure.mjs: how `npm run bench` writes a figure, and a figure against its goal. */
const figure = untypedFigure as {
  formatFigure(value: number, unit: Unit): string;
  figureCell(value: number, limit: number, unit: Unit): { holds: boolean; text: string };
};

describe("the bench table's figures", () => {
  it('writes each unit as the table shows it', () => {
    expect(figure.formatFigure(1.3649, 'x')).toBe('1.36x');
    expect(figure.formatFigure(0.604, 's')).toBe('0.60 s');
    expect(figure.formatFigure(2.731, 'ms')).toBe('2.73 ms');
    expect(figure.formatFigure(95.6, 'MB')).toBe('96 MB');
  });

  it("holds at the line and under it, with the unit's own digits", () => {
    expect(figure.figureCell(1.4, 1.4, 'x')).toEqual({ holds: true, text: '1.40x holds' });
    expect(figure.figureCell(1.399, 1.4, 'x')).toEqual({ holds: true, text: '1.40x holds' });
    expect(figure.figureCell(150, 150, 'MB')).toEqual({ holds: true, text: '150 MB holds' });
  });

  it('a miss just over the line shows the digits that tell it from the line', () => {
    expect(figure.figureCell(1.4003, 1.4, 'x')).toEqual({ holds: false, text: '1.4003x MISSED' });
    expect(figure.figureCell(1.403, 1.4, 'x')).toEqual({ holds: false, text: '1.403x MISSED' });
    expect(figure.figureCell(1.5004, 1.5, 's')).toEqual({ holds: false, text: '1.5004 s MISSED' });
    expect(figure.figureCell(150.2, 150, 'MB')).toEqual({ holds: false, text: '150.2 MB MISSED' });
  });

  it("a clear miss keeps the unit's own digits", () => {
    expect(figure.figureCell(1.44, 1.4, 'x')).toEqual({ holds: false, text: '1.44x MISSED' });
    expect(figure.figureCell(163.4, 150, 'MB')).toEqual({ holds: false, text: '163 MB MISSED' });
  });
});
