import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatPath } from '../../text/path';
import {
  availabilityQuerySchema,
  heartbeatEventsQuerySchema,
  heartbeatMonitorSchema,
  toSeconds,
  type Availability,
  type HeartbeatEvent,
  type HeartbeatMonitor,
} from '../../api/schemas/heartbeats';
import { EVENTS_LIMIT } from '../../api/schemas/enums';
import { parseTime } from '../../text/time';
import { UsageError } from '../../errors';
import { HttpError, notFound, queryObject, validate, type SandboxRequest } from '../http';
import type { ModuleContext, SandboxModule } from '../module';
import type { Collection } from '../store';

/**
 * Heartbeat monitors: pings on /ping/<token>, and the events and availability reads.
 *
 * Only pings are stored. The rest follows from them, the monitor's period and grace, and the
 * sandbox clock, so that moving the clock (POST /__sandbox/clock) is enough to make a
 * heartbeat miss its deadline:
 * - a ping is RECEIVED when it comes at most one period after the previous ping (or after
 *   the monitor was created), GRACE when it comes later but within period + grace, and LATE
 *   when it comes after that, i.e. while the monitor was failing;
 * - the spec's rule: with no ping within period + grace, the monitor fails. A FAILING event
 *   is recorded at that moment (one per outage), and the outage lasts until the next ping;
 * - the success ratio of a window is the share of its time (from the monitor's creation up
 *   to now) in which the monitor was not failing, in percent; null when the window holds no
 *   such time. `totalEntitiesCurrentPeriod` is the number of events in the window.
 * A deactivated monitor records pings but never fails.
 */

export interface StoredHeartbeat extends HeartbeatMonitor {
  /** The check ID. */
  id: string;
  /** The secret part of the ping URL. */
  pingToken: string;
  created_at: string;
}

type PingState = 'RECEIVED' | 'GRACE' | 'LATE';

interface StoredPing {
  id: string;
  checkId: string;
  timestamp: string;
  state: PingState;
  source: string | null;
  userAgent: string | null;
}

const MONITORS = 'heartbeats';
const PINGS = 'heartbeatPings';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function monitors(ctx: Pick<ModuleContext, 'store'>): Collection<StoredHeartbeat> {
  return ctx.store.collection<StoredHeartbeat>(MONITORS);
}

function pings(ctx: Pick<ModuleContext, 'store'>): Collection<StoredPing> {
  return ctx.store.collection<StoredPing>(PINGS);
}

function periodMs(monitor: HeartbeatMonitor): number {
  return toSeconds(monitor.period, monitor.periodUnit) * 1000;
}

function allowanceMs(monitor: HeartbeatMonitor): number {
  return periodMs(monitor) + toSeconds(monitor.grace, monitor.graceUnit) * 1000;
}

function pingsOf(ctx: Pick<ModuleContext, 'store'>, checkId: string): StoredPing[] {
  return pings(ctx)
    .values()
    .filter((ping) => ping.checkId === checkId)
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

/** The state of a ping arriving `elapsedMs` after the previous one (or the monitor's creation). */
function pingState(monitor: HeartbeatMonitor, elapsedMs: number): PingState {
  if (elapsedMs <= periodMs(monitor)) return 'RECEIVED';
  if (elapsedMs <= allowanceMs(monitor)) return 'GRACE';
  return 'LATE';
}

/** A stable ID for a derived FAILING event, shaped like a UUID. */
function failingEventId(checkId: string, at: number): string {
  const hex = createHash('sha1').update(`${checkId}:FAILING:${at}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Timeline {
  /** Pings and FAILING state changes, oldest first. */
  events: (HeartbeatEvent & { at: number })[];
  /** [start, end) of each time the monitor was failing. */
  outages: [number, number][];
}

function timeline(ctx: ModuleContext, monitor: StoredHeartbeat): Timeline {
  const now = ctx.clock.now();
  const allowance = allowanceMs(monitor);
  const fails = monitor.activated !== false;
  const events: Timeline['events'] = [];
  const outages: Timeline['outages'] = [];
  const failed = (at: number, until: number) => {
    events.push({
      id: failingEventId(monitor.id, at),
      state: 'FAILING',
      timestamp: new Date(at).toISOString(),
      source: null,
      userAgent: null,
      at,
    });
    outages.push([at, until]);
  };
  let last = Date.parse(monitor.created_at);
  for (const ping of pingsOf(ctx, monitor.id)) {
    const at = Date.parse(ping.timestamp);
    if (fails && at > last + allowance) failed(last + allowance, at);
    const { checkId: _checkId, ...event } = ping;
    events.push({ ...event, at });
    last = Math.max(last, at);
  }
  if (fails && now > last + allowance) failed(last + allowance, now);
  return { events, outages };
}

/** The success ratio (percent) of [start, end], or undefined when the monitor has no time in it. */
function successRatio(
  ctx: ModuleContext,
  monitor: StoredHeartbeat,
  line: Timeline,
  start: number,
  end: number,
): number | undefined {
  const from = Math.max(start, Date.parse(monitor.created_at));
  const to = Math.min(end, ctx.clock.now());
  if (to <= from) return undefined;
  let down = 0;
  for (const [outageStart, outageEnd] of line.outages)
    down += Math.max(0, Math.min(outageEnd, to) - Math.max(outageStart, from));
  return Math.round((1 - down / (to - from)) * 10_000) / 100;
}

/** The availability of [start, end] against the period of the same length before it; null without data. */
function availability(
  ctx: ModuleContext,
  monitor: StoredHeartbeat,
  line: Timeline,
  start: number,
  end: number,
): Availability | null {
  const current = successRatio(ctx, monitor, line, start, end);
  if (current === undefined) return null;
  const previous = successRatio(ctx, monitor, line, start - (end - start), start);
  return {
    successRatio: { ...(previous === undefined ? {} : { previousPeriod: previous }), currentPeriod: current },
    totalEntitiesCurrentPeriod: line.events.filter((event) => event.at >= start && event.at <= end).length,
  };
}

/** startTime / endTime with the spec's defaults: the end is now, the start 24 hours before now. */
function windowOf(ctx: ModuleContext, query: { startTime?: string; endTime?: string }): { start: number; end: number } {
  const now = ctx.clock.now();
  const end = query.endTime === undefined ? now : parseTime(query.endTime)!.getTime();
  const start = query.startTime === undefined ? now - DAY : parseTime(query.startTime)!.getTime();
  if (start >= end) {
    const shown = (value: string | undefined, at: number, fallback: string) =>
      value === undefined ? `${fallback}, ${new Date(at).toISOString()}` : value;
    throw new HttpError(
      400,
      `query.startTime (${shown(query.startTime, start, 'default: 24 hours ago')}) must be before endTime (${shown(query.endTime, end, 'default: now')})`,
    );
  }
  return { start, end };
}

function monitorFor(ctx: ModuleContext, checkId: string): StoredHeartbeat {
  const monitor = monitors(ctx).get(checkId);
  if (!monitor) throw notFound(`Heartbeat check ${checkId}`);
  return monitor;
}

const bare = (event: HeartbeatEvent & { at: number }): HeartbeatEvent => {
  const { at: _at, ...rest } = event;
  return rest;
};

/** Adds a monitor (validated with the spec's rules) with a new check ID and ping token. */
export function addHeartbeatMonitor(
  ctx: Pick<ModuleContext, 'store' | 'clock'>,
  config: HeartbeatMonitor,
  createdAt = ctx.clock.now(),
): StoredHeartbeat {
  const checked = heartbeatMonitorSchema.parse(config);
  return monitors(ctx).put({
    ...checked,
    id: randomUUID(),
    pingToken: randomUUID(),
    created_at: new Date(createdAt).toISOString(),
  });
}

function recordPing(
  ctx: Pick<ModuleContext, 'store'>,
  monitor: StoredHeartbeat,
  at: number,
  from: { source: string | null; userAgent: string | null },
): StoredPing {
  const previous = pingsOf(ctx, monitor.id).at(-1);
  const since = previous ? Date.parse(previous.timestamp) : Date.parse(monitor.created_at);
  return pings(ctx).put({
    id: randomUUID(),
    checkId: monitor.id,
    timestamp: new Date(at).toISOString(),
    state: pingState(monitor, at - since),
    ...from,
  });
}

/** Who sent a ping: the Origin header, else the Referer, else the peer address. */
function pingSource(request: SandboxRequest): string | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  };
  return header('origin') ?? header('referer') ?? (request.remoteAddress.replace(/^::ffff:/, '') || null);
}

/** Sample monitors with a history: a daily job with one run in its grace time, an hourly one that missed a run, a busy worker. */
const SAMPLES: {
  config: HeartbeatMonitor;
  createdMinutesAgo: number;
  pingMinutesAgo: number[];
  userAgent: string;
  source: string;
}[] = [
  {
    config: {
      name: 'Nightly backup',
      period: 1,
      periodUnit: 'days',
      grace: 1,
      graceUnit: 'hours',
      description: 'pg_dump of the primary database to object storage',
    },
    createdMinutesAgo: 7 * 1440 + 30,
    pingMinutesAgo: [7 * 1440, 6 * 1440, 5 * 1440, 4 * 1440 - 40, 3 * 1440 - 20, 2 * 1440 - 20, 1440 - 20],
    userAgent: 'Wget/1.21.4',
    source: '10.0.2.8',
  },
  {
    config: { name: 'Hourly report', period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' },
    createdMinutesAgo: 25 * 60,
    pingMinutesAgo: Array.from({ length: 25 }, (_, i) => (25 - i) * 60 - 20)
      .filter((minutes) => minutes !== 10 * 60 - 20)
      .map((minutes) => (minutes === 16 * 60 - 20 ? minutes - 3 : minutes)),
    userAgent: 'curl/8.5.0',
    source: '10.0.3.21',
  },
  {
    config: { name: 'Queue worker', period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' },
    createdMinutesAgo: 120,
    pingMinutesAgo: Array.from({ length: 24 }, (_, i) => 116 - i * 5),
    userAgent: 'python-requests/2.32.3',
    source: '10.0.4.17',
  },
];

/** `--seed FILE`: a JSON array of heartbeat monitor configurations; a monitor with the same name is updated, not added again. */
function loadSeedFile(ctx: ModuleContext, file: string): void {
  const path = resolve(file);
  const shape =
    'Each entry is an object with name, period, periodUnit, grace and graceUnit (units: seconds, minutes, hours, days), and optionally description, activated, muted, tags.';
  const fail = (problem: string, hint = shape) => new UsageError(`--seed ${file}: ${problem}`, hint);
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code)
      throw fail(`cannot read the file (${code}).`, `Check the path (relative paths start at ${process.cwd()}).`);
    throw fail(`is not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(entries)) throw fail('must hold a JSON array of heartbeat monitors.');
  const problems: string[] = [];
  const configs: HeartbeatMonitor[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const name =
      typeof (entry as { name?: unknown })?.name === 'string' ? ` ("${(entry as { name: string }).name}")` : '';
    const result = heartbeatMonitorSchema.safeParse(entry);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const what =
          issue.code === 'unrecognized_keys'
            ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
            : [formatPath(issue.path), issue.message].filter(Boolean).join(' ');
        problems.push(`entry ${index + 1}${name}: ${what}`);
      }
      return;
    }
    const first = seen.get(result.data.name);
    if (first !== undefined) problems.push(`entry ${index + 1}${name}: has the same name as entry ${first}`);
    seen.set(result.data.name, index + 1);
    configs.push(result.data);
  });
  if (problems.length)
    throw fail(
      problems.length === 1
        ? `${problems[0]}.`
        : `${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  const byName = new Map(
    monitors(ctx)
      .values()
      .map((monitor) => [monitor.name, monitor]),
  );
  for (const config of configs) {
    const existing = byName.get(config.name);
    if (existing)
      monitors(ctx).put({ ...config, id: existing.id, pingToken: existing.pingToken, created_at: existing.created_at });
    else addHeartbeatMonitor(ctx, config);
  }
}

function describeEvery(monitor: HeartbeatMonitor): string {
  const unit = (amount: number, name: string) => `${amount} ${amount === 1 ? name.replace(/s$/, '') : name}`;
  return `every ${unit(monitor.period, monitor.periodUnit)}, grace ${unit(monitor.grace, monitor.graceUnit)}`;
}

export const heartbeatsModule: SandboxModule = {
  name: 'heartbeats',
  seed(ctx) {
    const now = ctx.clock.now();
    for (const sample of SAMPLES) {
      const monitor = addHeartbeatMonitor(ctx, sample.config, now - sample.createdMinutesAgo * 60_000);
      for (const minutesAgo of sample.pingMinutesAgo) {
        recordPing(ctx, monitor, now - minutesAgo * 60_000, { source: sample.source, userAgent: sample.userAgent });
      }
    }
  },
  start(ctx) {
    if (ctx.options.seedFile) loadSeedFile(ctx, ctx.options.seedFile);
  },
  routes(router, ctx) {
    router.get('/v1/checks/heartbeats/:checkId/events', ({ params, query }) => {
      const { limit = EVENTS_LIMIT.default, ...times } = validate(
        heartbeatEventsQuerySchema,
        queryObject(query),
        'query',
      );
      const monitor = monitorFor(ctx, params.checkId!);
      const { start, end } = windowOf(ctx, times);
      const line = timeline(ctx, monitor);
      const now = ctx.clock.now();
      const events = line.events
        .filter((event) => event.at >= start && event.at <= end)
        .reverse()
        .slice(0, limit)
        .map(bare);
      const stats = {
        last24Hours: availability(ctx, monitor, line, now - DAY, now),
        last7Days: availability(ctx, monitor, line, now - 7 * DAY, now),
      };
      return { status: 200, body: [{ events, stats }] };
    });

    router.get('/v1/checks/heartbeats/:checkId/availability', ({ params, query }) => {
      const times = validate(availabilityQuerySchema, queryObject(query), 'query');
      const monitor = monitorFor(ctx, params.checkId!);
      const { start, end } = windowOf(ctx, times);
      return { status: 200, body: availability(ctx, monitor, timeline(ctx, monitor), start, end) };
    });

    const ping = (request: SandboxRequest) => {
      const monitor = monitors(ctx)
        .values()
        .find((candidate) => candidate.pingToken === request.params.token);
      // The token is a secret: the answer does not repeat it.
      if (!monitor) throw new HttpError(404, 'No heartbeat monitor has this ping token');
      const agent = request.headers['user-agent'];
      recordPing(ctx, monitor, ctx.clock.now(), {
        source: pingSource(request),
        userAgent: agent ? String(agent) : null,
      });
      return { status: 200, body: { ok: true } };
    };
    router.post('/ping/:token', ping, { auth: false });
    router.get('/ping/:token', ping, { auth: false });
    for (const method of ['HEAD', 'PUT', 'DELETE']) {
      router.add({
        method,
        path: '/ping/:token',
        auth: false,
        handler: () => {
          throw new HttpError(405, `${method} is not accepted for pings: send POST (or GET)`, { allow: 'POST, GET' });
        },
      });
    }
  },
  banner(ctx) {
    const list = monitors(ctx).values();
    const lines = list.length
      ? ['Heartbeat monitors (mon heartbeats events CHECK_ID, mon heartbeats ping TOKEN):']
      : [];
    for (const monitor of list) {
      lines.push(
        `  ${monitor.name} (${describeEvery(monitor)})`,
        `    check ID:    ${monitor.id}`,
        `    ping token:  ${monitor.pingToken}`,
      );
    }
    return {
      lines,
      json: {
        heartbeats: list.map((monitor) => ({
          name: monitor.name,
          checkId: monitor.id,
          pingToken: monitor.pingToken,
          pingUrl: `${ctx.pingUrl()}/${monitor.pingToken}`,
          period: monitor.period,
          periodUnit: monitor.periodUnit,
          grace: monitor.grace,
          graceUnit: monitor.graceUnit,
        })),
      },
    };
  },
};
