import type { WindowQuery } from '../../../api/resources/heartbeats';
import { windowIsOrdered } from '../../../api/schemas/heartbeats';
import { UsageError } from '../../../errors';
import { TIME_RANGE } from '../../../text/time';
import type { ApiClient } from '../../../api/client';
import { checkOrPick, type NamedCheck } from '../../../core/check-arg';
import type { Ctx } from '../../../core/context';

export const DAY_MS = 86_400_000;

interface WindowOptions {
  from?: Date;
  to?: Date;
  since?: number;
}

function startOf(options: WindowOptions, now: number): Date | undefined {
  return options.from ?? (options.since === undefined ? undefined : new Date(now - options.since));
}

/** --to alone: the period starts 24 hours before it, and not before the first time the API can say. */
function defaultStart(end: Date): Date {
  return new Date(Math.max(end.getTime() - DAY_MS, TIME_RANGE.min));
}

/** The rules between the flags: --since is --from in other words, and the period must start before it ends. */
export function checkWindow(options: WindowOptions, now: number): void {
  if (options.from && options.since !== undefined) {
    throw new UsageError('--since cannot be combined with --from: --since 2h means the same as --from 2h.');
  }
  const start = startOf(options, now);
  if (!start && options.to && !windowIsOrdered(defaultStart(options.to), options.to)) {
    throw new UsageError(
      `--to must be after 0000-01-01 00:00:00 UTC when given alone: the period it ends starts up to 24 hours before it, at 0000-01-01 at the earliest (the API's four-digit years).`,
    );
  }
  if (!windowIsOrdered(start, options.to)) {
    const flag = options.from ? '--from' : '--since';
    throw new UsageError(
      `${flag} must be before --to (the period would start ${utc(start!)} and end ${utc(options.to!)}).`,
    );
  }
}

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The query parameters of the window, as full ISO 8601 date-times. Given alone, --to gets a
 * start 24 hours before it: the server's default start (24 hours before now) could be after it.
 */
export function windowQuery(options: WindowOptions, now: number): WindowQuery {
  const end = options.to;
  const start = startOf(options, now) ?? (end ? defaultStart(end) : undefined);
  const query: WindowQuery = {};
  if (start) query.startTime = start.toISOString();
  if (end) query.endTime = end.toISOString();
  return query;
}

/** How the window reads in a sentence: "the last 24 hours", "since 2026-11-20 14:05 UTC", ... */
export function describeWindow(query: WindowQuery): string {
  const show = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  if (!query.startTime && !query.endTime) return 'the last 24 hours';
  if (!query.endTime) return `${show(query.startTime!)} to now`;
  return `${show(query.startTime!)} to ${show(query.endTime)}`;
}

/** CHECK (its ID, 6+ characters of it, or its name) of a heartbeat read, or picked on a terminal. */
export function heartbeatOrPick(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  client: Pick<ApiClient, 'request'>,
  check: string | undefined,
  verb: string,
): Promise<NamedCheck> {
  return checkOrPick(ctx, client, check, {
    checkType: 'HEARTBEAT',
    question: 'Which heartbeat?',
    example: `heartbeats ${verb} "Nightly backup"`,
  });
}
