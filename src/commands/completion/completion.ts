import type { Ctx } from '../../context';
import { INCIDENT_STATUSES, SEVERITIES } from '../../api/schemas/incidents';
import { RUNTIME_IDS } from '../../api/schemas/runtimes';
import { buildProgram } from '../../program';
import { bashScript, describeTree, fishScript, zshScript, type ValueTable } from './generate';

/** Values of enum flags, by "path flag" or flag alone (see generate.ts). */
export const FLAG_VALUES: ValueTable = {
  '--severity': SEVERITIES,
  '--status': INCIDENT_STATUSES,
  'incidents list --status': ['open', 'resolved', 'all'],
  '--runtime': RUNTIME_IDS,
};

/** Values of a command's first argument. */
export const ARGUMENT_VALUES: ValueTable = {
  'runtimes get': RUNTIME_IDS,
  completion: ['bash', 'zsh', 'fish'],
};

export function completionScript(ctx: Ctx, shell: string): string {
  const nodes = describeTree(buildProgram(ctx), FLAG_VALUES, ARGUMENT_VALUES);
  if (shell === 'zsh') return zshScript(nodes);
  if (shell === 'fish') return fishScript(nodes);
  return bashScript(nodes);
}

export async function completionRun(ctx: Ctx, _options: unknown, shell: unknown): Promise<void> {
  ctx.io.out(completionScript(ctx, String(shell)));
}
