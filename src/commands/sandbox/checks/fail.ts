import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { setCheckStatus } from '../shared/check-status';
import type { CHECK_FAIL } from '../spec';

/** `mon sandbox checks fail CHECK`: its status is failing until changed. */
export async function sandboxCheckFailRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof CHECK_FAIL>,
): Promise<void> {
  await setCheckStatus(ctx, args.check, 'failing');
}
