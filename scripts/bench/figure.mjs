// How `npm run bench` writes a figure and its goal: a ratio with two decimals (1.36x), seconds
// and milliseconds with two, megabytes with none; a figure that misses its goal by less than
// that shows is given the digits that show it (1.403x MISSED, never "1.40x MISSED" under a
// goal of 1.40x).

/** The decimals a unit is written with. */
const unitDigits = (unit) => (unit === 'MB' ? 0 : 2);

/** `value` in `unit` ('x', 's', 'ms' or 'MB'), with `digits` decimals (the unit's own by default). */
export function formatFigure(value, unit, digits = unitDigits(unit)) {
  const number = value.toFixed(digits);
  return unit === 'x' ? `${number}x` : `${number} ${unit}`;
}

/** A figure against its goal (at most `limit`): the figure, then "holds" or "MISSED". */
export function figureCell(value, limit, unit) {
  const holds = value <= limit;
  let digits = unitDigits(unit);
  // A miss that reads as the goal itself: more digits, until it does not (at most six).
  while (!holds && digits < 6 && formatFigure(value, unit, digits) === formatFigure(limit, unit, digits)) digits++;
  return { holds, text: `${formatFigure(value, unit, digits)} ${holds ? 'holds' : 'MISSED'}` };
}
