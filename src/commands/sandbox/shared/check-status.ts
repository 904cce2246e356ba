import { getCheck } from '../../../api/resources/checks';
import { statusWord } from '../../../api/answers';
import type { CheckStatus } from '../../../api/schemas/checkReads';
import type { CheckStatusWord } from '../../../api/schemas/checkValues';
import { checkLabel, resolveCheck } from '../../../core/check-arg';
import type { Ctx } from '../../../core/context';
import { UsageError } from '../../../errors';
import { showOutcome } from '../../../output/present';
import { colorValue, saySuccess } from '../../../output/say';
import { adminCall } from './admin';

/**
 * `mon sandbox checks fail|degrade|pass CHECK`: POST /__sandbox/checks/{id}/status. The
 * check is read first, so that one the sandbox does not have is said to be missing (exit 6),
 * not taken for a server that is no sandbox.
 */
export async function setCheckStatus(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  arg: string,
  status: CheckStatusWord,
): Promise<void> {
  const { io } = ctx;
  const client = await ctx.api();
  const named = await resolveCheck(client, arg);
  const check = named.check ?? (await getCheck(client, named.id)).check;
  if (check.checkType === 'HEARTBEAT') {
    throw new UsageError(
      `${checkLabel(check)} is a heartbeat: its status follows its pings, and nothing was changed.`,
      (next) =>
        `Make it late with ${next('sandbox clock advance DURATION')} (past its period and grace); a ping makes it pass.`,
    );
  }
  const answer = await adminCall<CheckStatus>(ctx, {
    method: 'POST',
    path: `/__sandbox/checks/${encodeURIComponent(check.id)}/status`,
    body: { status },
  });
  const now = statusWord(answer);
  saySuccess(io, `${checkLabel(check)} is ${colorValue(io.errStyle, now)} in the sandbox.`);
  await showOutcome(ctx, { json: answer });
}
