import type { ApiClient } from '../../../api/client';
import { periodMs, type HeartbeatTiming } from '../../../api/heartbeat-rules';
import { getHeartbeatEvents } from '../../../api/resources/heartbeats';
import { EVENTS_LIMIT } from '../../../api/schemas/enums';
import type { HeartbeatEvent } from '../../../api/schemas/heartbeats';
import type { IO } from '../../../io';
import { stripLines } from './strip';

/*
 * The strip of `heartbeats get` and `events` on a terminal: the events of its window, read
 * back page by page (the API returns at most 10 per request, newest first), then drawn.
 */

type Client = Pick<ApiClient, 'request'>;

/**
 * Every event from `start` to `end` (ms), newest first: each read ends where the previous
 * one's oldest event was, until a read comes back short or `maxReads` were made.
 */
export async function eventsBetween(
  client: Client,
  checkId: string,
  start: number,
  end: number,
  maxReads: number,
): Promise<HeartbeatEvent[]> {
  const seen = new Map<string, HeartbeatEvent>();
  let until = end;
  for (let read = 0; read < maxReads; read++) {
    const { response } = await getHeartbeatEvents(client, checkId, {
      startTime: new Date(start).toISOString(),
      endTime: new Date(until).toISOString(),
      limit: EVENTS_LIMIT.max,
    });
    const events = response.flatMap((entry) => entry.events ?? []);
    const fresh = events.filter((event) => !seen.has(event.id));
    for (const event of fresh) seen.set(event.id, event);
    const oldest = Math.min(
      ...events.map((event) => Date.parse(event.timestamp ?? '')).filter((at) => !Number.isNaN(at)),
    );
    if (events.length < EVENTS_LIMIT.max || !fresh.length || !Number.isFinite(oldest) || oldest <= start) break;
    until = oldest + 1;
  }
  return [...seen.values()];
}

/** How many cells the strip has room for at `columns` (a cell and a space each). */
export const cellsFor = (columns: number) => Math.max(1, Math.floor((columns + 1) / 2));

/** A heartbeat's history over [start, now] as a titled strip (lines ending in "\n"); '' when no ping was expected in it. */
export async function historyStrip(
  io: IO,
  client: Client,
  monitor: { id: string; timing: HeartbeatTiming; createdAt?: number; lastPingAt?: number },
  window: { start?: number; now: number },
): Promise<string> {
  const cells = cellsFor(io.columns());
  const start = Math.max(window.start ?? window.now - cells * periodMs(monitor.timing), monitor.createdAt ?? -Infinity);
  if (start >= window.now) return '';
  const events = await eventsBetween(client, monitor.id, start, window.now, Math.ceil(cells / EVENTS_LIMIT.max) + 1);
  const lines = stripLines(io, { ...monitor, events, start, now: window.now }, io.columns());
  if (!lines.length) return '';
  return `${io.style.bold('History')} (one cell per expected ping):\n${lines.join('\n')}\n`;
}
