import type { CheckStatusWord } from '../../api/schemas/checkValues';
import type { Collection } from '../collection';
import type { ModuleContext } from '../module';

/*
 * The status of the checks the sandbox does not run (DNS, and the deprecated create's): passing,
 * unless `mon sandbox checks fail|degrade|pass` (POST /__sandbox/checks/{id}/status) set it,
 * to rehearse an outage. Heartbeats have theirs from their pings (heartbeats/checks.ts).
 */

/** A status set by the control, by check ID, with when it was set. */
export interface StoredCheckStatus {
  id: string;
  status: CheckStatusWord;
  since: string;
}

export function statusOverrides(ctx: Pick<ModuleContext, 'store'>): Collection<StoredCheckStatus> {
  return ctx.store.collection<StoredCheckStatus>('checkStatuses');
}

/** A status as GET /v1/check-statuses answers it (the public description's CheckStatus). */
export interface CheckStatusBody {
  name: string;
  checkId: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  longestRun: number | null;
  shortestRun: number | null;
  lastRunLocation: string | null;
  lastCheckRunId: string | null;
  sslDaysRemaining: number | null;
  created_at: string;
  updated_at: string | null;
}

/** What a status needs of a stored check (checks.ts's StoredCheck), so this module imports none of it. */
interface CheckOfStatus {
  id: string;
  name: string;
  created_at: string;
  locations?: unknown;
}

/** The status of a check created here. */
export function checkStatus(ctx: Pick<ModuleContext, 'store'>, check: CheckOfStatus): CheckStatusBody {
  const set = statusOverrides(ctx).get(check.id);
  const locations = check.locations as string[] | undefined;
  return {
    name: check.name,
    checkId: check.id,
    hasFailures: set?.status === 'failing',
    hasErrors: false,
    isDegraded: set?.status === 'degraded',
    longestRun: null,
    shortestRun: null,
    lastRunLocation: locations?.[0] ?? null,
    lastCheckRunId: null,
    sslDaysRemaining: null,
    created_at: check.created_at,
    updated_at: set?.since ?? null,
  };
}
