import type { Runtime } from '../../../api/schemas/runtimes';
import type { Column } from '../../../output/render';
import { colorValue } from '../../../output/say';
import { relativeTime } from '../../../text/time';

/** The API writes end-of-life dates as MM/DD/YYYY; mon shows them as ISO 8601 (YYYY-MM-DD). */
export function isoDate(usDate: string | undefined): string | undefined {
  if (!usDate) return undefined;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(usDate.trim());
  if (!match) return usDate;
  return `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

export function endOfLifeDisplay(runtime: Runtime, now: number): string {
  const iso = isoDate(runtime.runtimeEndOfLife);
  if (!iso) return '—';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso} (${relativeTime(`${iso}T00:00:00Z`, now)})` : iso;
}

/** The columns of `runtimes list`; `now` by the server's clock. */
export const runtimeColumns = (now: number): Column<Runtime>[] => [
  { header: 'NAME', value: (r) => r.name },
  { header: 'STAGE', value: (r) => r.stage, color: (text, r, io) => colorValue(io.style, r.stage, text) },
  { header: 'NODE.JS', value: (r) => r.nodeJsVersion },
  { header: 'END OF LIFE', value: (r) => isoDate(r.runtimeEndOfLife), display: (r) => endOfLifeDisplay(r, now) },
  { header: 'MULTI-STEP', value: (r) => r.multiStepSupport, display: (r) => (r.multiStepSupport ? 'yes' : 'no') },
  { header: 'DESCRIPTION', value: (r) => r.description, shrink: true },
];
