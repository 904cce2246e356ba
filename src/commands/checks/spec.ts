import {
  CHECK_LIMITS,
  CHECK_STATUSES,
  CHECK_TYPES,
  DNS_ASSERTION_COMPARISONS,
  DNS_ASSERTION_SOURCES,
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
  RETRY_MAX_DURATION_SECONDS,
  RETRY_MAX_RETRIES,
  RETRY_ONLY_ON,
  RETRY_TYPES,
  TRIGGER_SEVERITIES,
} from '../../api/schemas/checkValues';
import { PAGE_LIMIT, RUNTIME_IDS } from '../../api/schemas/enums';
import { READ_ONLY, WRITE_FLAGS, checkArg } from '../../core/flags/common';
import { verb, type BoolFlag, type FileFlag, type NounSpec, type RawFlag } from '../../core/flags/spec';
import { TOP } from '../top-level';

/*
 * The command line of `mon checks`: a flag for every field of the check body. Each flag
 * says where its value lands in the body (`body`) and how it is written there
 * (`convert`); the body is then checked as a whole by the request schema, so that one
 * message lists every problem, the rules between fields included (shared/body.ts, shared/naming.ts).
 */

/** How a flag's text is written into the body: enums upper-cased (locations lower-cased), numbers as numbers. */
export interface BodyFlag extends RawFlag {
  convert?: 'upper' | 'lower' | 'number';
}
type CheckFlag = BodyFlag | BoolFlag | FileFlag;

/** A switch with both spellings: the one users need is shown, the other (to override --file) accepted quietly. */
const toggle = (shown: 'positive' | 'negative', help: string, body: string, group: string) =>
  ({
    kind: 'bool',
    forms: 'both',
    hide: shown === 'positive' ? 'negative' : 'positive',
    help,
    body: [body],
    group,
  }) as const;

export const CHECK_FLAGS = {
  name: { kind: 'raw', value: 'name', help: 'name of the check', body: ['name'], group: 'Check' },
  description: {
    kind: 'raw',
    value: 'text',
    help: `description, at most ${CHECK_LIMITS.descriptionMax} characters`,
    body: ['description'],
    group: 'Check',
  },
  tag: { kind: 'raw', value: 'tag', repeatable: true, help: 'a tag', body: ['tags'], group: 'Check' },
  activated: toggle('negative', 'create it paused (default: it runs)', 'activated', 'Check'),
  muted: toggle('positive', 'send no notifications on failure or recovery', 'muted', 'Check'),
  shouldFail: toggle('positive', 'invert what counts as a failure', 'shouldFail', 'Check'),
  doubleCheck: toggle(
    'negative',
    'no double check on failure (deprecated by the API: use --retry-*)',
    'doubleCheck',
    'Check',
  ),
  groupId: {
    kind: 'raw',
    value: 'id',
    convert: 'number',
    help: 'check group it belongs to',
    body: ['groupId'],
    group: 'Check',
  },
  groupOrder: {
    kind: 'raw',
    value: 'n',
    convert: 'number',
    help: 'position in the group, >= 0',
    body: ['groupOrder'],
    group: 'Check',
  },
  runtime: {
    kind: 'raw',
    value: 'id',
    values: RUNTIME_IDS,
    help: 'runtime (`mon runtimes list`)',
    body: ['runtimeId'],
    group: 'Check',
  },

  query: {
    kind: 'raw',
    value: 'name',
    help: `name to resolve, e.g. example.com (at most ${CHECK_LIMITS.queryMax} characters)`,
    body: ['request.query'],
    group: 'DNS request',
  },
  recordType: {
    kind: 'raw',
    value: 'type',
    convert: 'upper',
    values: DNS_RECORD_TYPES,
    help: 'record type (default A)',
    body: ['request.recordType'],
    group: 'DNS request',
  },
  nameServer: {
    kind: 'raw',
    value: 'host',
    help: 'name server to ask, e.g. 1.1.1.1',
    body: ['request.nameServer'],
    group: 'DNS request',
  },
  port: {
    kind: 'raw',
    value: 'port',
    convert: 'number',
    help: 'port of the name server, e.g. 53',
    body: ['request.port'],
    group: 'DNS request',
  },
  protocol: {
    kind: 'raw',
    value: 'protocol',
    convert: 'upper',
    values: DNS_PROTOCOLS,
    help: 'protocol (API default UDP)',
    body: ['request.protocol'],
    group: 'DNS request',
  },
  assert: {
    kind: 'raw',
    value: 'assertion',
    repeatable: true,
    help: '"SOURCE COMPARISON TARGET", e.g. "RESPONSE_CODE EQUALS NOERROR"',
    body: ['request.assertions'],
    group: 'DNS request',
  },

  frequency: {
    kind: 'raw',
    value: 'minutes',
    convert: 'number',
    values: FREQUENCIES.filter((minutes) => minutes !== 0),
    help: 'minutes between runs (API default 10)',
    body: ['frequency'],
    group: 'Schedule and locations',
  },
  frequencyOffset: {
    kind: 'raw',
    value: 'n',
    convert: 'number',
    help: '1..floor(frequency*10) for frequencies up to 60, 1..ceil(frequency/60) above',
    body: ['frequencyOffset'],
    group: 'Schedule and locations',
  },
  location: {
    kind: 'raw',
    value: 'region',
    repeatable: true,
    convert: 'lower',
    values: LOCATIONS,
    help: 'data-center location to run from (values below)',
    body: ['locations'],
    group: 'Schedule and locations',
  },
  privateLocation: {
    kind: 'raw',
    value: 'name',
    repeatable: true,
    help: 'private location to run from',
    body: ['privateLocations'],
    group: 'Schedule and locations',
  },
  runParallel: toggle(
    'positive',
    'run in all locations at once instead of one after another',
    'runParallel',
    'Schedule and locations',
  ),
  degradedResponseTime: {
    kind: 'raw',
    value: 'ms',
    convert: 'number',
    help: `degraded from this response time, 0..${CHECK_LIMITS.responseTimeMaxMs} (API default 500)`,
    body: ['degradedResponseTime'],
    group: 'Schedule and locations',
  },
  maxResponseTime: {
    kind: 'raw',
    value: 'ms',
    convert: 'number',
    help: `failed from this response time, 0..${CHECK_LIMITS.responseTimeMaxMs} (API default 1000)`,
    body: ['maxResponseTime'],
    group: 'Schedule and locations',
  },

  alertChannel: {
    kind: 'raw',
    value: 'id',
    repeatable: true,
    help: 'subscribe to this alert channel',
    body: ['alertChannelSubscriptions'],
    group: 'Alerts',
  },
  autoAssignAlerts: {
    kind: 'bool',
    forms: 'negative',
    help: 'do not subscribe it to every alert channel (autoAssignAlerts=false)',
    group: 'Alerts',
  },
  useGlobalAlertSettings: toggle(
    'negative',
    "use this check's --alert-* settings, not the account's",
    'useGlobalAlertSettings',
    'Alerts',
  ),
  alertEscalationType: {
    kind: 'raw',
    value: 'type',
    convert: 'upper',
    values: ESCALATION_TYPES,
    help: 'how alerts escalate',
    body: ['alertSettings.escalationType'],
    group: 'Alerts',
  },
  alertFailedRunThreshold: {
    kind: 'raw',
    value: 'n',
    convert: 'number',
    values: FAILED_RUN_THRESHOLDS,
    help: 'alert after this many failed runs',
    body: ['alertSettings.runBasedEscalation.failedRunThreshold'],
    group: 'Alerts',
  },
  alertMinutesFailingThreshold: {
    kind: 'raw',
    value: 'min',
    convert: 'number',
    values: MINUTES_FAILING_THRESHOLDS,
    help: 'alert after failing this long (TIME_BASED)',
    body: ['alertSettings.timeBasedEscalation.minutesFailingThreshold'],
    group: 'Alerts',
  },
  alertRemindersAmount: {
    kind: 'raw',
    value: 'n',
    convert: 'number',
    values: REMINDER_AMOUNTS,
    help: 'reminders to send (100000: until resolved)',
    body: ['alertSettings.reminders.amount'],
    group: 'Alerts',
  },
  alertRemindersInterval: {
    kind: 'raw',
    value: 'min',
    convert: 'number',
    values: REMINDER_INTERVALS,
    help: 'minutes between reminders',
    body: ['alertSettings.reminders.interval'],
    group: 'Alerts',
  },
  alertParallelRunFailureThreshold: {
    kind: 'raw',
    value: 'pct',
    values: PARALLEL_FAILURE_PERCENTAGES,
    help: 'alert when this % of parallel runs fail',
    body: ['alertSettings.parallelRunFailureThreshold'],
    group: 'Alerts',
  },

  retryType: {
    kind: 'raw',
    value: 'type',
    convert: 'upper',
    values: RETRY_TYPES,
    help: 'retry strategy (needed by the other --retry-* flags)',
    body: ['retryStrategy.type', 'retryStrategy'],
    group: 'Retries',
  },
  retryMaxRetries: {
    kind: 'raw',
    value: 'n',
    convert: 'number',
    help: `${RETRY_MAX_RETRIES.min} to ${RETRY_MAX_RETRIES.max}`,
    body: ['retryStrategy.maxRetries'],
    group: 'Retries',
  },
  retryBaseBackoffSeconds: {
    kind: 'raw',
    value: 's',
    convert: 'number',
    help: 'seconds before the first retry (API default 60)',
    body: ['retryStrategy.baseBackoffSeconds'],
    group: 'Retries',
  },
  retryMaxDurationSeconds: {
    kind: 'raw',
    value: 's',
    convert: 'number',
    help: `give up retrying after this long, ${RETRY_MAX_DURATION_SECONDS.min} to ${RETRY_MAX_DURATION_SECONDS.max}`,
    body: ['retryStrategy.maxDurationSeconds'],
    group: 'Retries',
  },
  retryOnlyOn: {
    kind: 'raw',
    value: 'error',
    repeatable: true,
    convert: 'upper',
    values: RETRY_ONLY_ON,
    help: 'retry only on this kind of failure',
    body: ['retryStrategy.onlyOn'],
    group: 'Retries',
  },
  retrySameRegion: toggle(
    'negative',
    'retry from another location (API default: the same one)',
    'retryStrategy.sameRegion',
    'Retries',
  ),

  triggerIncidentService: {
    kind: 'raw',
    value: 'id',
    help: 'open a status-page incident on this service when the check fails (`mon status-pages list` shows IDs)',
    body: ['triggerIncident.serviceId'],
    group: 'Incident trigger (on failure)',
  },
  triggerIncidentSeverity: {
    kind: 'raw',
    value: 'severity',
    convert: 'upper',
    values: TRIGGER_SEVERITIES,
    help: 'incident severity',
    body: ['triggerIncident.severity'],
    group: 'Incident trigger (on failure)',
  },
  triggerIncidentName: {
    kind: 'raw',
    value: 'name',
    help: 'incident name',
    body: ['triggerIncident.name'],
    group: 'Incident trigger (on failure)',
  },
  triggerIncidentDescription: {
    kind: 'raw',
    value: 'text',
    help: 'incident description',
    body: ['triggerIncident.description'],
    group: 'Incident trigger (on failure)',
  },
  triggerIncidentNotifySubscribers: {
    kind: 'bool',
    help: "notify the status page's subscribers",
    body: ['triggerIncident.notifySubscribers'],
    group: 'Incident trigger (on failure)',
  },

  env: {
    kind: 'raw',
    value: 'KEY=VALUE',
    repeatable: true,
    help: 'environment variable',
    body: ['environmentVariables'],
    group: 'Scripts and environment',
  },
  secretEnv: {
    kind: 'raw',
    value: 'KEY=VALUE',
    repeatable: true,
    help: 'secret environment variable, never shown back',
    group: 'Scripts and environment',
  },
  script: {
    kind: 'raw',
    value: 'code',
    help: 'script (default "": the API requires the field)',
    body: ['script'],
    group: 'Scripts and environment',
  },
  scriptPath: {
    kind: 'raw',
    value: 'path',
    help: 'path of the script in the runtime',
    body: ['scriptPath'],
    group: 'Scripts and environment',
  },
  localSetupScript: {
    kind: 'raw',
    value: 'code',
    help: 'Node.js code run before the check',
    body: ['localSetupScript'],
    group: 'Scripts and environment',
  },
  localTearDownScript: {
    kind: 'raw',
    value: 'code',
    help: 'Node.js code run after the check',
    body: ['localTearDownScript'],
    group: 'Scripts and environment',
  },
  setupSnippetId: {
    kind: 'raw',
    value: 'id',
    convert: 'number',
    help: 'snippet for the setup phase',
    body: ['setupSnippetId'],
    group: 'Scripts and environment',
  },
  tearDownSnippetId: {
    kind: 'raw',
    value: 'id',
    convert: 'number',
    help: 'snippet for the teardown phase',
    body: ['tearDownSnippetId'],
    group: 'Scripts and environment',
  },
  sslCheckDomain: {
    kind: 'raw',
    value: 'domain',
    help: 'domain whose certificate is checked',
    body: ['sslCheckDomain'],
    group: 'Scripts and environment',
  },

  file: {
    kind: 'file',
    help: 'JSON body with any of the fields (- for stdin); the flags override it',
    group: 'Input and output',
  },
  yes: { ...WRITE_FLAGS.yes, group: 'Input and output' },
  dryRun: {
    kind: 'bool',
    help: 'print the plan (what would be created, the request) instead of sending it (secret values masked)',
    group: 'Input and output',
  },
  plan: { ...WRITE_FLAGS.plan, group: 'Input and output' },
  planToken: { ...WRITE_FLAGS.planToken, group: 'Input and output' },
} as const satisfies Record<string, CheckFlag>;

/** The deprecated combined create's own flags, before the body flags. */
const COMBINED_FLAGS = {
  type: {
    kind: 'raw',
    value: 'type',
    convert: 'upper',
    values: CHECK_TYPES,
    help: 'check type: DNS, the only one it builds (HEARTBEAT: `mon heartbeats create`; another: `mon api`)',
    body: ['type'],
    group: 'Combined create',
  },
  dependency: {
    kind: 'raw',
    value: 'PATH=@LOCALFILE',
    repeatable: true,
    help: 'a dependency file: its path in the check, and the local file to send',
    body: ['dependencies'],
    group: 'Combined create',
  },
} as const satisfies Record<string, CheckFlag>;

const BODY_HELP =
  `On a terminal, what is missing is asked for: name, query, record type, name server,\n` +
  `assertions (RESPONSE_CODE EQUALS NOERROR unless told), frequency and locations; what was\n` +
  `asked is shown and confirmed (yes, no, or edit the answers) before it is sent. Without one (piped, --no-input, CI) --name and --query are\n` +
  `required, the record type defaults to A, and everything else is left to the API's\n` +
  `defaults: runs every 10 minutes, activated, not muted, degraded at 500 ms, failed at\n` +
  `1000 ms, subscribed to every alert channel (--no-auto-assign-alerts to opt out).\n\n` +
  `--file FILE (- for stdin, and then nothing is asked) gives any part of the body as\n` +
  `JSON. Flags override it: objects such as "request" are merged field by field, anything\n` +
  `else a flag gives replaces the file's value (--location replaces the file's locations).\n` +
  `heartbeat: {} and script ("" unless --script) are always sent, as the API requires.\n\n` +
  `Output: the created check on a terminal, its ID alone when piped (for scripts), the\n` +
  `API's response body with --json.\n\n` +
  `Locations (--location):\n` +
  `  ${LOCATIONS.join(', ')}\n\n` +
  `Assertions (--assert "SOURCE COMPARISON TARGET"):\n` +
  `  SOURCE: ${DNS_ASSERTION_SOURCES.join(', ')}\n` +
  `  COMPARISON: ${DNS_ASSERTION_COMPARISONS.join(', ')}\n` +
  `  TARGET: the rest of the text; it may be empty ("TEXT_ANSWER NOT_EMPTY")\n`;

export const CHECKS: NounSpec = {
  ...TOP.checks,
  examples: [
    'mon checks list --status failing',
    'mon checks get "Checkout DNS"',
    'mon checks status',
    'mon checks create-dns',
    'mon checks create-dns --name api --query api.example.com --no-input',
    'mon checks delete "Old DNS"   # asks; without a terminal: its plan, exit 9',
  ],
};

const CHECK_ID_HELP =
  "CHECK is the check's ID, the first 6+ characters of it, or its name in any case; one that\n" +
  'names several checks is refused (exit 2) with the matches listed.\n';

export const LIST = verb({
  name: 'list',
  summary: 'List the checks: short ID, name, type, status, frequency, locations, tags',
  effect: READ_ONLY,
  flags: {
    type: { kind: 'enum', values: CHECK_TYPES, value: 'type', help: 'only checks of this type' },
    tag: { kind: 'text', value: 'tag', repeatable: true, help: 'only checks with this tag (any of several)' },
    search: { kind: 'text', value: 'text', help: 'only checks whose name contains this, in any case' },
    status: { kind: 'enum', values: CHECK_STATUSES, value: 'status', help: 'only checks in this status now' },
    limit: {
      kind: 'int',
      short: 'L',
      min: PAGE_LIMIT.min,
      max: PAGE_LIMIT.max,
      help: `checks to show, ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default}; with --all: per page)`,
    },
    all: { kind: 'bool', help: 'read every page' },
  },
  about:
    'The filters are applied by the API. The status is the one GET /v1/check-statuses gives\n' +
    "now (passing, degraded, failing); a heartbeat's is its state, in the words of `mon heartbeats\n" +
    'list` (on time, in grace, late, never pinged, paused): --status failing finds the late ones.\n' +
    'Piped: tab-separated rows with the whole ID;\n' +
    '--json prints the page as received (with --all, one array of every check). Ping tokens are\n' +
    "masked (`mon heartbeats get` shows a heartbeat's ping URL).\n",
  examples: [
    'mon checks list',
    'mon checks list --status failing',
    'mon checks list --type DNS --tag prod --tag web',
    'mon checks list --search api --all --json',
  ],
});

export const GET = verb({
  name: 'get',
  summary: "Show a check's configuration and its current status",
  effect: READ_ONLY,
  args: [checkArg()],
  flags: {},
  about:
    CHECK_ID_HELP +
    'Shown: the configuration (for a DNS check its request and assertions), alert settings,\n' +
    'retry strategy, and the status now. Piped: key<TAB>value lines; --json prints the check\n' +
    'as received (ping tokens masked).\n',
  examples: ['mon checks get 3f2a9c', 'mon checks get "Checkout DNS"', 'mon checks get 3f2a9c --json'],
});

export const DELETE = verb({
  name: 'delete',
  summary: 'Delete a check (a heartbeat stops answering its ping URL)',
  effect: { kind: 'destructive', idempotent: true, target: 'check' },
  args: [checkArg()],
  flags: {
    ...WRITE_FLAGS,
    yes: {
      kind: 'bool',
      short: 'y',
      help: 'delete without asking (without it, and without a terminal to ask on, mon plans: exit 9)',
    },
  },
  about:
    CHECK_ID_HELP +
    'On a terminal, the check is named and you are asked to confirm. Without one, --yes is\n' +
    'required: without it nothing is deleted (exit 2). --dry-run prints the request.\n',
  examples: [
    'mon checks delete "Old DNS"   # asks; without a terminal: its plan, exit 9',
    'mon checks delete 3f2a9c --dry-run',
    'mon checks delete "Old DNS" --yes',
  ],
});

export const STATUS = verb({
  name: 'status',
  summary: 'How every check is doing now: failing first, then degraded, then passing',
  effect: READ_ONLY,
  flags: {},
  about:
    'From GET /v1/check-statuses: each check with its status and since when (its last result).\n' +
    "A heartbeat's status is its state, as `mon heartbeats list` says it (late once its period\n" +
    'and grace pass without a ping: since it alerted). Piped: tab-separated rows; --json prints\n' +
    'the statuses as received.\n',
  examples: ['mon checks status', 'mon checks status --json'],
});

export const CREATE_DNS = verb({
  name: 'create-dns',
  summary: 'Create a DNS monitor (POST /v1/checks/dns)',
  effect: { kind: 'write', idempotent: false },
  flags: CHECK_FLAGS,
  about: BODY_HELP,
  examples: [
    '# on a terminal, asks for what it needs:',
    'mon checks create-dns',
    'mon checks create-dns --name "example.com A" --query example.com --name-server 1.1.1.1 --location eu-west-1 --location us-east-1 --assert "RESPONSE_CODE EQUALS NOERROR"',
    'mon checks create-dns --name "mail" --query example.com --record-type MX --assert "TEXT_ANSWER CONTAINS mx1.example.com" --retry-type FIXED --retry-max-retries 2',
    'mon checks create-dns --file dns-check.json --name "copy for staging" --frequency 5',
    'mon checks create-dns --file - --dry-run < dns-check.json',
    'id=$(mon checks create-dns --name api --query api.example.com --no-input)',
  ],
});

export const CREATE = verb({
  name: 'create',
  summary: 'Create a check with the deprecated combined operation (POST /v1/checks)',
  effect: { kind: 'write', idempotent: false },
  flags: {
    ...COMBINED_FLAGS,
    ...CHECK_FLAGS,
    frequency: { ...CHECK_FLAGS.frequency, values: FREQUENCIES },
  },
  about:
    'Deprecated: the API will remove this operation; `mon checks create-dns` creates the\n' +
    'same DNS check. Its body is the DNS check body plus "type" and "dependencies", so\n' +
    'DNS is the only type it builds: another type is refused (exit 2, nothing sent),\n' +
    'naming `mon heartbeats create` for a heartbeat and `mon api -X POST /v1/checks\n' +
    '--input FILE` for a body you write (docs/API.md). A 402 (plan limit reached) exits\n' +
    'with 5.\n\n' +
    BODY_HELP,
  examples: [
    'mon checks create --type DNS --name "api" --query api.example.com --frequency 5',
    'mon checks create --type DNS --file check.json --dependency lib/helpers.js=@./helpers.js',
  ],
});

/** How long `checks run` waits for its sessions by default, and at most. */
export const RUN_TIMEOUT = { defaultMs: 5 * 60_000, default: '5m', maxMs: 24 * 3600_000, max: '24h' } as const;

export const RUN = verb({
  name: 'run',
  summary: 'Run checks now and wait for their results (a check session each)',
  effect: { kind: 'write', idempotent: false, redeem: 'rerun' },
  args: [
    {
      key: 'checks',
      label: 'CHECK',
      kind: 'words',
      optional: true,
      help: 'a check to run: its ID, the first 6+ characters of it, or its name (several may be given)',
      complete: 'checks',
    },
  ],
  flags: {
    tag: {
      kind: 'text',
      value: 'tag',
      repeatable: true,
      help: 'run the checks with this tag (any of several), instead of naming them',
    },
    wait: { kind: 'bool', forms: 'negative', help: 'print the session IDs and return at once' },
    timeout: {
      kind: 'duration',
      help: `stop waiting after this long: exit 124 (default ${RUN_TIMEOUT.default}, at most ${RUN_TIMEOUT.max})`,
    },
    ...WRITE_FLAGS,
  },
  about:
    'Triggers a check session per check (POST /v1/check-sessions/trigger): the check runs now,\n' +
    'as the "Schedule now" button does, and the usual alerting applies to its result. Then each\n' +
    'session is awaited (GET .../completion, up to 30 s per request, asked again while it runs)\n' +
    'and a line is printed per check as it finishes: its result, where it ran and how long it\n' +
    'took. A result is failed when the run found failures or errors (hasFailures, hasErrors).\n' +
    'Exit 0 when every check passed (degraded included), 3 when any failed, 124 when --timeout\n' +
    'ran out first (the sessions still running are named). Heartbeat monitors and deactivated\n' +
    'checks cannot be run (exit 6 when nothing matched).\n\n' +
    'Piped: a tab-separated line per check (result, name, check ID, session ID, location,\n' +
    'response time in ms). --no-wait prints the session IDs, one a line. --json prints the\n' +
    "finished sessions as received (with --no-wait, the trigger's answer).\n",
  examples: [
    'mon checks run "Checkout DNS"',
    'mon checks run --tag checkout --timeout 2m',
    'mon checks run 3f2a9c41 --no-wait',
    'mon checks run "Checkout DNS" --json',
  ],
});

/** How far back `checks results --since` reaches: the API keeps raw results 30 days. */
export const RESULTS_SINCE = { maxMs: 30 * 86_400_000, max: '30d', default: '6h' } as const;

export const RESULTS = verb({
  name: 'results',
  summary: "A check's recent results, newest first (its runs: when, where, passed or failed)",
  effect: READ_ONLY,
  args: [checkArg()],
  flags: {
    limit: {
      kind: 'int',
      short: 'L',
      min: 1,
      max: 1000,
      default: 20,
      help: 'results to show, 1 to 1000',
    },
    since: {
      kind: 'duration',
      ago: true,
      help: `the period up to now, e.g. 30m, 6h, 7d (default ${RESULTS_SINCE.default}, at most ${RESULTS_SINCE.max})`,
    },
    failed: { kind: 'bool', help: 'only failed results (failures or errors)' },
  },
  about:
    CHECK_ID_HELP +
    'From GET /v1/check-results/{checkId}: the API answers at most 6 hours per request, so a\n' +
    'longer --since is read 6 hours at a time, newest first, until --limit results are found.\n' +
    'Raw results are kept 30 days. A result is failed when it has failures or errors.\n' +
    'Piped: tab-separated rows with the whole result ID; --json prints the results as received\n' +
    '(one array).\n',
  examples: [
    'mon checks results "Checkout DNS"',
    'mon checks results 3f2a9c41 --since 2d --failed',
    'mon checks results "Checkout DNS" --limit 5 --json',
  ],
});
