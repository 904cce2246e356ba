import { startedAt } from '../../../api/answers';
import type { Incident } from '../../../api/schemas/incidents';
import { subscriberTimeline, timeline, type TimelineEntry } from '../../../api/subscribers';
import type { IO } from '../../../io';
import { renderDetails, SHORT_ID, shortId, type Column } from '../../../output/render';
import { colorValue } from '../../../output/say';
import { displayWidth } from '../../../text/width';
import { humanDuration, relativeTime, timeDisplay } from '../../../text/time';
import { sanitize } from '../../../text/escape';

/** `duration` is in seconds (sandbox: from the start to the resolving update); null while open. */
export function durationDisplay(incident: Incident): string {
  if (incident.duration === null || incident.duration === undefined)
    return incident.lastUpdateStatus === 'RESOLVED' ? '—' : 'ongoing';
  return humanDuration(incident.duration);
}

export const serviceNames = (incident: Incident) => incident.services.map((service) => service.name).join(', ');

/** "2026-08-18 10:53 UTC (5m ago)" */
export function whenDisplay(iso: string | undefined, now: number): string {
  return iso ? timeDisplay(iso, now) : '—';
}

/** A name is shown whole up to this width before a lower-priority column has to make room. */
const NAME_WIDTH = 30;
/** The narrowest each other column is useful at; a table needs their sum plus two spaces between columns. */
const MIN_WIDTH: Record<string, number> = {
  ID: SHORT_ID,
  SEVERITY: 8,
  STATUS: 13,
  SERVICES: 16,
  STARTED: 8,
  DURATION: 8,
};
/** What a narrow terminal does without, first to last; ID, name, severity, status and started stay. */
const DROPPED_WHEN_NARROW = ['SERVICES', 'DURATION'];

/**
 * The list's columns. On a terminal of `width` columns, the least needed ones are left out
 * until the names (up to 30 characters) fit whole; piped output (width Infinity) has them all.
 */
export function incidentColumns(
  now: number,
  width = Number.POSITIVE_INFINITY,
  rows: readonly Incident[] = [],
): Column<Incident>[] {
  let columns = allIncidentColumns(now);
  const names = Math.min(NAME_WIDTH, Math.max(4, ...rows.map((incident) => displayWidth(sanitize(incident.name)))));
  const needed = (set: Column<Incident>[]) =>
    set.reduce((sum, column) => sum + (column.header === 'NAME' ? names : (MIN_WIDTH[column.header] ?? 8)) + 2, -2);
  for (const header of DROPPED_WHEN_NARROW) {
    if (needed(columns) <= width) break;
    columns = columns.filter((column) => column.header !== header);
  }
  return columns;
}

function allIncidentColumns(now: number): Column<Incident>[] {
  return [
    { header: 'ID', value: (incident) => incident.id, display: (incident) => shortId(incident.id) },
    { header: 'NAME', value: (incident) => incident.name, shrink: true },
    {
      header: 'SEVERITY',
      value: (incident) => incident.severity,
      color: (text, incident, io) => colorValue(io.style, incident.severity, text),
    },
    {
      header: 'STATUS',
      value: (incident) => incident.lastUpdateStatus,
      color: (text, incident, io) => colorValue(io.style, incident.lastUpdateStatus, text),
    },
    { header: 'SERVICES', value: serviceNames, shrink: true },
    { header: 'STARTED', value: startedAt, display: (incident) => relativeTime(startedAt(incident), now) },
    { header: 'DURATION', value: (incident) => incident.duration, display: durationDisplay },
  ];
}

/** The updates newest first, as the status page shows them (one definition: api/subscribers.ts). */
export { timeline };

/** The incident, then its updates newest first: a timeline on a terminal, tab-separated rows when piped. */
export function renderIncident(io: IO, incident: Incident, now: number): void {
  renderDetails(io, [
    { label: 'Incident', key: 'name', value: incident.name, color: (text) => io.style.bold(text) },
    { label: 'ID', key: 'id', value: incident.id },
    {
      label: 'Status',
      key: 'lastUpdateStatus',
      value: incident.lastUpdateStatus,
      color: (text) => colorValue(io.style, incident.lastUpdateStatus, text),
    },
    {
      label: 'Severity',
      key: 'severity',
      value: incident.severity,
      color: (text) => colorValue(io.style, incident.severity, text),
    },
    { label: 'Services', key: 'services', value: serviceNames(incident) },
    {
      label: 'Service IDs',
      key: 'serviceIds',
      value: incident.services.map((service) => service.id).join(','),
      display: incident.services.map((service) => service.id).join(', '),
    },
    { label: 'Started', key: 'startedAt', value: startedAt(incident), display: whenDisplay(startedAt(incident), now) },
    {
      label: 'Duration',
      key: 'duration',
      value: incident.duration,
      display:
        typeof incident.duration === 'number' && incident.duration >= 60
          ? `${durationDisplay(incident)} (${incident.duration} s)`
          : durationDisplay(incident),
    },
    { label: 'Created', key: 'created_at', value: incident.created_at },
    { label: 'Updated', key: 'updated_at', value: incident.updated_at },
  ]);
  const updates = timeline(incident.incidentUpdates);
  if (!io.stdoutIsTTY) {
    // Piped: one "update<TAB>id<TAB>date<TAB>status<TAB>notified<TAB>description" row per update, newest first.
    for (const update of updates) {
      const cells = [
        update.id,
        update.publicIncidentUpdateDate ?? '',
        update.status ?? '',
        String(update.notifySubscribers ?? false),
        update.description,
      ];
      io.out(`update\t${cells.map((cell) => sanitize(cell)).join('\t')}\n`);
    }
    return;
  }
  const count = `${updates.length} update${updates.length === 1 ? '' : 's'}`;
  io.out(`\n${io.style.bold(`Timeline, as subscribers read it (${count}, newest first):`)}\n`);
  for (const entry of subscriberTimeline(updates, now)) renderTimelineEntry(io, entry);
}

/**
 * One entry of the timeline in the status page's words and order (api/subscribers.ts):
 * "Identified · 2026-11-25 12:03 UTC (5m ago)", the message below it (wrapped to the
 * terminal, indented), then, dim, what only the account sees: the update's ID, whether
 * subscribers were notified.
 */
function renderTimelineEntry(io: IO, entry: TimelineEntry): void {
  const word = colorValue(io.style, entry.status, sanitize(entry.word));
  io.out(`\n  ${word} · ${sanitize(entry.when)}\n`);
  for (const line of sanitize(entry.message, { newlines: true }).split('\n')) io.out(`    ${line}\n`);
  const notified = entry.update.notifySubscribers ? ' · subscribers notified' : '';
  io.out(`    ${io.style.dim(`update ${sanitize(entry.update.id)}${notified}`)}\n`);
}
