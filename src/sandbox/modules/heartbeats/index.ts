import { EVENTS_LIMIT } from '../../../api/schemas/enums';
import { availabilityQuerySchema, heartbeatEventsQuerySchema } from '../../../api/schemas/heartbeats';
import { HttpError, notFound, queryObject, validate, type SandboxRequest } from '../../http';
import type { ModuleContext, SandboxModule } from '../../module';
import { DAY, isLinkPreviewBot } from './rules';
import { createHeartbeatCheck, heartbeatCheckOf, updateHeartbeatCheck } from './checks';
import { describeEvery, loadSeedFile, seedSamples } from './seed';
import { monitors, recordPing, type StoredHeartbeat } from './store';
import { availability, bare, timeline, windowOf } from './timeline';

/** The monitor a read names, or 404. */
function monitorFor(ctx: ModuleContext, checkId: string): StoredHeartbeat {
  const monitor = monitors(ctx).get(checkId);
  if (!monitor) throw notFound(`Heartbeat check ${checkId}`);
  return monitor;
}

/** Who sent a ping: the Origin header, else the Referer, else the peer address. */
function pingSource(request: SandboxRequest): string | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  };
  return header('origin') ?? header('referer') ?? (request.remoteAddress.replace(/^::ffff:/, '') || null);
}

export const heartbeatsModule: SandboxModule = {
  name: 'heartbeats',
  seed: seedSamples,
  start(ctx) {
    if (ctx.options.seedFile) loadSeedFile(ctx, ctx.options.seedFile);
  },
  routes(router, ctx) {
    router.post('/v1/checks/heartbeat', (request) => ({
      status: 201,
      body: heartbeatCheckOf(ctx, createHeartbeatCheck(ctx, request)),
    }));

    router.put('/v1/checks/heartbeat/:id', (request) => {
      const monitor = monitorFor(ctx, request.params.id!);
      return { status: 200, body: heartbeatCheckOf(ctx, updateHeartbeatCheck(ctx, monitor, request)) };
    });

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
      // A chat's crawler previewing a pasted ping URL: answered, not counted.
      if (isLinkPreviewBot(agent)) return { status: 200, body: { ok: true } };
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
