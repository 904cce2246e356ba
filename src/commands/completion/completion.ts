import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { completionScript } from './shared/generate';
import type { COMPLETION } from './spec';

/** `mon completion SHELL`: the script, generated from the whole command tree (`tree` builds it). */
export function completionRun(tree: () => Command) {
  return async ({ io }: Pick<Ctx, 'io'>, { args }: Input<typeof COMPLETION>): Promise<void> =>
    io.outRaw(completionScript(tree(), args.shell));
}
