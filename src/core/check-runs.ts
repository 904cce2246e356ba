import type { ApiClient } from '../api/client';
import { awaitCheckSession } from '../api/resources/checkSessions';
import type { CheckSession } from '../api/schemas/checkSessions';
import { COMPLETION_WAIT_SECONDS } from '../api/schemas/enums';

/*
 * Checks run now and awaited (`mon checks run`, and `mon maintenance run --until-healthy`, which
 * cannot trust the statuses a maintenance window silences): a check session per check, each
 * awaited on the server (/completion, asked again while it runs) until it is over or the
 * deadline passes. A run is failed when its session ended FAILED, TIMED_OUT or CANCELLED, or
 * one of its results has failures or errors (hasFailures, hasErrors).
 */

type Client = Pick<ApiClient, 'request'>;

/** A session's statuses while it runs (the others say it is over). */
const RUNNING = new Set(['STARTED', 'PROGRESS', 'PROGRESS_FAILED', 'PROGRESS_DEGRADED']);
/** The statuses of a session that ended without passing. */
const NOT_PASSED = new Set(['FAILED', 'TIMED_OUT', 'CANCELLED']);

export const isRunning = (session: CheckSession): boolean => RUNNING.has(session.status);

/** Did this finished session fail (its status, or a result with failures or errors)? */
export function sessionFailed(session: CheckSession): boolean {
  return (
    NOT_PASSED.has(session.status) || (session.results ?? []).some((result) => result.hasFailures || result.hasErrors)
  );
}

/** A finished session, as the API answered it. */
export interface FinishedRun {
  session: CheckSession;
  raw: unknown;
  failed: boolean;
}

export interface AwaitOptions {
  /** The clock the deadline is on (ms). */
  now: () => number;
  /** When to stop waiting (ms, on `now`'s clock). */
  deadline: number;
  /** The longest one /completion request waits on the server, in seconds (shorter than the client's own deadline). */
  maxWaitSeconds: number;
  /** Told of each session as it finishes, in the order they finish. */
  onFinished?: (run: FinishedRun) => void;
}

/** The sessions that finished (in the order they did) and those still running at the deadline. */
export interface AwaitedRuns {
  finished: FinishedRun[];
  running: CheckSession[];
}

/** Waits for each session (all at once) until it is over or the deadline passes. */
export async function awaitSessions(
  client: Client,
  sessions: readonly CheckSession[],
  options: AwaitOptions,
): Promise<AwaitedRuns> {
  const finished: FinishedRun[] = [];
  const running: CheckSession[] = [];
  await Promise.all(
    sessions.map(async (session) => {
      for (;;) {
        const left = options.deadline - options.now();
        if (left <= 0) return void running.push(session);
        const wait = Math.max(
          COMPLETION_WAIT_SECONDS.min,
          Math.min(options.maxWaitSeconds, COMPLETION_WAIT_SECONDS.max, Math.ceil(left / 1000)),
        );
        const answer = await awaitCheckSession(client, session.checkSessionId, wait);
        if (answer.done && !isRunning(answer.session)) {
          const run = { session: answer.session, raw: answer.raw, failed: sessionFailed(answer.session) };
          finished.push(run);
          options.onFinished?.(run);
          return;
        }
      }
    }),
  );
  return { finished, running };
}

/**
 * `--tag` values as a trigger's target: a check with any of them (each tag an alternative of
 * its own, as `checks list --tag` reads several).
 */
export function tagsTarget(tags: readonly string[]): { matchTags: string[][] } {
  return { matchTags: tags.map((tag) => [tag]) };
}

/** The longest /completion wait that fits in the client's deadline per request (seconds). */
export function completionWaitSeconds(requestTimeoutMs: number): number {
  return Math.max(
    COMPLETION_WAIT_SECONDS.min,
    Math.min(COMPLETION_WAIT_SECONDS.max, Math.floor(requestTimeoutMs / 2000)),
  );
}
