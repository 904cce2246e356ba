import type { Ctx } from '../../../core/context';
import type { Input } from '../../../core/flags/spec';
import { setCheckStatus } from '../shared/check-status';
import type { CHECK_DEGRADE } from '../spec';

/** `mon sandbox checks degrade CHECK`: its status is degraded until changed. */
export async function sandboxCheckDegradeRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof CHECK_DEGRADE>,
): Promise<void> {
  await setCheckStatus(ctx, args.check, 'degraded');
}
