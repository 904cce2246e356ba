import { HttpError } from './http';
import { CLOCK_OFFSET_META, type SandboxClock } from './module';
import { MAX_CLOCK_ADVANCE_SECONDS } from './limits';
import type { RequestLog } from './request-log';
import type { Router } from './router';
import type { Store } from './store';

/** The latest time the sandbox clock may show (ISO 8601 has four-digit years). */
const LATEST_TIME = Date.parse('9999-12-31T23:59:59Z');

/**
 * The admin routes, outside the API (they need the API key like it; documented in
 * `mon sandbox --help` and the README):
 *   GET    /__sandbox/requests[?limit=N]   the last N requests received (all kept by default), oldest first
 *   DELETE /__sandbox/requests             forget them
 *   POST   /__sandbox/clock                {"advanceSeconds": S} moves the clock S seconds forward
 *                                          (0 to 100 years); kept in the data file across restarts
 * and, served by the module whose state it changes (modules/checks.ts):
 *   POST   /__sandbox/checks/{id}/status   {"status": "failing"|"degraded"|"passing"} sets a check's status
 */
export function adminRoutes(router: Router, state: { clock: SandboxClock; store: Store; log: RequestLog }): void {
  router.get('/__sandbox/requests', ({ query }) => {
    const raw = query.get('limit');
    const limit = raw === null ? Infinity : Number(raw);
    if (raw !== null && (!/^\d+$/.test(raw) || limit < 1)) {
      throw new HttpError(400, 'query.limit must be a whole number >= 1');
    }
    const entries = state.log.entries;
    return { status: 200, body: entries.slice(Math.max(0, entries.length - limit)) };
  });
  router.add({
    method: 'DELETE',
    path: '/__sandbox/requests',
    handler: () => {
      state.log.clear();
      return { status: 204 };
    },
  });
  router.post('/__sandbox/clock', (request) => {
    const seconds = (request.body as { advanceSeconds?: unknown } | undefined)?.advanceSeconds;
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      seconds > MAX_CLOCK_ADVANCE_SECONDS
    ) {
      throw new HttpError(
        400,
        `body.advanceSeconds must be a number of seconds from 0 to 100 years (${MAX_CLOCK_ADVANCE_SECONDS})`,
      );
    }
    const offsetMs = state.clock.offsetMs + Math.round(seconds * 1000);
    if (state.clock.now() - state.clock.offsetMs + offsetMs > LATEST_TIME) {
      throw new HttpError(400, 'body.advanceSeconds would move the sandbox clock past the year 9999');
    }
    // On disk first: the offset survives a restart (and `mon --sandbox`, which restarts every time).
    state.store.setMeta(CLOCK_OFFSET_META, offsetMs);
    state.clock.offsetMs = offsetMs;
    const now = state.clock.now();
    return { status: 200, body: { now: new Date(now).toISOString(), offsetSeconds: offsetMs / 1000 } };
  });
}
