import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { setCheckStatus } from '../shared/check-status';
import type { CHECK_PASS } from '../spec';

/** `mon sandbox checks pass CHECK`: its status is passing until changed. */
export async function sandboxCheckPassRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof CHECK_PASS>,
): Promise<void> {
  await setCheckStatus(ctx, args.check, 'passing');
}
