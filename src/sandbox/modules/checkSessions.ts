import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  checkSessionTriggerSchema,
  completionQuerySchema,
  type CheckSessionTarget,
} from '../../api/schemas/checkSessions';
import { COMPLETION_WAIT_SECONDS } from '../../api/schemas/enums';
import type { Collection } from '../collection';
import { HttpError, queryObject, validate, type SandboxRequest } from '../http';
import { COMPLETION_POLL_MS } from '../limits';
import type { ModuleContext, SandboxModule } from '../module';
import { checks, type StoredCheck } from './checks';
import { checkResults, isOver, recordRun, type StoredResult } from './checkResults';
import { statusOverrides } from './checkStatuses';

/*
 * Check sessions (POST /v1/check-sessions/trigger, GET /v1/check-sessions/{id} and its
 * /completion): checks run now. Each matching check gets a session with one run, which finds
 * what the check's rehearsal status says when it is triggered (`mon sandbox checks
 * fail|degrade|pass`: failing FAILED, degraded DEGRADED, else PASSED) and is over
 * CHECK_RUN_SECONDS later by the sandbox clock; its result is then listed among the check's
 * results (checkResults.ts). Heartbeat monitors and deactivated checks are not run.
 */

const OUTCOMES = { failing: 'FAILED', degraded: 'DEGRADED', passing: 'PASSED' } as const;

/** A session as stored: which check, when, and what its one run found. */
export interface StoredSession {
  id: string;
  checkId: string;
  checkType: string;
  name: string;
  runLocation: string;
  startedAt: string;
  stoppedAt: string;
  outcome: (typeof OUTCOMES)[keyof typeof OUTCOMES];
  resultId: string;
}

export function checkSessions(ctx: Pick<ModuleContext, 'store'>): Collection<StoredSession> {
  return ctx.store.collection<StoredSession>('checkSessions');
}

/** The description's 404 answers: `{statusCode, error, message}` with its own words. */
const NO_MATCH = 'No matching checks were found.';
const NO_SESSION = 'No such check session.';
/** Its 408: the session is still running; ask again. */
const TRY_AGAIN = 'Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.';

/** Whether a check's tags fit one of the alternatives (all tags of one; `!tag`: not that tag). */
function matchesTags(tags: readonly string[], alternatives: readonly (readonly string[])[]): boolean {
  return alternatives.some((all) =>
    all.every((tag) => (tag.startsWith('!') ? !tags.includes(tag.slice(1)) : tags.includes(tag))),
  );
}

/**
 * The checks a target names, by name: those that can run (not heartbeats, not deactivated),
 * with an ID of `checkId` and tags that fit `matchTags`, each when given (an empty list names none).
 */
function targeted(ctx: ModuleContext, target: CheckSessionTarget = {}): StoredCheck[] {
  const ids = target.checkId?.map((id) => id.toLowerCase());
  return checks(ctx)
    .values()
    .filter(
      (check) =>
        check.checkType !== 'HEARTBEAT' &&
        check.activated !== false &&
        (ids === undefined || ids.includes(check.id.toLowerCase())) &&
        (target.matchTags === undefined || matchesTags((check.tags as string[]) ?? [], target.matchTags)),
    )
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
}

/** A session as the API answers it at `now`: running (STARTED, then PROGRESS) until its run is over. */
function sessionOf(ctx: ModuleContext, session: StoredSession, now: number, withResults: boolean) {
  const started = Date.parse(session.startedAt);
  const stopped = Date.parse(session.stoppedAt);
  const done = now >= stopped;
  const result = checkResults(ctx).get(session.resultId);
  return {
    checkSessionId: session.id,
    checkSessionLink: `${ctx.baseUrl()}/v1/check-sessions/${session.id}`,
    checkId: session.checkId,
    checkType: session.checkType,
    name: session.name,
    status: done ? session.outcome : now > started ? 'PROGRESS' : 'STARTED',
    startedAt: session.startedAt,
    stoppedAt: done ? session.stoppedAt : null,
    timeElapsed: Math.max(0, Math.min(now, stopped) - started),
    runLocations: [session.runLocation],
    runSource: 'TRIGGER_API',
    ...(withResults ? { results: done && result ? [conciseOf(ctx, session, result)] : [] } : {}),
  };
}

/** A run as a session lists it (the description's CheckSessionConciseCheckResult). */
function conciseOf(ctx: ModuleContext, session: StoredSession, result: StoredResult) {
  return {
    checkResultId: result.id,
    checkResultLink: `${ctx.baseUrl()}/v1/check-results/${result.checkId}/${result.id}`,
    checkId: result.checkId,
    checkType: session.checkType,
    name: result.name,
    runLocation: result.runLocation,
    resultType: result.resultType,
    hasErrors: result.hasErrors,
    hasFailures: result.hasFailures,
    isDegraded: result.isDegraded,
    aborted: false,
    isCancelled: result.isCancelled,
    responseTime: result.responseTime,
    startedAt: result.startedAt,
    stoppedAt: result.stoppedAt,
  };
}

function sessionFor(ctx: ModuleContext, id: string): StoredSession {
  const session = checkSessions(ctx).get(id);
  if (!session) throw new HttpError(404, NO_SESSION);
  return session;
}

/**
 * Waits until the session's run is over or `seconds` pass, whichever is first, by the sandbox
 * clock (moved by `mon sandbox clock advance`, or a test's); never longer than `seconds` of real
 * time either (a test's clock that stands still), nor once the client has left. True when over.
 */
async function waitFor(ctx: ModuleContext, session: StoredSession, seconds: number, request: SandboxRequest) {
  const clockDeadline = ctx.clock.now() + seconds * 1000;
  const realDeadline = Date.now() + seconds * 1000;
  for (;;) {
    const now = ctx.clock.now();
    if (isOver(session, now)) return true;
    if (now >= clockDeadline || Date.now() >= realDeadline || request.signal.aborted) return false;
    try {
      await sleep(Math.max(1, Math.min(COMPLETION_POLL_MS, realDeadline - Date.now())), undefined, {
        signal: request.signal,
        ref: false,
      });
    } catch {
      return false;
    }
  }
}

export const checkSessionsModule: SandboxModule = {
  name: 'checkSessions',
  routes(router, ctx) {
    router.post('/v1/check-sessions/trigger', (request) => {
      const { target } = validate(checkSessionTriggerSchema, request.body ?? {}, 'body');
      const matching = targeted(ctx, target);
      if (!matching.length) throw new HttpError(404, NO_MATCH);
      const now = ctx.clock.now();
      const sessions = matching.map((check) => {
        const rehearsed = statusOverrides(ctx).get(check.id)?.status ?? 'passing';
        const result = recordRun(ctx, check, rehearsed, now);
        return checkSessions(ctx).put({
          id: randomUUID(),
          checkId: check.id,
          checkType: check.checkType,
          name: check.name,
          runLocation: result.runLocation,
          startedAt: result.startedAt,
          stoppedAt: result.stoppedAt,
          outcome: OUTCOMES[rehearsed],
          resultId: result.id,
        });
      });
      return { status: 201, body: { sessions: sessions.map((session) => sessionOf(ctx, session, now, false)) } };
    });

    router.get('/v1/check-sessions/:id', ({ params }) => ({
      status: 200,
      body: sessionOf(ctx, sessionFor(ctx, params.id!), ctx.clock.now(), true),
    }));

    // 200 with the finished session; else waits up to maxWaitSeconds (default 30), then 408: ask again.
    router.get('/v1/check-sessions/:id/completion', async (request) => {
      const { maxWaitSeconds = COMPLETION_WAIT_SECONDS.max } = validate(
        completionQuerySchema,
        queryObject(request.query),
        'query',
      );
      const session = sessionFor(ctx, request.params.id!);
      if (!(await waitFor(ctx, session, maxWaitSeconds, request))) throw new HttpError(408, TRY_AGAIN);
      return { status: 200, body: sessionOf(ctx, session, ctx.clock.now(), true) };
    });
  },
};
