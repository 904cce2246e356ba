import type { Ctx } from '../../core/context';
import { nounCommand, verbCommand } from '../../core/flags/commander';
import {
  CREATE,
  GET,
  INCIDENTS,
  LIST,
  RESOLVE,
  UPDATE,
  UPDATES,
  UPDATES_CREATE,
  UPDATES_EDIT,
  UPDATES_GET,
} from './spec';

/** `mon incidents`: each verb's table (spec.ts) with its run function, loaded when it runs. */
export function incidentsCommand(ctx: Ctx) {
  return nounCommand(ctx, INCIDENTS, [
    verbCommand(ctx, LIST, async () => (await import('./list')).listIncidentsRun),
    verbCommand(ctx, GET, async () => (await import('./get')).getIncidentRun),
    verbCommand(ctx, CREATE, async () => (await import('./create')).createIncidentRun),
    verbCommand(ctx, UPDATE, async () => (await import('./update')).updateIncidentRun),
    verbCommand(ctx, RESOLVE, async () => (await import('./resolve')).resolveIncidentRun),
    nounCommand(ctx, UPDATES, [
      verbCommand(ctx, UPDATES_CREATE, async () => (await import('./updates/create')).createUpdateRun),
      verbCommand(ctx, UPDATES_GET, async () => (await import('./updates/get')).getUpdateRun),
      verbCommand(ctx, UPDATES_EDIT, async () => (await import('./updates/edit')).editUpdateRun),
    ]),
  ]);
}
