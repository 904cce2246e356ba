import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { completionScript } from './shared/generate';
import type { COMPLETION } from './spec';

/** `mon completion SHELL`: the script, generated from the whole command tree (`tree` builds it). */
export function completionRun(tree: () => Promise<Command>) {
  return async (ctx: Pick<Ctx, 'io' | 'outputReusable'>, { args }: Input<typeof COMPLETION>): Promise<void> => {
    ctx.io.outRaw(completionScript(await tree(), args.shell));
    // The same script for the same command line: the start-up may print it again (src/start/output-cache.ts).
    ctx.outputReusable = true;
  };
}
