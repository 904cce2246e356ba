import { READ_ONLY_LOCAL, checkArg } from '../../core/flags/common';
import { verb, type FlagTable, type NounSpec } from '../../core/flags/spec';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  MAX_FAULT_DELAY_MS,
  REQUEST_LIMITS,
  REQUEST_LOG_LIMITS,
} from '../../sandbox/limits';
import { HEARTBEAT_STATES } from '../../api/heartbeat-rules';
import { TOP } from '../top-level';

/** 1,000-style, without toLocaleString: loading ICU's number formats costs ~10 ms at every start. */
const LOG_COUNT = String(REQUEST_LOG_LIMITS.count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** --data of every sandbox verb that works on a data file. */
const DATA_FLAG = {
  data: {
    kind: 'file',
    help: 'the data file, a JSON-lines journal (default: sandbox.jsonl in the user data directory)',
  },
} as const satisfies FlagTable;

const ADMIN_HELP =
  'It talks to the sandbox at the base URL in use (--base-url, MON_BASE_URL or the\n' +
  "profile's) with the API key in use, or to the embedded one with --sandbox. Any other\n" +
  'server answers 404: this is not a mon sandbox.\n';

export const SANDBOX = verb({
  ...TOP.sandbox,
  effect: { kind: 'write', idempotent: true, local: true },
  flags: {
    host: {
      kind: 'text',
      value: 'host',
      default: DEFAULT_HOST,
      help: 'interface to listen on (beyond loopback, e.g. 0.0.0.0: others can use it; it warns)',
    },
    port: {
      kind: 'int',
      value: 'port',
      min: 0,
      max: 65535,
      default: DEFAULT_PORT,
      help: 'port to listen on (0: any free port)',
    },
    ...DATA_FLAG,
    apiKey: {
      kind: 'raw',
      value: 'key',
      help: "API key clients must send (default: the data file's own random key, which it prints)",
    },
    maxChecks: { kind: 'int', min: 0, help: 'answer 402 to the deprecated `checks create` past this many checks' },
    faults: { kind: 'raw', value: 'spec', help: 'inject failures, e.g. 503:0.2,429x1,delay:300 (see below)' },
    seed: { kind: 'file', help: 'JSON file of extra heartbeat monitors to create' },
  },
  about:
    'The global --account sets the account ID the sandbox accepts. The sandbox prints its base\n' +
    'URL, ping URL, account ID and API key, and the address of each public status page, then\n' +
    'serves until Ctrl-C. --json prints the same as\n' +
    'one JSON line. Every change is on disk before it is answered. Its API key is its own:\n' +
    'random, made with its data file and kept in it (mon sandbox info shows it), unless\n' +
    '--api-key gives another. Listening beyond loopback (--host 0.0.0.0) lets anyone who can\n' +
    'reach this machine in: it says so, with the addresses it can be reached at.\n\n' +
    'It answers requests addressed to this machine only (localhost, a loopback address, the\n' +
    `--host it was started with; 421 otherwise), reads a body only once the key is checked (at\n` +
    `most ${REQUEST_LIMITS.bodyBytes / 1024 / 1024} MiB, nested ${REQUEST_LIMITS.depth} levels deep), and serves ${REQUEST_LIMITS.connections} connections at once (503 past\n` +
    'them). The data file is a regular file (a device or a FIFO is refused).\n\n' +
    'Faults (--faults, comma-separated): STATUS:P answers STATUS to a fraction P of requests;\n' +
    'STATUSxN to the next N; reset (close the connection), hang (never answer) and drop (do the\n' +
    'work, then close the connection unanswered) take :P or xN too; delay:MS delays every\n' +
    `answer (MS at most ${MAX_FAULT_DELAY_MS}, 24.8 days); a rule ending in @METHOD applies to that\n` +
    'method only (e.g. dropx1@POST).\n\n' +
    'Admin routes, outside the API (they need the API key too):\n' +
    '  GET /__sandbox/requests?limit=N: the last N requests (mon sandbox requests)\n' +
    '  DELETE /__sandbox/requests: forget them\n' +
    '  POST /__sandbox/clock {"advanceSeconds": S}: move the clock forward\n' +
    '    (mon sandbox clock advance)\n\n' +
    'Status pages, as subscribers see them (no key): /status/<url>, and /status/ lists them.\n',
  examples: [
    'mon sandbox',
    'mon sandbox --port 0 --data ./sandbox.jsonl --json',
    'mon sandbox --faults 503:0.2,429:0.1,delay:300',
    'mon sandbox --api-key sk_sandbox_0123456789abcdef   # a fixed key of your choosing',
    '# in another terminal:',
    'MON_BASE_URL=http://127.0.0.1:4010 MON_API_KEY=$(mon sandbox info --jq .apiKey) mon incidents list',
    'mon sandbox info',
  ],
});

const STATES_HELP = Object.entries(HEARTBEAT_STATES)
  .map(([state, meaning]) => `  ${state.padEnd(13)} ${meaning}\n`)
  .join('');

export const INFO = verb({
  name: 'info',
  summary: "Show a sandbox's base URL, account, API key, status pages and heartbeat monitors",
  effect: READ_ONLY_LOCAL,
  flags: { ...DATA_FLAG },
  about:
    'Reads the data file (--data, else the default one, which --sandbox uses too) without\n' +
    'starting a server or changing it. When a `mon sandbox` serves the file, the base URL and\n' +
    'credentials are the ones it serves with; otherwise the ones `mon sandbox --data FILE` would\n' +
    `use (base URL http://${DEFAULT_HOST}:${DEFAULT_PORT}), and how to start it. The API key and ping\n` +
    "tokens shown are the sandbox's own, not an account's.\n\n" +
    'The public status pages are listed with the address they are served at.\n\n' +
    "--json prints {baseUrl, accountId, apiKey, pingUrl, statusPages: [{name, url}], heartbeats:\n[{name, checkId, pingToken, period, periodUnit, grace, graceUnit, state}]}. A monitor's state, by the sandbox clock:\n" +
    STATES_HELP,
  examples: [
    'mon sandbox info',
    'mon --sandbox sandbox info',
    'mon sandbox info --data ./sandbox.jsonl --json',
    `mon heartbeats ping "$(mon sandbox info --jq '.heartbeats[0].pingToken')"`,
  ],
});

export const RESET = verb({
  name: 'reset',
  summary: 'Put the sample data back: every change to a sandbox data file is dropped',
  effect: { kind: 'destructive', idempotent: true, local: true },
  flags: {
    ...DATA_FLAG,
    yes: { kind: 'bool', short: 'y', help: 'reset without asking (needed when there is no terminal to ask on)' },
  },
  about:
    'Replaces the data file (--data, else the default one, which --sandbox uses too) with newly\n' +
    'seeded data: the sample status pages, runtimes, alert channels and heartbeat monitors (with\n' +
    'new check IDs and ping tokens), and the clock back to the real time. The new file is written\n' +
    'beside the old one and renamed over it: it is never half reset. Refused while a `mon sandbox`\n' +
    'serves the file (it holds the data in memory): stop it first. The global --account sets the\n' +
    'account ID of the seeded status pages, as for `mon sandbox`.\n',
  examples: [
    'mon sandbox reset   # asks; without a terminal: its plan, exit 9',
    'mon --sandbox sandbox reset --yes',
    'mon sandbox reset --data ./sandbox.jsonl -y',
  ],
});

export const CLOCK: NounSpec = {
  name: 'clock',
  summary: "Move a running sandbox's clock",
  examples: ['mon sandbox clock advance 2h', 'mon --sandbox sandbox clock advance 3d'],
};

export const ADVANCE = verb({
  name: 'advance',
  summary: "Move the sandbox's clock forward: heartbeats fail and recover as they would",
  effect: { kind: 'write', idempotent: false, local: true },
  args: [
    {
      key: 'duration',
      label: 'DURATION',
      kind: 'raw',
      help: 'how far: a duration like 90s, 30m, 2h, 7d or 2w (at most 100 years)',
    },
  ],
  flags: {},
  about:
    'Every time the sandbox uses moves: heartbeat deadlines (a monitor fails once its period and\n' +
    'grace pass without a ping), event and availability windows, the times of new incidents. The\n' +
    'clock only moves forward; the offset is kept in the data file, so it survives a restart\n' +
    '(`mon sandbox reset` sets it back). ' +
    ADMIN_HELP +
    '--json prints {now, offsetSeconds}.\n',
  examples: [
    'mon sandbox clock advance 2h',
    'mon --sandbox sandbox clock advance 90m',
    'MON_BASE_URL=http://127.0.0.1:4010 mon sandbox clock advance 3d',
  ],
});

export const SANDBOX_CHECKS: NounSpec = {
  name: 'checks',
  summary: "Set a check's status in a running sandbox, to rehearse an outage",
  examples: ['mon --sandbox sandbox checks fail "Checkout DNS"', 'mon --sandbox sandbox checks pass "Checkout DNS"'],
};

/** fail, degrade and pass: one table, three verbs. */
const setStatus = (name: 'fail' | 'degrade' | 'pass', status: string, summary: string) =>
  verb({
    name,
    effect: { kind: 'write', idempotent: true, local: true },
    summary,
    args: [checkArg()],
    flags: {},
    about:
      `The check's status (GET /v1/check-statuses, \`mon checks status\`, \`mon status\`) is ${status} from\n` +
      "now until another of these commands changes it. A heartbeat's status follows its pings\n" +
      '(`mon sandbox clock advance` makes it late). CHECK is an ID, the first 6+ characters of\n' +
      'it, or a name. ' +
      ADMIN_HELP +
      '--json prints the new status as GET /v1/check-statuses/{id} answers it.\n',
    examples: [`mon --sandbox sandbox checks ${name} "Checkout DNS"`, `mon sandbox checks ${name} 3f2a9c`],
  });

export const CHECK_FAIL = setStatus('fail', 'failing', 'Make a check fail (until `pass`)');
export const CHECK_DEGRADE = setStatus('degrade', 'degraded', 'Make a check degraded (until `pass`)');
export const CHECK_PASS = setStatus('pass', 'passing', 'Make a check pass again');

/** The rows of a body `sandbox requests` shows under its request on a terminal, unless --full. */
export const BODY_ROWS = 4;

export const REQUESTS = verb({
  name: 'requests',
  summary: 'Show the last requests a sandbox received: method, path, status, time, body',
  effect: READ_ONLY_LOCAL,
  flags: {
    limit: {
      kind: 'int',
      short: 'L',
      min: 1,
      max: REQUEST_LOG_LIMITS.count,
      default: 20,
      help: `show the last N requests, 1 to ${LOG_COUNT}`,
    },
    full: { kind: 'bool', help: `on a terminal, show every body whole (else its first ${BODY_ROWS} rows)` },
  },
  about:
    'Oldest first; times are the sandbox clock. The API key is redacted wherever it appears and\n' +
    'ping tokens are masked; the Authorization header is never kept. The sandbox keeps the last\n' +
    `${LOG_COUNT} requests (at most ${REQUEST_LOG_LIMITS.bytes / 1024 / 1024} MiB of them) in memory, so a log survives only\n` +
    'as long as the sandbox runs: the embedded one (--sandbox) starts afresh for each command\n' +
    'unless a `mon sandbox` serves its data file. ' +
    ADMIN_HELP +
    'On a terminal each request is a row (time, method, path, status) with its body under it as\n' +
    `JSON, escaped, on rows as wide as the terminal: the first ${BODY_ROWS} of them, all with --full.\n` +
    'Piped: tab-separated lines (time, method, path, status, body as JSON); --json prints an\n' +
    'array of {method, path, status, time, body}.\n',
  examples: [
    'mon sandbox requests',
    'mon sandbox requests --limit 5 --json',
    'mon sandbox requests --jq \'.[] | select(.method == "POST") | .body\'',
  ],
});
