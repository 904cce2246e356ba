import { judgeHeartbeat, type HeartbeatJudgement } from '../../../api/heartbeat-rules';
import type { Check, CheckStatus } from '../../../api/schemas/checkReads';

/* A heartbeat check as `list` and `get` show it: its state now, by the rules of api/heartbeat-rules.ts. */

/** A heartbeat monitor and its state now. */
export interface JudgedHeartbeat {
  check: Check & { heartbeat: NonNullable<Check['heartbeat']> };
  judgement: HeartbeatJudgement;
}

/** When the last ping came, from the check's status (a heartbeat's "result" is a ping); undefined: never. */
export function lastPingOf(status: CheckStatus | undefined): number | undefined {
  if (!status?.lastCheckRunId || !status.updated_at) return undefined;
  const at = Date.parse(status.updated_at);
  return Number.isNaN(at) ? undefined : at;
}

/** A heartbeat check judged by the rules (api/heartbeat-rules.ts) at the server's `now`. */
export function judge(check: Check, status: CheckStatus | undefined, now: number): JudgedHeartbeat | undefined {
  const heartbeat = check.heartbeat;
  if (!heartbeat) return undefined;
  const createdAt = Date.parse(check.created_at ?? '');
  const judgement = judgeHeartbeat(
    {
      ...heartbeat,
      activated: check.activated,
      createdAt: Number.isNaN(createdAt) ? now : createdAt,
      lastPingAt: lastPingOf(status),
    },
    now,
  );
  return { check: { ...check, heartbeat }, judgement };
}
