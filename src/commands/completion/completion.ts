import type { Ctx } from '../../core/context';
import {
  CHECK_TYPES,
  DNS_PROTOCOLS,
  DNS_RECORD_TYPES,
  ESCALATION_TYPES,
  FAILED_RUN_THRESHOLDS,
  FREQUENCIES,
  LOCATIONS,
  MINUTES_FAILING_THRESHOLDS,
  PARALLEL_FAILURE_PERCENTAGES,
  REMINDER_AMOUNTS,
  REMINDER_INTERVALS,
  RETRY_ONLY_ON,
  RETRY_TYPES,
} from '../../api/schemas/checkValues';
import { INCIDENT_STATUSES, SEVERITIES } from '../../api/schemas/incidents';
import { RUNTIME_IDS } from '../../api/schemas/runtimes';
import { buildProgram } from '../../program';
import { bashScript, describeTree, fishScript, zshScript, type ValueTable } from './generate';

/** Values of enum flags, by "path flag" or flag alone (see generate.ts). */
const text = (values: readonly (string | number)[]) => values.map(String);

export const FLAG_VALUES: ValueTable = {
  '--severity': SEVERITIES,
  '--status': INCIDENT_STATUSES,
  'incidents list --status': ['open', 'resolved', 'all'],
  '--runtime': RUNTIME_IDS,
  '--location': LOCATIONS,
  '--frequency': text(FREQUENCIES),
  '--record-type': DNS_RECORD_TYPES,
  '--protocol': DNS_PROTOCOLS,
  '--type': CHECK_TYPES,
  '--retry-type': RETRY_TYPES,
  '--retry-only-on': RETRY_ONLY_ON,
  '--alert-escalation-type': ESCALATION_TYPES,
  '--alert-failed-run-threshold': text(FAILED_RUN_THRESHOLDS),
  '--alert-minutes-failing-threshold': text(MINUTES_FAILING_THRESHOLDS),
  '--alert-reminders-amount': text(REMINDER_AMOUNTS),
  '--alert-reminders-interval': text(REMINDER_INTERVALS),
  '--alert-parallel-run-failure-threshold': text(PARALLEL_FAILURE_PERCENTAGES),
  '--trigger-incident-severity': SEVERITIES,
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
