import { INCIDENT_STATUSES } from '../../api/schemas/enums';
import { READ_ONLY_LOCAL } from '../../core/flags/common';
import { verb, type ArgSpec, type NounSpec } from '../../core/flags/spec';
import { placeholderList } from '../../core/templates';
import { TOP } from '../top-level';

const NAME = {
  key: 'name',
  label: 'NAME',
  kind: 'text',
  help: 'the template name: letters, digits, ".", "_" and "-"',
} as const satisfies ArgSpec;

export const TEMPLATES: NounSpec = {
  ...TOP.templates,
  examples: [
    'mon templates add rollback --status identified --message "We identified a bad deploy of {{services}} and are rolling it back."',
    'mon incidents update INCIDENT_ID --template rollback',
    'mon templates list',
  ],
};

export const ADD = verb({
  name: 'add',
  summary: 'Store a message template (and the status it sets)',
  effect: { kind: 'write', idempotent: false, local: true },
  args: [NAME],
  flags: {
    message: {
      kind: 'text',
      short: 'm',
      help: `the message; ${placeholderList()} are filled from the incident`,
      prompt: 'Message (what subscribers read)',
    },
    status: {
      kind: 'enum',
      short: 's',
      values: INCIDENT_STATUSES,
      value: 'status',
      help: 'the status an update from this template sets',
    },
    force: { kind: 'bool', help: 'replace a template of the same name' },
  },
  about:
    'Templates are used with --template NAME on `mon incidents create`, `update`, `resolve` and\n' +
    '`updates create`, and offered when mon asks for a message. Flags given beside --template\n' +
    `win over it. Placeholders: ${placeholderList(true)}.\n`,
  examples: [
    'mon templates add bad-deploy --status identified --message "We identified a bad deploy of {{services}} and are rolling it back."',
    'mon templates add watching -s monitoring -m "A fix for {{name}} is deployed; we are watching."',
  ],
});

export const LIST = verb({
  name: 'list',
  summary: 'List the stored templates',
  effect: READ_ONLY_LOCAL,
  flags: {},
  examples: ['mon templates list', "mon templates list --json --jq '.[].name'"],
});

export const REMOVE = verb({
  name: 'remove',
  summary: 'Remove a stored template',
  effect: { kind: 'destructive', idempotent: true, local: true },
  args: [{ ...NAME, complete: 'templates' }],
  flags: {},
  examples: ['mon templates remove rollback'],
});
