import { showOutcome } from '../../../output/present';
import type { Ctx } from '../../../core/context';

/* After a change to an incident: the ID (or the body with --json) on stdout, and whether subscribers were told. */

/**
 * stdout of a mutating command: the API body with --json; otherwise, when piped, the ID of
 * what was created or changed on a line of its own (`id=$(mon incidents create ...)`).
 */
export async function printOutcome(ctx: Pick<Ctx, 'io' | 'globals'>, id: string, raw: unknown): Promise<void> {
  await showOutcome(ctx, { json: raw, id });
}

export function notifiedText(notified: boolean | undefined): string {
  return notified ? 'Subscribers were notified.' : 'Subscribers were not notified.';
}
