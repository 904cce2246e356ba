import { judgeHeartbeatCheck } from '../../../api/answers';
import type { HeartbeatJudgement } from '../../../api/heartbeat-rules';
import type { Check, CheckStatus } from '../../../api/schemas/checkReads';

/* A heartbeat check as `list` and `get` show it: its state now, by the rules of api/heartbeat-rules.ts. */

/** A heartbeat monitor and its state now. */
export interface JudgedHeartbeat {
  check: Check & { heartbeat: NonNullable<Check['heartbeat']> };
  judgement: HeartbeatJudgement;
}

/** A heartbeat check judged by the rules (api/heartbeat-rules.ts) at the server's `now`. */
export function judge(check: Check, status: CheckStatus | undefined, now: number): JudgedHeartbeat | undefined {
  const judgement = judgeHeartbeatCheck(check, status, now);
  return judgement && check.heartbeat ? { check: { ...check, heartbeat: check.heartbeat }, judgement } : undefined;
}
