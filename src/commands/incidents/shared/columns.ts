import { startedAt } from '../../../api/answers';
import type { Incident } from '../../../api/schemas/incidents';
import { subscriberTimeline, timeline } from '../../../api/subscribers';
import type { RecordView } from '../../../output/present';
import { SHORT_ID, shortId, type Column } from '../../../output/render';
import { bold, colorValue, paint } from '../../../output/say';
import { displayWidth } from '../../../text/width';
import { absoluteTime, humanDuration, relativeTime, timeDisplay } from '../../../text/time';
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
    {
      header: 'STARTED',
      value: startedAt,
      display: (incident) => relativeTime(startedAt(incident), now),
      text: (incident) => absoluteTime(startedAt(incident)),
    },
    { header: 'DURATION', value: (incident) => incident.duration, display: durationDisplay, text: durationDisplay },
  ];
}

/** The updates newest first, as the status page shows them (one definition: api/subscribers.ts). */
export { timeline };

/**
 * The incident, then its updates newest first, as subscribers read them (api/subscribers.ts):
 * a timeline on a terminal and in a document, `update<TAB>id<TAB>date<TAB>status<TAB>notified<TAB>description`
 * rows piped.
 */
export function incidentView(incident: Incident, raw: unknown, now: number): RecordView {
  const ids = incident.services.map((service) => service.id);
  const started = startedAt(incident);
  const updates = timeline(incident.incidentUpdates);
  const count = `${updates.length} update${updates.length === 1 ? '' : 's'}`;
  return {
    json: raw,
    title: `Incident: ${incident.name}`,
    fields: [
      { label: 'Incident', key: 'name', value: incident.name, color: bold },
      { label: 'ID', key: 'id', value: incident.id },
      {
        label: 'Status',
        key: 'lastUpdateStatus',
        value: incident.lastUpdateStatus,
        color: paint(incident.lastUpdateStatus),
      },
      { label: 'Severity', key: 'severity', value: incident.severity, color: paint(incident.severity) },
      { label: 'Services', key: 'services', value: serviceNames(incident) },
      { label: 'Service IDs', key: 'serviceIds', value: ids.join(','), display: ids.join(', '), text: ids.join(', ') },
      {
        label: 'Started',
        key: 'startedAt',
        value: started,
        display: whenDisplay(started, now),
        text: started ? absoluteTime(started) : undefined,
      },
      {
        label: 'Duration',
        key: 'duration',
        value: incident.duration,
        display:
          typeof incident.duration === 'number' && incident.duration >= 60
            ? `${durationDisplay(incident)} (${incident.duration} s)`
            : durationDisplay(incident),
        text: durationDisplay(incident),
      },
      { label: 'Created', key: 'created_at', value: incident.created_at },
      { label: 'Updated', key: 'updated_at', value: incident.updated_at },
    ],
    sections: [
      {
        kind: 'timeline',
        title: `Timeline, as subscribers read it (${count}, newest first):`,
        key: 'update',
        entries: subscriberTimeline(updates, now).map((entry) => ({
          heading: entry.word,
          status: entry.status,
          when: entry.when,
          at: entry.update.publicIncidentUpdateDate ? absoluteTime(entry.update.publicIncidentUpdateDate) : '—',
          body: entry.message,
          note: `update ${entry.update.id}${entry.update.notifySubscribers ? ' · subscribers notified' : ''}`,
          cells: [
            entry.update.id,
            entry.update.publicIncidentUpdateDate ?? '',
            entry.update.status ?? '',
            String(entry.update.notifySubscribers ?? false),
            entry.update.description,
          ],
        })),
      },
    ],
  };
}
