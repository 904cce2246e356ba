import type { Incident, IncidentUpdateBody } from '../../../api/schemas/incidents';
import { templateStatus, type NamedTemplate } from '../../../core/templates';

/*
 * What a post will say, as the confirmation shows it (core/confirm.ts escapes the values):
 * the incident by name and ID (names can look alike), the status before → after, the
 * message, and whether subscribers are told.
 */

/** "Checkout errors (MAJOR, on Public API)" and its full ID, on lines of their own. */
export function incidentLines(incident: Incident): [string, string][] {
  const services = incident.services.map((service) => service.name).join(', ');
  return [
    ['Incident', `${incident.name} (${incident.severity}, on ${services})`],
    ['ID', incident.id],
  ];
}

export const notifyLine = (notify: boolean | undefined) =>
  notify ? 'yes, subscribers are notified' : 'no, subscribers are not notified';

/** The status, and the template it came from when it did. */
export function statusLine(status: string, template: NamedTemplate | undefined): string {
  return template && templateStatus(template) === status ? `${status} (from template "${template.name}")` : status;
}

export function updateSummary(
  incident: Incident,
  update: IncidentUpdateBody,
  template?: NamedTemplate,
): [string, string][] {
  const current = incident.lastUpdateStatus;
  const next = update.status ?? current;
  return [
    ['Status', next === current ? `${current} (unchanged)` : `${current} → ${statusLine(next, template)}`],
    ['Message', update.description],
    ['Notify', notifyLine(update.notifySubscribers)],
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

/* A plan's changes (core/write.ts): one line each, naming the incident by name and full ID. */

/** `Incident "Checkout errors" (3f0c2a9e-…)` */
export const incidentWords = (incident: Pick<Incident, 'name' | 'id'>) =>
  `Incident "${incident.name}" (${incident.id})`;

/** A change of the incident's own fields, and an update it gets: "Incident "X" (ID): severity MAJOR → CRITICAL". */
export function incidentChanges(
  incident: Incident,
  change?: { name: string; severity: string; services: { name: string }[] },
  update?: IncidentUpdateBody,
): string[] {
  const who = incidentWords(incident);
  const lines: string[] = [];
  if (change) {
    const fields = changeSummary(incident, change);
    if (!fields.length) lines.push(`${who}: name, severity and services sent as they are (nothing different)`);
    for (const [label, value] of fields) lines.push(`${who}: ${label.toLowerCase()} ${value}`);
  }
  if (update) lines.push(`${who}: ${updateWords(incident.lastUpdateStatus, update)}`);
  return lines;
}

/**
 * "a new update, status INVESTIGATING → MONITORING, subscribers not notified: "A fix is out.""
 * (`current` undefined: the incident's first update, "status INVESTIGATING, ...").
 */
export function updateWords(current: string | undefined, update: IncidentUpdateBody): string {
  const next = update.status ?? current;
  const status =
    current === undefined
      ? `status ${next ?? 'as the incident has it'}`
      : next === current
        ? `status ${current} (unchanged)`
        : `status ${current} → ${next}`;
  const notified = update.notifySubscribers ? 'subscribers notified' : 'subscribers not notified';
  return `${current === undefined ? '' : 'a new update, '}${status}, ${notified}: "${update.description}"`;
}
