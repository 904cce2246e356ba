import { startedAt, statusSince, statusWord } from '../../../api/answers';
import { latestUpdate } from '../../../api/subscribers';
import type { ChalkInstance } from 'chalk';
import { shortId } from '../../../output/render';
import { colorId, colorValue, successIcon } from '../../../output/say';
import { sanitize } from '../../../text/escape';
import { relativeTime } from '../../../text/time';
import { truncate } from '../../../text/width';
import type { Summary } from './summary';

/**
 * `mon status` as lines: each section with its count, one line per thing to act on (its
 * short ID first), or one "All clear" line. Each line fits `width`: the fixed columns
 * first, the free text (names, the last update) cut to what is left.
 */
export function summaryLines(summary: Summary, style: ChalkInstance, width = Number.POSITIVE_INFINITY): string[] {
  const { incidents, checks, heartbeats, now } = summary;
  if (!incidents.length && !checks.length && !heartbeats.length) {
    return [`${successIcon(style)} All clear: no open incidents, failing checks or late heartbeats.`];
  }
  const ago = (iso: string | null | undefined) => (iso ? relativeTime(iso, now) : 'never');
  /** "  ID  LABEL  " then the text, cut to the width. */
  const row = (id: string, label: string, pad: number, text: string) => {
    const fixed = 2 + 8 + 2 + Math.max(pad, label.length) + 2;
    return `  ${colorId(style, shortId(id))}  ${colorValue(style, label, label.padEnd(pad))}  ${truncate(sanitize(text), Math.max(width - fixed, 1))}`;
  };
  const heading = (title: string, count: number) => style.bold(`${title} (${count})`);
  const lines: string[] = [heading('Open incidents', incidents.length)];
  for (const { incident } of incidents) {
    const last = latestUpdate(incident.incidentUpdates);
    const status = sanitize(incident.lastUpdateStatus);
    lines.push(
      row(
        incident.id,
        sanitize(incident.severity),
        8,
        `${status} · ${incident.name} · started ${ago(startedAt(incident))}`,
      ),
    );
    if (last) {
      const when = last.publicIncidentUpdateDate ?? last.created_at;
      lines.push(
        `${' '.repeat(22)}${truncate(sanitize(`${ago(when)}: ${last.description}`), Math.max(width - 22, 1))}`,
      );
    }
  }
  if (!incidents.length) lines.push('  none');
  lines.push(heading('Checks failing or degraded', checks.length));
  for (const status of checks) {
    lines.push(row(status.checkId, statusWord(status), 8, `${status.name} · since ${ago(statusSince(status))}`));
  }
  if (!checks.length) lines.push('  none');
  lines.push(heading('Heartbeats late or in grace', heartbeats.length));
  for (const heartbeat of heartbeats) {
    const alert =
      heartbeat.state === 'late' ? `alerting since ${ago(heartbeat.alertsAt)}` : `alerts ${ago(heartbeat.alertsAt)}`;
    lines.push(
      row(heartbeat.id, heartbeat.state, 8, `${heartbeat.name} · last ping ${ago(heartbeat.lastPingAt)} · ${alert}`),
    );
  }
  if (!heartbeats.length) lines.push('  none');
  return lines;
}
