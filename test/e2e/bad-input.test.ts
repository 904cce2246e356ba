/**
 * Bad input, across every command: each is refused with exit 2, a message naming the flag or
 * argument, nothing on stdout, and not one request received by the sandbox. The cases run
 * against one sandbox, several processes at a time; each runs with an account ID of its own,
 * so a request that slipped through is traced back to the case that sent it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../src/sandbox/request-log';
import { runMon, startSandbox, tempDir, type RunResult, type SandboxProcess } from './harness';

const SERVICE = '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01';
const INCIDENT = '6e1f0b8a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const UPDATE = '7a2b3c4d-5e6f-4a0b-9c8d-7e6f5a4b3c2d';
const CHECK = '4e92b3e4-ad4b-407c-a866-6f8e7401c366';

const files = tempDir('mon-bad-input-');
const file = (name: string, content: string) => {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
};
const INVALID_JSON = file('invalid.json', '{"name": "x", "request": {');
const ARRAY_JSON = file('array.json', '[1, 2]');
const STRING_JSON = file('string.json', '"a check"');
const WRONG_TYPE_JSON = file('wrong-type.json', '{"frequency": "often"}');
const TAGS_JSON = file('tags.json', '{"name": "x", "request": {"query": "example.com"}, "tags": "prod"}');
const UNKNOWN_FIELD_JSON = file('unknown.json', '{"name": "x", "request": {"query": "example.com"}, "frequncy": 5}');

const CREATE = [
  'incidents',
  'create',
  '--name',
  'Outage',
  '--severity',
  'major',
  '--service',
  SERVICE,
  '--message',
  'Looking into it.',
];
const DNS = ['checks', 'create-dns', '--name', 'dns', '--query', 'example.com'];
const COMBINED = ['checks', 'create', '--type', 'API', '--name', 'api', '--query', 'example.com'];
const envs = (flag: string, count: number) => Array.from({ length: count }, (_, i) => [flag, `K${i}=v`]).flat();

interface Case {
  /** What is wrong, for the test's name. */
  what: string;
  args: string[];
  /** Part of stderr: the flag or argument, and the rule. */
  says: string;
  stdin?: string;
}

const CASES: Case[] = [
  // Global flags.
  { what: '--timeout 0', args: ['--timeout', '0', 'runtimes', 'list'], says: 'Invalid timeout "0" (from --timeout)' },
  {
    what: '--timeout that is not a number',
    args: ['--timeout', 'soon', 'runtimes', 'list'],
    says: 'Invalid timeout "soon" (from --timeout)',
  },
  {
    what: '--base-url that is not http(s)',
    args: ['--base-url', 'ftp://api.example.com', 'runtimes', 'list'],
    says: '"ftp://api.example.com" (from --base-url): only http:// and https://',
  },
  {
    what: '--base-url that is not a URL',
    args: ['--base-url', 'api', 'runtimes', 'list'],
    says: 'Invalid URL "api" (from --base-url)',
  },
  {
    what: '--profile with a path in it',
    args: ['--profile', '../evil', 'runtimes', 'list'],
    says: 'Invalid profile name "../evil" (from --profile)',
  },
  { what: 'an unknown flag', args: ['incidents', 'list', '--jsn'], says: "unknown option '--jsn'" },
  { what: 'an unknown flag on a noun alone', args: ['incidents', '--bogus'], says: "unknown option '--bogus'" },
  {
    what: 'an unknown flag before the command',
    args: ['--bogus', 'incidents', 'list'],
    says: "unknown option '--bogus'\nRun `mon --help` for usage.",
  },
  { what: '-v alone', args: ['-v'], says: "unknown option '-v'\nDid you mean --version (mon's version) or --debug" },
  { what: '--verbose', args: ['--verbose', 'incidents', 'list'], says: 'Did you mean --version' },
  {
    what: 'an incident ID prefix under 6 characters',
    args: ['incidents', 'get', '6e1f0'],
    says: 'INCIDENT_ID must be the whole ID or at least its first 6 characters (got "6e1f0")',
  },
  {
    what: 'an update ID prefix under 6 characters',
    args: ['incidents', 'updates', 'get', INCIDENT, '7a2b'],
    says: 'UPDATE_ID must be the whole ID or at least its first 6 characters (got "7a2b")',
  },
  {
    what: 'a status close to a valid one',
    args: ['incidents', 'update', INCIDENT, '--status', 'identifed', '-m', 'x'],
    says: '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED (got "identifed"): did you mean identified?',
  },
  {
    what: 'a message of several words without quotes',
    args: ['incidents', 'update', INCIDENT, '-m', 'Rolled', 'back'],
    says: `too many arguments for 'update': "back" (a value of several words needs quotes).\nDid you mean -m "Rolled back"?`,
  },
  {
    what: 'a message that starts with dashes',
    args: ['incidents', 'update', INCIDENT, '-m', '--force it'],
    says: 'write --message="--force it"',
  },
  { what: 'an unknown command', args: ['incidents', 'frobnicate'], says: "unknown command 'frobnicate'" },

  // List limits and page IDs.
  {
    what: 'status-pages --limit 0',
    args: ['status-pages', 'list', '--limit', '0'],
    says: '--limit must be a whole number from 1 to 100 (got 0)',
  },
  {
    what: 'status-pages --limit 101',
    args: ['status-pages', 'list', '--limit', '101'],
    says: '--limit must be a whole number from 1 to 100 (got 101)',
  },
  {
    what: 'status-pages --limit x',
    args: ['status-pages', 'list', '--limit', 'x'],
    says: '--limit must be a whole number from 1 to 100 (got "x")',
  },
  {
    what: 'status-pages --next-id with "/"',
    args: ['status-pages', 'list', '--next-id', 'a/b'],
    says: '--next-id must not contain "/"',
  },
  {
    what: 'status-pages --next-id ".."',
    args: ['status-pages', 'list', '--next-id', '..'],
    says: '--next-id must not be "." or ".."',
  },
  {
    what: 'incidents --limit -1',
    args: ['incidents', 'list', '--limit', '-1'],
    says: '--limit must be a whole number from 1 to 100 (got -1)',
  },
  {
    what: 'incidents --status that is not open/resolved/all',
    args: ['incidents', 'list', '--status', 'closed'],
    says: '--status must be one of open, resolved or all (got "closed")',
  },
  {
    what: 'incidents --next-id percent-encoded',
    args: ['incidents', 'list', '--next-id', '%2e%2e'],
    says: '--next-id must not contain',
  },

  // IDs that would change the path.
  { what: 'a runtime ".."', args: ['runtimes', 'get', '..'], says: 'RUNTIME must not be "." or ".."' },
  { what: 'a runtime with "/"', args: ['runtimes', 'get', '../status-pages'], says: 'RUNTIME must not contain "/"' },
  {
    what: 'a runtime with a control character',
    args: ['runtimes', 'get', '2025.04\u0007'],
    says: 'RUNTIME must not contain control characters',
  },
  {
    what: 'an incident ID climbing out of the path',
    args: ['incidents', 'get', '../../v1/runtimes'],
    says: 'INCIDENT_ID must not contain "/"',
  },
  { what: 'an incident ID with "#"', args: ['incidents', 'get', 'a#b'], says: 'INCIDENT_ID must not contain' },
  {
    what: 'an incident ID with a backslash',
    args: ['incidents', 'get', '..\\x'],
    says: 'INCIDENT_ID must not contain',
  },
  {
    what: 'an incident ID with ESC',
    args: ['incidents', 'get', 'a\u001b[2Jb'],
    says: 'INCIDENT_ID must not contain control characters (got "a\\u001b[2Jb")',
  },
  {
    what: 'an incident ID with a C1 control',
    args: ['incidents', 'get', 'a\u009bb'],
    says: 'INCIDENT_ID must not contain control characters (got "a\\x9bb")',
  },
  {
    what: 'an incident ID with a leading space',
    args: ['incidents', 'get', ' a'],
    says: 'INCIDENT_ID must not start or end with spaces',
  },
  { what: 'an empty incident ID', args: ['incidents', 'get', ''], says: 'INCIDENT_ID must not be empty' },
  {
    what: 'an incident ID of 201 characters',
    args: ['incidents', 'get', 'a'.repeat(201)],
    says: 'INCIDENT_ID must be at most 200 characters',
  },
  {
    what: 'update: an incident ID with "/"',
    args: ['incidents', 'update', '../x', '--message', 'm'],
    says: 'INCIDENT_ID must not contain "/"',
  },
  {
    what: 'resolve: an incident ID with "/"',
    args: ['incidents', 'resolve', 'a/b'],
    says: 'INCIDENT_ID must not contain "/"',
  },
  {
    what: 'updates create: an incident ID ".."',
    args: ['incidents', 'updates', 'create', '..', '--message', 'm'],
    says: 'INCIDENT_ID must not be "." or ".."',
  },
  {
    what: 'updates get: an update ID with "/"',
    args: ['incidents', 'updates', 'get', INCIDENT, '../x'],
    says: 'UPDATE_ID must not contain "/"',
  },
  {
    what: 'updates edit: an update ID with a newline',
    args: ['incidents', 'updates', 'edit', INCIDENT, 'u\nv', '--message', 'm'],
    says: 'UPDATE_ID must not contain control characters',
  },

  // incidents create: every rule of the body.
  {
    what: 'a name of 256 characters',
    args: [...CREATE, '--name', 'x'.repeat(256)],
    says: '--name must be at most 255 characters',
  },
  { what: 'a blank name', args: [...CREATE, '--name', '   '], says: '--name must not be empty' },
  {
    what: 'no service (prompts off)',
    args: ['incidents', 'create', '--name', 'A', '--severity', 'major', '--message', 'm'],
    says: '--service is required',
  },
  { what: 'a blank service', args: [...CREATE, '--service', ' '], says: '--service' },
  {
    what: 'an unknown severity',
    args: [...CREATE, '--severity', 'sev1'],
    says: '--severity must be one of CRITICAL, MAJOR, MEDIUM or MINOR (got "sev1")',
  },
  {
    what: 'an unknown status',
    args: [...CREATE, '--status', 'fixed'],
    says: '--status must be one of INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED (got "fixed")',
  },
  { what: 'an empty message', args: [...CREATE, '--message', ''], says: '--message must not be empty' },
  {
    what: 'a --date that is a word',
    args: [...CREATE, '--date', 'yesterday'],
    says: '--date must be a date (2026-11-20), an ISO 8601 date-time, or a time ago',
  },
  {
    what: 'a --date on February 30',
    args: [...CREATE, '--date', '2026-02-30'],
    says: '--date must be a date (2026-11-20)',
  },
  {
    what: 'a --date on February 29 of a common year',
    args: [...CREATE, '--date', '2026-02-29'],
    says: '(got "2026-02-29")',
  },
  {
    what: 'a --date in month 13',
    args: [...CREATE, '--date', '2026-13-01T00:00:00Z'],
    says: '(got "2026-13-01T00:00:00Z")',
  },
  {
    what: "a --date at 25 o'clock",
    args: [...CREATE, '--date', '2026-11-20T25:00:00Z'],
    says: '(got "2026-11-20T25:00:00Z")',
  },
  { what: 'a --date with an unknown unit', args: [...CREATE, '--date', '5x'], says: '(got "5x")' },
  {
    what: 'missing flags (prompts off)',
    args: ['incidents', 'create'],
    says: '--name, --severity, --service and --message are required',
  },

  // incidents update / resolve / updates.
  {
    what: 'update: an unknown severity',
    args: ['incidents', 'update', INCIDENT, '--severity', 'huge'],
    says: '--severity must be one of',
  },
  {
    what: 'update: an unknown status',
    args: ['incidents', 'update', INCIDENT, '--status', 'closed', '--message', 'm'],
    says: '--status must be one of',
  },
  {
    what: 'update: nothing to do (prompts off)',
    args: ['incidents', 'update', INCIDENT],
    says: 'Nothing to update: give --message',
  },
  {
    what: 'update: --status without --message (prompts off)',
    args: ['incidents', 'update', INCIDENT, '--status', 'monitoring'],
    says: '--message is required',
  },
  {
    what: 'update: no incident ID (prompts off)',
    args: ['incidents', 'update', '--message', 'm'],
    says: 'INCIDENT_ID is required',
  },
  { what: 'resolve: no incident ID (prompts off)', args: ['incidents', 'resolve'], says: 'INCIDENT_ID is required' },
  {
    what: 'updates create: no message (prompts off)',
    args: ['incidents', 'updates', 'create', INCIDENT],
    says: '--message is required',
  },
  {
    what: 'updates create: an unknown status',
    args: ['incidents', 'updates', 'create', INCIDENT, '--message', 'm', '--status', 'nope'],
    says: '--status must be one of',
  },
  {
    what: 'updates create: a malformed --date',
    args: ['incidents', 'updates', 'create', INCIDENT, '--message', 'm', '--date', '2026-11-20T14:05:00+99:00'],
    says: '--date must be',
  },
  {
    what: 'updates edit: nothing to change',
    args: ['incidents', 'updates', 'edit', INCIDENT, UPDATE],
    says: 'Nothing to change: give --message, --status, --notify/--no-notify or --date',
  },
  {
    what: 'updates edit: February 29 of a common year',
    args: ['incidents', 'updates', 'edit', INCIDENT, UPDATE, '--date', '2027-02-29T10:00:00Z'],
    says: '--date must be',
  },

  // checks create-dns: enums and limits of the spec.
  {
    what: 'a frequency not in the list',
    args: [...DNS, '--frequency', '7'],
    says: '--frequency must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440',
  },
  {
    what: 'a frequency offset of 0',
    args: [...DNS, '--frequency-offset', '0'],
    says: '--frequency-offset must be a whole number >= 1',
  },
  {
    what: 'a frequency offset past floor(frequency*10)',
    args: [...DNS, '--frequency', '5', '--frequency-offset', '51'],
    says: '--frequency-offset must be between 1 and 50 for --frequency 5',
  },
  {
    what: 'a frequency offset past ceil(frequency/60)',
    args: [...DNS, '--frequency', '120', '--frequency-offset', '3'],
    says: '--frequency-offset must be between 1 and 2 for --frequency 120',
  },
  {
    what: 'a seconds-level frequency for DNS',
    args: [...DNS, '--frequency', '0', '--frequency-offset', '10'],
    says: '--frequency 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks',
  },
  { what: 'an unknown location', args: [...DNS, '--location', 'mars-1'], says: '--location must be one of us-east-1' },
  { what: 'an unknown runtime', args: [...DNS, '--runtime', '2021.01'], says: '--runtime must be one of 2026.04' },
  {
    what: 'a description of 501 characters',
    args: [...DNS, '--description', 'd'.repeat(501)],
    says: '--description must be at most 500 characters',
  },
  {
    what: '51 environment variables',
    args: [...DNS, ...envs('--env', 26), ...envs('--secret-env', 25)],
    says: '--env must have at most 50 variables (got 51)',
  },
  { what: 'an environment variable without "="', args: [...DNS, '--env', 'TOKEN'], says: '--env must be KEY=VALUE' },
  {
    what: 'a degraded response time below 0',
    args: [...DNS, '--degraded-response-time', '-1'],
    says: '--degraded-response-time must be between 0 and 5000',
  },
  {
    what: 'a max response time above 5000',
    args: [...DNS, '--max-response-time', '5001'],
    says: '--max-response-time must be between 0 and 5000',
  },
  {
    what: 'degraded above max',
    args: [...DNS, '--degraded-response-time', '800', '--max-response-time', '700'],
    says: '--degraded-response-time must not be greater than --max-response-time',
  },
  { what: 'a group order of -1', args: [...DNS, '--group-order', '-1'], says: '--group-order must be >= 0' },
  { what: 'a group ID that is not a number', args: [...DNS, '--group-id', 'abc'], says: '--group-id must be a number' },
  {
    what: 'a port above 65535',
    args: [...DNS, '--port', '70000'],
    says: '--port must be a port number from 1 to 65535',
  },
  {
    what: 'an unknown record type',
    args: [...DNS, '--record-type', 'PTR'],
    says: '--record-type must be one of A, AAAA',
  },
  {
    what: 'an assertion without a comparison',
    args: [...DNS, '--assert', 'RESPONSE_CODE'],
    says: '--assert "RESPONSE_CODE" comparison is required',
  },
  {
    what: 'retries past 10',
    args: [...DNS, '--retry-type', 'FIXED', '--retry-max-retries', '11'],
    says: '--retry-max-retries must be a whole number from 1 to 10',
  },
  {
    what: 'an unknown trigger severity',
    args: [
      ...DNS,
      '--trigger-incident-severity',
      'HUGE',
      '--trigger-incident-service',
      SERVICE,
      '--trigger-incident-name',
      'n',
      '--trigger-incident-description',
      'd',
    ],
    says: '--trigger-incident-severity must be one of',
  },

  // heartbeats: the events limit (at most 10), periods, IDs and ping tokens.
  {
    what: 'heartbeat events --limit 0',
    args: ['heartbeats', 'events', CHECK, '--limit', '0'],
    says: '--limit must be a whole number from 1 to 10 (got 0)',
  },
  {
    what: 'heartbeat events --limit 11',
    args: ['heartbeats', 'events', CHECK, '--limit', '11'],
    says: '--limit must be a whole number from 1 to 10 (got 11)',
  },
  // A CHECK that is not a whole ID is a name or a prefix, looked up (never put in a path).
  {
    what: 'heartbeat events: no check (prompts off)',
    args: ['heartbeats', 'events'],
    says: 'CHECK is required (prompts are off',
  },
  {
    what: 'heartbeat create: a period under 30 seconds',
    args: ['heartbeats', 'create', '--name', 'Backup', '--period', '29s', '--grace', '0s'],
    says: '--period must be 30 seconds to 365 days (got 29s)',
  },
  {
    what: 'heartbeat create: a grace over 365 days',
    args: ['heartbeats', 'create', '--name', 'Backup', '--period', '1d', '--grace', '366d'],
    says: '--grace must be 0 seconds to 365 days (got 366d)',
  },
  {
    what: 'heartbeat update: nothing to change',
    args: ['heartbeats', 'update', CHECK],
    says: 'Nothing to change',
  },
  {
    what: 'heartbeat events: a --from that is a word',
    args: ['heartbeats', 'events', CHECK, '--from', 'yesterday'],
    says: '--from must be a date (2026-11-20)',
  },
  {
    what: 'heartbeat events: a --to in month 13',
    args: ['heartbeats', 'events', CHECK, '--to', '2026-13-01'],
    says: '--to must be a date',
  },
  {
    what: 'heartbeat events: a --since with an unknown unit',
    args: ['heartbeats', 'events', CHECK, '--since', '5x'],
    says: '--since must be a duration like 90s, 30m, 2h, 7d or 2w',
  },
  {
    what: 'heartbeat events: --from after --to',
    args: ['heartbeats', 'events', CHECK, '--from', '2026-11-20', '--to', '2026-11-19'],
    says: '--from must be before --to',
  },
  {
    what: 'heartbeat events: --since with --from',
    args: ['heartbeats', 'events', CHECK, '--since', '6h', '--from', '2026-11-20'],
    says: '--since cannot be combined with --from',
  },
  {
    what: 'heartbeat availability: February 29 of a common year',
    args: ['heartbeats', 'availability', CHECK, '--from', '2027-02-29'],
    says: '--from must be a date',
  },
  { what: 'heartbeat ping: a token with "/"', args: ['heartbeats', 'ping', 'a/b'], says: 'TOKEN must not contain "/"' },
  { what: 'heartbeat ping: no token (prompts off)', args: ['heartbeats', 'ping'], says: 'TOKEN is required' },
  {
    what: 'heartbeat ping: a --ping-url that is not http(s)',
    args: ['--ping-url', 'ftp://ping.example.com', 'heartbeats', 'ping', CHECK],
    says: 'Invalid URL "ftp://ping.example.com" (from --ping-url)',
  },
  {
    what: 'heartbeat ping: plain http to another host',
    args: ['heartbeats', 'ping', 'http://ping.example.com/ping/abc'],
    says: 'Refusing to send the ping token over plain http:// to ping.example.com',
  },
  {
    what: 'heartbeat exec: no command',
    args: ['heartbeats', 'exec', CHECK],
    says: "missing required argument 'command'",
  },

  // JSON files.
  {
    what: 'a --file that is not JSON',
    args: ['checks', 'create-dns', '--file', INVALID_JSON],
    says: `--file ${INVALID_JSON} is not valid JSON`,
  },
  {
    what: 'a --file holding an array',
    args: ['checks', 'create-dns', '--file', ARRAY_JSON],
    says: 'must hold a JSON object (the request body), not an array',
  },
  {
    what: 'a --file holding a string',
    args: ['checks', 'create-dns', '--file', STRING_JSON],
    says: 'must hold a JSON object',
  },
  {
    what: 'a --file with a field of the wrong type',
    args: ['checks', 'create-dns', '--file', WRONG_TYPE_JSON, '--name', 'n', '--query', 'q'],
    says: 'frequency (from --file) must be one of',
  },
  {
    what: 'a --file with tags that are not a list',
    args: ['checks', 'create-dns', '--file', TAGS_JSON],
    says: 'tags (from --file) must be a list',
  },
  {
    what: 'a --file with a misspelt field',
    args: ['checks', 'create-dns', '--file', UNKNOWN_FIELD_JSON],
    says: 'has unknown field "frequncy"',
  },
  {
    what: 'a --file that does not exist',
    args: ['checks', 'create-dns', '--file', join(files, 'missing.json')],
    says: 'cannot read it (there is no such file)',
  },
  {
    what: 'a --file - whose stdin is not JSON',
    args: ['checks', 'create-dns', '--file', '-'],
    stdin: 'name: x\n',
    says: 'is not valid JSON',
  },

  // The deprecated combined create.
  {
    what: 'combined create without --type',
    args: ['checks', 'create', '--name', 'n', '--query', 'q'],
    says: '--type is required: one of AGENTIC, API',
  },
  {
    what: 'a seconds-level offset other than 10, 20, 30',
    args: [...COMBINED, '--frequency', '0', '--frequency-offset', '15'],
    says: '--frequency-offset must be 10, 20 or 30 for --frequency 0',
  },
  {
    what: 'a dependency without a local file',
    args: [...COMBINED, '--dependency', 'lib.js'],
    says: '--dependency must be PATH=@LOCALFILE',
  },
  {
    what: 'a dependency whose file is missing',
    args: [...COMBINED, '--dependency', `lib.js=@${join(files, 'nothere.js')}`],
    says: 'cannot read',
  },

  // mon api, auth, config, completion, sandbox.
  {
    what: 'api: a path with ".."',
    args: ['api', '/v1/../v1/runtimes'],
    says: 'PATH must not contain "." or ".." segments',
  },
  {
    what: 'api: a URL instead of a path',
    args: ['api', 'https://evil.example.com/v1/runtimes'],
    says: 'PATH must be a path on the API',
  },
  {
    what: 'api: an unknown method',
    args: ['api', '/v1/runtimes', '-X', 'FETCH'],
    says: '--method must be one of GET, POST',
  },
  {
    what: 'auth login: an empty key on stdin',
    args: ['auth', 'login', '--with-key'],
    stdin: '\n',
    says: '--with-key read an empty key from stdin',
  },
  {
    what: 'auth login: a --base-url that is not http(s)',
    args: ['auth', 'login', '--with-key', '--base-url', 'ftp://x'],
    stdin: 'sk_x_0123456789\n',
    says: 'Invalid URL "ftp://x" (from --base-url)',
  },
  {
    what: 'config set: a timeout that is a word',
    args: ['config', 'set', 'timeout', 'soon'],
    says: 'Invalid timeout "soon"',
  },
  {
    what: 'config set: an unknown setting',
    args: ['config', 'set', 'colour', 'red'],
    says: 'Unknown setting "colour"',
  },
  { what: 'config set: the API key', args: ['config', 'set', 'api-key', 'sk_live_0123456789'], says: 'mon auth login' },
  {
    what: 'completion: an unknown shell',
    args: ['completion', 'powershell'],
    says: 'shell must be one of bash, zsh or fish (got "powershell")',
  },
  {
    what: 'sandbox: a port above 65535',
    args: ['sandbox', '--port', '70000'],
    says: '--port must be a whole number from 0 to 65535',
  },
  {
    what: 'sandbox: a fault list that is not one',
    args: ['sandbox', '--faults', 'sometimes'],
    says: '--faults is not a fault list',
  },
];

let sandbox: SandboxProcess;
let received: LoggedRequest[];
const results = new Map<Case, RunResult>();
const accountOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

beforeAll(async () => {
  sandbox = await startSandbox();
  // Four at a time: enough to keep both cores busy without starving the other test files.
  const queue = CASES.map((testCase, index) => ({ testCase, index }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const env = sandbox.env({ MON_ACCOUNT_ID: accountOf(next.index) });
      results.set(
        next.testCase,
        await runMon(next.testCase.args, { env, input: next.testCase.stdin, timeoutMs: 60_000 }),
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  received = await sandbox.requests();
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('bad input', () => {
  it('has a case for every kind of bad input (at least 60)', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((testCase) => testCase.what)).size).toBe(CASES.length);
  });

  it.each(CASES.map((testCase, index) => [testCase.what, testCase, index] as const))(
    'refuses %s: exit 2, named, nothing sent',
    (_what, testCase, index) => {
      const result = results.get(testCase)!;
      expect(result.stderr).toContain(testCase.says);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      const sent = received.filter((request) => request.headers['x-service-account'] === accountOf(index));
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([]);
    },
  );

  it('left the sandbox without a single request', () => {
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });
});
