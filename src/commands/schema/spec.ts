import { READ_ONLY_LOCAL } from '../../core/flags/common';
import { verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const SCHEMA = verb({
  ...TOP.schema,
  effect: READ_ONLY_LOCAL,
  document: 'json',
  args: [
    {
      key: 'command',
      label: 'COMMAND',
      kind: 'words',
      optional: true,
      help: 'only the commands under these words (e.g. incidents update)',
    },
  ],
  flags: {},
  about:
    'One JSON object, derived from the same tables as the help: schemaVersion, mon (the version),\n' +
    'globalFlags, env, exitCodes (9 confirmation-required, 10 conflict), modes, and commands. Each\n' +
    'command has its path (its words), summary, description, arguments, flags (type, enum, default,\n' +
    'required, env, repeatable), classification {readOnly, destructive, idempotent, openWorld},\n' +
    'examples, and input: a JSON Schema (draft 2020-12) object with one property per argument and\n' +
    'flag, keyed as mon names them in `flags[].key` (usable as an MCP tool schema).\n',
  examples: [
    "mon schema --jq '.commands[].name'",
    'mon schema incidents update',
    "mon schema incidents --jq '.commands[] | select(.classification.readOnly) | .name'",
    "mon schema --jq '.exitCodes[] | select(.code >= 9 and .code <= 10)'",
  ],
});
