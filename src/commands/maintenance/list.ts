import { maintenanceWindowPages } from '../../api/resources/maintenance';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { MaintenanceWindow } from '../../api/schemas/maintenance';
import { monWord, type Ctx } from '../../core/context';
import { showList } from '../../output/present';
import type { Column } from '../../output/render';
import { colorValue } from '../../output/say';
import { timeDisplay } from '../../text/time';
import { notePending } from './shared/journal';
import { inForce } from './shared/restore';

/** A window now: in force, scheduled (it starts later) or over. */
function stateOf(window: MaintenanceWindow, now: number): 'in force' | 'scheduled' | 'over' {
  if (inForce(window, now)) return 'in force';
  return Date.parse(window.startsAt) > now || window.repeatInterval ? 'scheduled' : 'over';
}
const TONES = { 'in force': 'degraded', scheduled: 'passing', over: 'resolved' } as const;
const ORDER = { 'in force': 0, scheduled: 1, over: 2 } as const;

const columns = (now: number): Column<MaintenanceWindow>[] => [
  { header: 'ID', value: (window) => window.id },
  {
    header: 'STATE',
    value: (window) => stateOf(window, now),
    color: (text, window, io) => colorValue(io.style, TONES[stateOf(window, now)], text),
  },
  { header: 'STARTS', value: (window) => window.startsAt, display: (window) => timeDisplay(window.startsAt, now) },
  { header: 'ENDS', value: (window) => window.endsAt, display: (window) => timeDisplay(window.endsAt, now) },
  { header: 'TAGS', value: (window) => (window.silenceAllAlerts ? '(all)' : (window.tags ?? []).join(',')) },
  { header: 'NAME', value: (window) => window.name, shrink: true },
];

/** `mon maintenance list`: the account's windows (anyone's), in force first, then scheduled, then over. */
export async function listWindowsRun(ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'env'>): Promise<void> {
  notePending(ctx, monWord(ctx));
  const client = await ctx.api();
  const windows: MaintenanceWindow[] = [];
  const raw: unknown[] = [];
  for await (const page of maintenanceWindowPages(client, { limit: PAGE_LIMIT.max })) {
    windows.push(...page.entries);
    raw.push(...(page.raw as unknown[]));
  }
  const now = client.now();
  const sorted = [...windows].sort(
    (a, b) => ORDER[stateOf(a, now)] - ORDER[stateOf(b, now)] || Date.parse(b.startsAt) - Date.parse(a.startsAt),
  );
  await showList(ctx, { rows: sorted, columns: columns(now), json: raw, empty: 'No maintenance windows.' });
}
