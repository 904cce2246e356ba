import { nounNode, verbNode } from '../../core/flags/tree';
import {
  CREATE,
  ENSURE,
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
export const incidents = nounNode(INCIDENTS, [
  verbNode(LIST, async () => (await import('./list')).listIncidentsRun),
  verbNode(GET, async () => (await import('./get')).getIncidentRun),
  verbNode(CREATE, async () => (await import('./create')).createIncidentRun),
  verbNode(ENSURE, async () => (await import('./ensure')).ensureIncidentRun),
  verbNode(UPDATE, async () => (await import('./update')).updateIncidentRun),
  verbNode(RESOLVE, async () => (await import('./resolve')).resolveIncidentRun),
  nounNode(UPDATES, [
    verbNode(UPDATES_CREATE, async () => (await import('./updates/create')).createUpdateRun),
    verbNode(UPDATES_GET, async () => (await import('./updates/get')).getUpdateRun),
    verbNode(UPDATES_EDIT, async () => (await import('./updates/edit')).editUpdateRun),
  ]),
]);
