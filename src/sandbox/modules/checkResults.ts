import { randomUUID } from 'node:crypto';
import { checkResultsQuerySchema, resultsCheckIdSchema } from '../../api/schemas/checkResults';
import { CHECK_LIMITS, type CheckStatusWord } from '../../api/schemas/checkValues';
import { CHECK_RESULTS_LIMIT, CHECK_RESULTS_WINDOW_SECONDS } from '../../api/schemas/enums';
import type { Collection } from '../collection';
import { notFound, queryObject, validate } from '../http';
import { CHECK_RUN_SECONDS } from '../limits';
import type { ModuleContext, SandboxModule } from '../module';
import { checks, type StoredCheck } from './checks';
import { monitors } from './heartbeats/store';

/*
 * Check results (GET /v1/check-results/{checkId} and .../{checkResultId}): the runs of the
 * checks, recorded by the check sessions that ran them (checkSessions.ts). A run finds what
 * the check's rehearsal status says (`mon sandbox checks fail|degrade|pass`); it is listed
 * once it is over, by the sandbox clock. A heartbeat monitor has none: its pings are its events.
 */

/** A result as stored and answered (the description's CheckResult, for a check without a type-specific part). */
export interface StoredResult {
  id: string;
  name: string;
  checkId: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  overMaxResponseTime: boolean;
  runLocation: string;
  startedAt: string;
  stoppedAt: string;
  created_at: string;
  responseTime: number;
  checkRunId: number;
  attempts: number;
  resultType: 'FINAL';
  sequenceId: string;
  traceId: null;
  errorGroupIds: string[];
}

export function checkResults(ctx: Pick<ModuleContext, 'store'>): Collection<StoredResult> {
  return ctx.store.collection<StoredResult>('checkResults');
}

/** The journal meta key of the last check run's number (the description's checkRunId). */
const LAST_RUN_META = 'checkResults.lastRunId';

/** Where a check runs when its configuration names no location. */
export const DEFAULT_RUN_LOCATION = 'us-east-1';

/** The location a run of this check is at: its first location, or the default. */
export const runLocationOf = (check: StoredCheck) =>
  (check.locations as string[] | null | undefined)?.[0] ?? DEFAULT_RUN_LOCATION;

/**
 * A run of `check` started at `startedAt` (ms) that finds `status`, stored now and listed once
 * it is over (CHECK_RUN_SECONDS later): failing has failures and takes the maximum response
 * time, degraded takes a time between the degraded and the maximum one, passing a quarter of
 * the degraded one. The service never fails to run it here (hasErrors is false).
 */
export function recordRun(
  ctx: Pick<ModuleContext, 'store'>,
  check: StoredCheck,
  status: CheckStatusWord,
  startedAt: number,
): StoredResult {
  const degraded = (check.degradedResponseTime as number | null) ?? CHECK_LIMITS.defaultDegradedResponseTimeMs;
  const max = (check.maxResponseTime as number | null) ?? CHECK_LIMITS.defaultMaxResponseTimeMs;
  const responseTime =
    status === 'failing' ? max : status === 'degraded' ? Math.round((degraded + max) / 2) : Math.round(degraded / 4);
  const runId = (ctx.store.meta<number>(LAST_RUN_META) ?? 0) + 1;
  ctx.store.setMeta(LAST_RUN_META, runId);
  const stoppedAt = new Date(startedAt + CHECK_RUN_SECONDS * 1000).toISOString();
  return checkResults(ctx).put({
    id: randomUUID(),
    name: check.name,
    checkId: check.id,
    hasFailures: status === 'failing',
    hasErrors: false,
    isDegraded: status === 'degraded',
    isCancelled: false,
    overMaxResponseTime: status === 'failing',
    runLocation: runLocationOf(check),
    startedAt: new Date(startedAt).toISOString(),
    stoppedAt,
    created_at: stoppedAt,
    responseTime,
    checkRunId: runId,
    attempts: 0,
    resultType: 'FINAL',
    sequenceId: randomUUID(),
    traceId: null,
    errorGroupIds: [],
  });
}

/** Whether a run is over by the sandbox clock (a result is listed from then on). */
export const isOver = (result: Pick<StoredResult, 'stoppedAt'>, now: number) => Date.parse(result.stoppedAt) <= now;

/** The check a results path names: its type, or 404 (400 when the ID is not a UUID). */
function checkTypeOf(ctx: ModuleContext, checkId: string): string {
  validate(resultsCheckIdSchema, checkId, 'params.checkId');
  const check = checks(ctx).get(checkId);
  if (check) return check.checkType;
  if (monitors(ctx).has(checkId)) return 'HEARTBEAT';
  throw notFound(`Check ${checkId}`);
}

export const checkResultsModule: SandboxModule = {
  name: 'checkResults',
  routes(router, ctx) {
    router.get('/v1/check-results/:checkId', ({ params, query }) => {
      const checkType = checkTypeOf(ctx, params.checkId!);
      const {
        limit = CHECK_RESULTS_LIMIT.default,
        page = 1,
        location,
        hasFailures,
        resultType = 'FINAL',
        ...window
      } = validate(checkResultsQuerySchema, queryObject(query), 'query');
      const now = ctx.clock.now();
      // The window (seconds): the last 6 hours, or 6 hours from `from` or up to `to`.
      const span = CHECK_RESULTS_WINDOW_SECONDS;
      const to = window.to ?? (window.from !== undefined ? window.from + span : now / 1000);
      const from = window.from ?? to - span;
      const matching =
        window.checkType !== undefined && window.checkType !== checkType
          ? []
          : checkResults(ctx)
              .values()
              .filter((result) => {
                const started = Date.parse(result.startedAt) / 1000;
                return (
                  result.checkId === params.checkId &&
                  isOver(result, now) &&
                  started >= from &&
                  started < to &&
                  (resultType === 'ALL' || result.resultType === resultType) &&
                  (hasFailures === undefined || String(result.hasFailures) === hasFailures) &&
                  (location === undefined || result.runLocation === location)
                );
              })
              .reverse()
              .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
      return { status: 200, body: matching.slice((page - 1) * limit, page * limit) };
    });

    router.get('/v1/check-results/:checkId/:checkResultId', ({ params }) => {
      checkTypeOf(ctx, params.checkId!);
      const result = checkResults(ctx).get(params.checkResultId!);
      if (!result || result.checkId !== params.checkId || !isOver(result, ctx.clock.now())) {
        throw notFound(`Result ${params.checkResultId} of check ${params.checkId}`);
      }
      return { status: 200, body: result };
    });
  },
};
