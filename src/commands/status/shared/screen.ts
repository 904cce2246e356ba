import { startedAt, statusSince, statusWord } from '../../../api/answers';
import { PAGE_LIMIT } from '../../../api/schemas/enums';
import { latestUpdate } from '../../../api/subscribers';
import type { ChalkInstance } from 'chalk';
import type { WatchLine } from '../../../core/watch';
import { shortId } from '../../../output/render';
import { colorId, colorValue, successIcon } from '../../../output/say';
import { sanitize } from '../../../text/escape';
import { relativeTime } from '../../../text/time';
import { truncate } from '../../../text/width';
import type { Summary } from './summary';

/** Where the lines go: `width` columns (each line cut to it), `height` rows (the sections share them); none when piped. */
export interface ScreenSize {
  width?: number;
  height?: number;
}

/** A section: its heading, each thing in it as its lines (the first one its row), and what says the rest. */
interface Section {
  heading: string;
  items: WatchLine[][];
  /** "… and 12 more open incidents: mon incidents list" */
  more: (count: number) => string;
}

/**
 * `mon status` as lines: each section with its count, one row per thing to act on (its
 * short ID first), or one "All clear" line. Each line fits `width`: the fixed columns first,
 * the free text (names, the last update) cut to what is left. With a `height`, the sections
 * share it: each keeps its heading, and what does not fit is counted with the command that
 * shows it all. A row's `row` is what it is about (an incident, a check, a heartbeat), so
 * that --watch marks only a row that is new, not one whose "3m ago" became "4m ago".
 * `mon`: the command word of the hints (`mon --sandbox` when given it).
 */
export function summaryLines(summary: Summary, style: ChalkInstance, size: ScreenSize = {}, mon = 'mon'): WatchLine[] {
  const { incidents, checks, heartbeats, now } = summary;
  const width = size.width ?? Number.POSITIVE_INFINITY;
  if (!incidents.length && !checks.length && !heartbeats.length) {
    return [{ text: `${successIcon(style)} All clear: no open incidents, failing checks or late heartbeats.` }];
  }
  const ago = (iso: string | null | undefined) => (iso ? relativeTime(iso, now) : 'never');
  /** "  ID  LABEL  " then the text, cut to the width. */
  const row = (id: string, label: string, pad: number, text: string) => {
    const fixed = 2 + 8 + 2 + Math.max(pad, label.length) + 2;
    return `  ${colorId(style, shortId(id))}  ${colorValue(style, label, label.padEnd(pad))}  ${truncate(sanitize(text), Math.max(width - fixed, 1))}`;
  };
  const fit = (text: string) => truncate(text, Math.max(width, 1));
  const heading = (title: string, count: number) => style.bold(`${title} (${count})`);
  /** "… and 12 more open incidents: mon incidents list" (with --all past the list's first page). */
  const more = (what: string, command: string, total: number) => (count: number) =>
    style.dim(fit(`  … and ${count} more ${what}: ${mon} ${command}${total > PAGE_LIMIT.default ? ' --all' : ''}`));

  const sections: Section[] = [
    {
      heading: heading('Open incidents', incidents.length),
      items: incidents.map(({ incident }) => {
        const last = latestUpdate(incident.incidentUpdates);
        const status = sanitize(incident.lastUpdateStatus);
        const lines: WatchLine[] = [
          {
            text: row(
              incident.id,
              sanitize(incident.severity),
              8,
              `${status} · ${incident.name} · started ${ago(startedAt(incident))}`,
            ),
            row: `incident ${incident.id}`,
          },
        ];
        if (last) {
          const when = last.publicIncidentUpdateDate ?? last.created_at;
          lines.push({
            text: `${' '.repeat(22)}${truncate(sanitize(`${ago(when)}: ${last.description}`), Math.max(width - 22, 1))}`,
          });
        }
        return lines;
      }),
      more: more('open incidents', 'incidents list', incidents.length),
    },
    {
      heading: heading('Checks failing or degraded', checks.length),
      items: checks.map((status) => [
        {
          text: row(status.checkId, statusWord(status), 8, `${status.name} · since ${ago(statusSince(status))}`),
          row: `check ${status.checkId}`,
        },
      ]),
      more: more('checks failing or degraded', 'checks status', 0),
    },
    {
      heading: heading('Heartbeats late or in grace', heartbeats.length),
      items: heartbeats.map((heartbeat) => {
        const alert =
          heartbeat.state === 'late'
            ? `alerting since ${ago(heartbeat.alertsAt)}`
            : `alerts ${ago(heartbeat.alertsAt)}`;
        const text = `${heartbeat.name} · last ping ${ago(heartbeat.lastPingAt)} · ${alert}`;
        return [{ text: row(heartbeat.id, heartbeat.state, 8, text), row: `heartbeat ${heartbeat.id}` }];
      }),
      more: more('heartbeats late or in grace', 'heartbeats list', heartbeats.length),
    },
  ];
  const shown = shares(
    sections.map((section) => section.items.map((item) => item.length)),
    size.height ?? Number.POSITIVE_INFINITY,
  );
  return sections.flatMap((section, index) => {
    const count = shown[index]!;
    const hidden = section.items.length - count;
    return [
      { text: section.heading },
      ...section.items.slice(0, count).flat(),
      ...(section.items.length ? [] : [{ text: '  none' }]),
      ...(hidden ? [{ text: section.more(hidden) }] : []),
    ];
  });
}

/**
 * How many things of each section fit `height` rows, given the rows of each thing: each
 * section takes its heading and one line ("none", or the count of what is left out), then
 * they take one more thing in turn, in order, while it fits (showing a section's last thing
 * frees the line that counted it).
 */
export function shares(sections: number[][], height: number): number[] {
  const total = sections.reduce((sum, rows) => sum + 1 + (rows.length ? rows.reduce((a, b) => a + b, 0) : 1), 0);
  if (total <= height) return sections.map((rows) => rows.length);
  const shown = sections.map(() => 0);
  let used = sections.length * 2;
  for (let added = true; added;) {
    added = false;
    sections.forEach((rows, index) => {
      const next = shown[index]!;
      if (next >= rows.length) return;
      const cost = rows[next]! - (next + 1 === rows.length ? 1 : 0);
      if (used + cost > height) return;
      used += cost;
      shown[index] = next + 1;
      added = true;
    });
  }
  return shown;
}
