import type { Incident, IncidentUpdateBody } from '../../api/schemas/incidents';

/*
 * What a post will say, as the confirmation shows it (core/confirm.ts escapes the values):
 * the status before → after, the message, and whether subscribers are told.
 */

export function updateSummary(incident: Incident, update: IncidentUpdateBody): [string, string][] {
  const current = incident.lastUpdateStatus;
  const next = update.status ?? current;
  return [
    ['Status', next === current ? `${current} (unchanged)` : `${current} → ${next}`],
    ['Message', update.description],
    ['Notify', update.notifySubscribers ? 'yes, subscribers are notified' : 'no, subscribers are not notified'],
  ];
}

/** The incident's own fields a change touches: "MAJOR → CRITICAL". */
export function changeSummary(
  before: Incident,
  after: { name: string; severity: string; services: { name: string }[] },
): [string, string][] {
  const lines: [string, string][] = [];
  if (after.name !== before.name) lines.push(['Name', `${before.name} → ${after.name}`]);
  if (after.severity !== before.severity) lines.push(['Severity', `${before.severity} → ${after.severity}`]);
  const names = (services: { name: string }[]) => services.map((service) => service.name).join(', ');
  if (names(after.services) !== names(before.services))
    lines.push(['Services', `${names(before.services)} → ${names(after.services)}`]);
  return lines;
}
