import type { Availability, HeartbeatEvent } from '../../../api/schemas/heartbeats';
import type { IO } from '../../../io';
import type { Column } from '../../../output/render';
import { colorValue } from '../../../output/say';
import { absoluteTime, timeDisplay } from '../../../text/time';

export function eventColumns(now: number): Column<HeartbeatEvent>[] {
  return [
    {
      header: 'TIME',
      value: (event) => event.timestamp,
      display: (event) => event.timestamp && timeDisplay(event.timestamp, now, 'seconds'),
      text: (event) => event.timestamp && absoluteTime(event.timestamp, 'seconds'),
    },
    {
      header: 'STATE',
      value: (event) => event.state,
      color: (text, event, io) => colorValue(io.style, event.state, text),
    },
    { header: 'SOURCE', value: (event) => event.source, display: (event) => event.source ?? '—', shrink: true },
    {
      header: 'USER AGENT',
      value: (event) => event.userAgent,
      display: (event) => event.userAgent ?? '—',
      shrink: true,
    },
  ];
}

/** The API gives success ratios as percentages: 97.916… → "97.92%". */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/**
 * "97.92%  ▼ from 100% the 24 hours before" (coloured by direction), or with no earlier
 * data "97.92%  (nothing to compare with the 24 hours before)".
 */
export function ratioSummary(io: IO, availability: Availability, previousName: string): string {
  const current = availability.successRatio?.currentPeriod;
  const previous = availability.successRatio?.previousPeriod;
  if (current === undefined || current === null) return 'no data';
  const now = formatPercent(current);
  if (previous === undefined || previous === null) return `${now}  (no data for ${previousName} to compare with)`;
  if (Math.abs(current - previous) < 0.005) return `${now}  = same as ${previousName}`;
  return current > previous
    ? `${now}  ${io.style.green(`▲ from ${formatPercent(previous)}`)} ${previousName}`
    : `${now}  ${io.style.red(`▼ from ${formatPercent(previous)}`)} ${previousName}`;
}

export function entitiesText(count: number | undefined): string {
  return count === undefined ? '' : `${count} event${count === 1 ? '' : 's'}`;
}

/** "Label:  text" lines, labels in bold and aligned. The texts must be safe (numbers, our own words). */
export function labelledLines(io: IO, rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;
  return rows.map(([label, text]) => `${io.style.bold(`${label}:`.padEnd(width))}${text}\n`).join('');
}

/** The widest a ratio bar is drawn. */
const BAR_MAX = 30;

/**
 * A success ratio as a bar of `width` cells: full blocks for the share that succeeded, light
 * shade for the rest (two glyphs, so it reads without colour), then the figure. Filled cells
 * are rounded down: only 100% is a full bar.
 */
export function ratioBar(io: IO, percent: number | null | undefined, width: number): string {
  if (percent === undefined || percent === null) return io.style.dim('no data');
  const cells = Math.max(1, Math.min(BAR_MAX, width));
  const share = Math.min(100, Math.max(0, percent));
  const filled = share === 100 ? cells : Math.min(cells - 1, Math.floor((share / 100) * cells));
  return `${'█'.repeat(filled)}${io.style.dim('░'.repeat(cells - filled))}  ${formatPercent(percent)}`;
}
