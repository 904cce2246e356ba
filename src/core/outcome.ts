import { printJson } from '../output/render';
import type { Ctx } from './context';

/* After a change: unmistakable on stderr, and the ID (or the body with --json) on stdout. */

/**
 * stdout of a mutating command: the API body with --json; otherwise, when piped, the ID of
 * what was created or changed on a line of its own (`id=$(mon incidents create ...)`).
 */
export async function printOutcome(ctx: Pick<Ctx, 'io' | 'globals'>, id: string, raw: unknown): Promise<void> {
  if (ctx.globals.json) await printJson(ctx.io, raw);
  else if (!ctx.io.stdoutIsTTY) ctx.io.out(`${id}\n`);
}

export function notifiedText(notified: boolean | undefined): string {
  return notified ? 'Subscribers were notified.' : 'Subscribers were not notified.';
}

/** The green tick that starts every confirmation. */
export const done = (ctx: Pick<Ctx, 'io'>) => ctx.io.errStyle.green('✓');
