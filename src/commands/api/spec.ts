import { WRITE_FLAGS } from '../../core/flags/common';
import { METHOD_EFFECTS, verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export const API = verb({
  ...TOP.api,
  effect: { byMethod: METHOD_EFFECTS },
  document: 'json',
  args: [{ key: 'path', label: 'path', kind: 'text', help: 'API path, e.g. /v1/runtimes (may include a ?query)' }],
  flags: {
    method: {
      kind: 'enum',
      short: 'X',
      values: METHODS,
      help: 'HTTP method (default GET; POST when fields or --input are given, unless --paginate)',
    },
    rawField: { kind: 'raw', short: 'f', value: 'key=value', repeatable: true, help: 'add a string field' },
    field: {
      kind: 'raw',
      short: 'F',
      value: 'key=value',
      repeatable: true,
      help: 'add a typed field: numbers, true/false/null, @file (@- for stdin), a.b= and a[]= nest',
    },
    header: { kind: 'raw', short: 'H', value: 'name:value', repeatable: true, help: 'add a request header' },
    input: { kind: 'file', help: 'send this file (- for stdin) as the JSON body' },
    include: { kind: 'bool', short: 'i', help: 'print the status line and response headers before the body' },
    paginate: { kind: 'bool', help: 'follow nextId and print every entry of every page as one JSON array' },
    ...WRITE_FLAGS,
  },
  about:
    'Fields go in the JSON body, or in the query string for GET. The response body is printed\n' +
    'as indented JSON; errors give the same messages and exit codes as every other command.\n',
  examples: [
    'mon api /v1/runtimes',
    'mon api /v1/status-pages/incidents --paginate --jq length',
    'mon api "/v1/status-pages?limit=1" -i',
    'mon api /v1/status-pages/incidents --paginate -F limit=100',
    'mon api -X POST /v1/status-pages/incidents/INCIDENT_ID/incident-updates -f description="Fix deployed" -f status=MONITORING',
    'mon api /v1/checks/dns --input check.json',
  ],
});
