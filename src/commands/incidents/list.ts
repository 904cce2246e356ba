import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { refuseWatch } from '../../core/watch';
import type { LIST } from './spec';

export async function listIncidentsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api' | 'progress' | 'cancel' | 'env' | 'now' | 'commandPath'>,
  input: Input<typeof LIST>,
): Promise<void> {
  const { flags } = input;
  if (flags.watch) {
    refuseWatch(ctx.io, ctx.globals, '`mon incidents list` (with --json)', flags.all ? ['--all'] : []);
    return (await import('./shared/listing')).watchIncidents(ctx, input);
  }
  await (await import('./shared/listing')).listIncidents(ctx, input);
}
