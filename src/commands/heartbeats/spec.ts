import { EVENTS_LIMIT, PAGE_LIMIT } from '../../api/schemas/enums';
import { DRY_RUN_FLAG, READ_ONLY, WINDOW_FLAGS, WRITE_FLAGS, checkArg } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';
import { HEARTBEAT_LIMITS, HEARTBEAT_STATES } from '../../api/heartbeat-rules';
import { TOP } from '../top-level';

/** The heartbeat a read is about: its check ID, 6+ characters of it, or its name; picked on a terminal when left out. */
const CHECK = checkArg({ optional: true, heartbeats: true });

const PING_URL_HELP =
  'The ping goes to {ping URL}/TOKEN. The ping URL is the global --ping-url, else\n' +
  "MON_PING_URL, else the profile's (`mon config set ping-url URL`); with\n" +
  "--sandbox, the sandbox's. A whole ping URL (https://HOST/PATH/TOKEN) can\n" +
  'replace TOKEN.\n' +
  'No API key is sent with a ping: the URL is the credential, and the token is\n' +
  'masked in every message. A ping is tried up to 3 times within 10 seconds (or\n' +
  '--timeout, if shorter).\n';

const TOKEN_SOURCES_HELP =
  'The token (or the whole ping URL) can also come from the MON_PING_TOKEN\n' +
  'environment variable or from --token-file FILE (- for stdin): other users see\n' +
  'the command line of a process in `ps`, but not its environment or files. Give\n' +
  'it one way only: two of TOKEN, MON_PING_TOKEN and --token-file are refused.\n';

const TOKEN_FILE = {
  kind: 'file',
  value: 'file',
  help: 'read the ping token (or the whole ping URL) from FILE, - for stdin; it stays out of `ps`',
} as const;

export const HEARTBEATS: NounSpec = {
  ...TOP.heartbeats,
  examples: [
    'mon heartbeats create --name "Weekly export" --period 7d --grace 1h',
    'mon heartbeats events "Nightly backup" --since 6h',
    'mon heartbeats exec TOKEN -- /usr/local/bin/backup.sh',
  ],
};

const DURATION_FORMS = 'e.g. 30s, 15m, 1h, 7d';

/** The flags of a heartbeat monitor's configuration (create and update); `body` names where each lands. */
const MONITOR_FLAGS = {
  name: {
    kind: 'text',
    help: 'the name of the monitor, e.g. "Nightly backup"',
    prompt: 'Name of the monitor (e.g. Nightly backup)',
    body: ['name'],
  },
  period: {
    kind: 'duration',
    help: `how often the job runs: a ping is expected every period, 30s to 365d (${DURATION_FORMS})`,
    prompt: 'How often does the job run? (the period, 30s to 365d, e.g. 1d)',
    body: ['heartbeat.period', 'heartbeat.periodUnit'],
  },
  grace: {
    kind: 'duration',
    zero: true,
    help: `how long to wait past the period before alerting, 0s to 365d (${DURATION_FORMS})`,
    prompt: 'How long may it be late before the alert? (the grace, 0s to 365d, e.g. 1h)',
    body: ['heartbeat.grace', 'heartbeat.graceUnit'],
  },
  description: {
    kind: 'text',
    max: HEARTBEAT_LIMITS.descriptionMax,
    help: `what the monitor watches, Markdown, at most ${HEARTBEAT_LIMITS.descriptionMax} characters`,
    body: ['description'],
  },
  descriptionFile: { kind: 'file', help: 'read the description from FILE (- for stdin)' },
  tag: { kind: 'text', value: 'tag', repeatable: true, help: 'a tag', body: ['tags'] },
  alertChannel: {
    kind: 'raw',
    value: 'id',
    repeatable: true,
    help: 'notify this alert channel, by its number (create: every channel of the account when left out)',
    body: ['alertChannelSubscriptions'],
  },
} as const;

const DURATION_ABOUT =
  'Durations take a number and a unit: 30s, 15m, 1h, 7d (or 2w). Each is sent in\n' +
  'the largest unit that holds it exactly: 120s is sent as 2 minutes, 36h as 36\n' +
  'hours. The period is 30 seconds to 365 days, the grace 0 seconds to 365 days:\n' +
  'the service alerts when period + grace pass without a ping.\n';

export const CREATE = verb({
  name: 'create',
  summary: 'Create a heartbeat monitor for a cron job; prints its ping URL',
  effect: { kind: 'write', idempotent: false },
  flags: {
    ...MONITOR_FLAGS,
    muted: { kind: 'bool', help: 'send no alert notifications', body: ['muted'] },
    inactive: { kind: 'bool', help: 'create it paused: it records pings but never alerts', body: ['activated'] },
    ...WRITE_FLAGS,
  },
  about:
    DURATION_ABOUT +
    '\nOn a terminal, what is missing of --name, --period and --grace is asked for,\n' +
    'and the monitor is shown for a confirmation before it is created.\n\n' +
    'On success: the check ID and the ping URL. The ping URL holds the ping token\n' +
    '(whoever has it can ping): it is shown whole only here, on a terminal; piped,\n' +
    'the check ID alone goes to stdout and the token is masked; --json prints the\n' +
    "API's answer, token included.\n",
  examples: [
    'mon heartbeats create --name "Database backup" --period 1d --grace 1h',
    'mon heartbeats create --name "Queue sweeper" --period 15m --grace 5m --tag ops --muted',
    'mon heartbeats create',
    `mon heartbeats create --name "Cache warmer" --period 1h --grace 10m --jq .heartbeat.pingUrl`,
  ],
});

const STATE_WORDS =
  'States: ' +
  Object.entries(HEARTBEAT_STATES)
    .map(([state, meaning]) => `${state} (${meaning})`)
    .join('; ') +
  '.\n';

export const LIST = verb({
  name: 'list',
  summary: 'List the heartbeat monitors: how often each expects a ping, its state, its last ping',
  effect: READ_ONLY,
  flags: {
    limit: {
      kind: 'int',
      short: 'L',
      min: PAGE_LIMIT.min,
      max: PAGE_LIMIT.max,
      help: `monitors per page, ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default})`,
    },
    all: { kind: 'bool', help: 'follow every page' },
  },
  about:
    'Each monitor with its period and grace ("every 1d, grace 1h"), its state now\n' +
    "(judged by the server's clock), its last ping and its short ID (any 6+\n" +
    'characters of an ID, or the name, are taken back by get, update, events).\n' +
    STATE_WORDS +
    "Piped: tab-separated, whole IDs and ISO times. --json: the API's body.\n",
  examples: ['mon heartbeats list', 'mon heartbeats list --all', `mon heartbeats list --json | jq -r '.[].name'`],
});

export const GET = verb({
  name: 'get',
  summary: 'Show a heartbeat monitor: its state, last ping, when the next is due, its history',
  effect: READ_ONLY,
  args: [checkArg({ optional: true, heartbeats: true })],
  flags: {},
  about:
    'The configuration, the state now, the last ping, when the next ping is due and\n' +
    'when the service alerts without it. The ping URL is shown with its token masked.\n' +
    'On a terminal, the history follows as a strip: one cell per expected ping\n' +
    '(● on time, ◐ in grace, ○ late, × missing, · not due yet), fitted to the width.\n' +
    STATE_WORDS,
  examples: ['mon heartbeats get "Nightly backup"', 'mon heartbeats get 6f1c2d', 'mon heartbeats get'],
});

export const UPDATE = verb({
  name: 'update',
  summary: 'Change a heartbeat monitor (what is not given keeps its current value)',
  effect: { kind: 'write', idempotent: true, target: 'heartbeat' },
  args: [checkArg({ heartbeats: true })],
  flags: {
    ...MONITOR_FLAGS,
    muted: { kind: 'bool', help: 'send no alert notifications', body: ['muted'] },
    unmuted: { kind: 'bool', help: 'send alert notifications again' },
    activate: { kind: 'bool', help: 'resume a paused monitor', body: ['activated'] },
    inactive: { kind: 'bool', help: 'pause it: it records pings but never alerts' },
    ...WRITE_FLAGS,
  },
  about:
    DURATION_ABOUT +
    '\nThe monitor is read first; the change is sent with its current values for\n' +
    'everything not given (a PUT), so nothing else changes. --tag and\n' +
    '--alert-channel replace the lists they name.\n',
  examples: [
    'mon heartbeats update "Nightly backup" --period 12h',
    'mon heartbeats update 6f1c2d --grace 30m --muted',
    'mon heartbeats update "Nightly backup" --inactive',
  ],
});

export const EVENTS = verb({
  name: 'events',
  summary: 'List the events of a heartbeat (pings, late pings, failures) and its success ratio',
  effect: READ_ONLY,
  args: [CHECK],
  flags: {
    limit: {
      kind: 'int',
      short: 'L',
      min: EVENTS_LIMIT.min,
      max: EVENTS_LIMIT.max,
      help: `at most this many events, ${EVENTS_LIMIT.min} to ${EVENTS_LIMIT.max} (the API's maximum; default ${EVENTS_LIMIT.default})`,
    },
    ...WINDOW_FLAGS,
  },
  about:
    'Newest first. On a terminal, the success ratios of the last 24 hours and last\n' +
    '7 days follow the table; piped, only the events are printed (tab-separated);\n' +
    '--json prints the whole answer. The API returns at most 10 events per request:\n' +
    'narrow the period (--from/--to) to see older ones.\n',
  examples: [
    'mon heartbeats events 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    'mon heartbeats events "Nightly backup" --since 6h --limit 5',
    'mon heartbeats events CHECK --from 2026-11-19 --to 2026-11-20',
    `mon heartbeats events CHECK --jq '.[0].stats.last24Hours'`,
  ],
});

export const AVAILABILITY = verb({
  name: 'availability',
  summary: 'Show the success ratio of a heartbeat for a period, against the period before',
  effect: READ_ONLY,
  args: [CHECK],
  flags: { ...WINDOW_FLAGS },
  about:
    'The success ratio is a percentage, compared with the period of the same length\n' +
    'just before; on a terminal each is also drawn as a bar (█ succeeded, ░ not).\n' +
    'A period without data says "There is no data for this period"\n' +
    '(on stderr) and exits 0; --json prints null.\n',
  examples: [
    'mon heartbeats availability CHECK',
    'mon heartbeats availability CHECK --since 7d',
    `mon heartbeats availability ID --jq '.successRatio.currentPeriod'`,
  ],
});

/**
 * Why a ping is sent as given in every mode: it is a job's signal to its monitor's ping URL
 * (a token, no API key), not a change to review; exec's ping follows how its job ended.
 */
const PING_UNPLANNED = "a job's signal to its ping URL, not an API change";

export const PING = verb({
  name: 'ping',
  summary: 'Send a heartbeat ping: tell the monitor the job ran',
  effect: { kind: 'write', idempotent: false, unplanned: PING_UNPLANNED },
  args: [
    {
      key: 'token',
      label: 'token',
      kind: 'raw',
      optional: true,
      help: 'ping token of the heartbeat monitor, or its whole ping URL (asked for, hidden, on a terminal when left out)',
    },
  ],
  flags: {
    tokenFile: TOKEN_FILE,
    dryRun: { kind: 'bool', help: 'print the request (token masked) and send nothing' },
  },
  about:
    PING_URL_HELP +
    TOKEN_SOURCES_HELP +
    'Silent on success unless stderr is a terminal; exit 0 on any 2xx answer.\n\n' +
    'In a crontab, after the job (or wrap the job with `mon heartbeats exec`):\n' +
    '  0 2 * * * backup.sh && mon heartbeats ping TOKEN\n',
  examples: [
    'mon heartbeats ping 0c9d7e52-3f1a-4b8e-9a6d-2f4e5c6b7a81',
    'MON_PING_URL=https://ping.example.com mon heartbeats ping "$BACKUP_TOKEN"',
    'mon heartbeats ping "https://ping.example.com/$BACKUP_TOKEN"',
    'mon heartbeats ping --token-file ~/.config/backup-ping-token',
    'MON_PING_TOKEN="$BACKUP_TOKEN" mon heartbeats ping',
  ],
});

export const EXEC = verb({
  name: 'exec',
  summary: 'Run a command (a cron job) and ping only when it succeeds',
  effect: { kind: 'write', idempotent: false, unplanned: PING_UNPLANNED },
  args: [
    {
      key: 'token',
      label: 'token',
      kind: 'raw',
      optional: true,
      help: 'ping token of the heartbeat monitor, or its whole ping URL (left out with MON_PING_TOKEN or --token-file)',
    },
    {
      key: 'command',
      label: 'command',
      kind: 'words',
      optional: true,
      afterDashDash: true,
      help: 'the command and its arguments, after --',
    },
  ],
  flags: {
    tokenFile: TOKEN_FILE,
    strict: { kind: 'bool', help: 'exit 1 when the command succeeded but the ping failed' },
    maxRuntime: {
      kind: 'duration',
      help: 'stop the command when it runs longer (SIGTERM, then SIGKILL): exit 124, no ping',
    },
    overlap: {
      kind: 'bool',
      forms: 'negative',
      help: 'do not start while the previous run of this monitor on this machine still goes (exit 75)',
    },
    minDuration: {
      kind: 'duration',
      help: 'a run that exits 0 sooner is not pinged (it most likely did nothing): exit 8',
    },
    ...DRY_RUN_FLAG,
  },
  about:
    "The command runs with mon's stdin, stdout and stderr, in a process group of\n" +
    "its own (at a terminal, in the terminal's foreground), and mon exits with its\n" +
    'exit code (128 + the signal number when a signal stopped it; 127 when it cannot\n' +
    'be found). The ping is sent only when the command exits 0, so the monitor\n' +
    'alerts when the job fails or does not run. Ctrl-C, SIGTERM, SIGHUP, SIGQUIT\n' +
    'and SIGUSR2 reach the command, and mon waits for it. The command does not see\n' +
    'MON_API_KEY or MON_PING_TOKEN. A failed ping is a warning on stderr and does\n' +
    'not change the exit code, unless --strict.\n\n' +
    '--max-runtime 2h: a command still running after 2 hours gets SIGTERM, and\n' +
    'SIGKILL 10 seconds later (or after --max-runtime, if shorter), both to its\n' +
    "whole process group (a script's children too). No ping; exit 124, as\n" +
    'coreutils `timeout`.\n\n' +
    '--no-overlap: while the previous run of the same monitor (same ping token) on\n' +
    'this machine still goes, this one does not start: exit 75, naming its PID. Its\n' +
    "lock file is in mon's data directory; one left by a mon that was killed is\n" +
    'taken over once its command has ended too (a killed container: once it is a\n' +
    'minute old).\n\n' +
    '--min-duration 30s: a command that exits 0 in less than 30 seconds most likely\n' +
    'did nothing: no ping, exit 8 (the monitor alerts as for a failed run).\n\n' +
    PING_URL_HELP +
    TOKEN_SOURCES_HELP +
    'With MON_PING_TOKEN or --token-file, TOKEN is left out: every word after --\n' +
    'is the command.\n' +
    '\nIn a crontab (set MON_PING_URL at its top, or give whole ping URLs):\n' +
    '  0 2 * * * mon heartbeats exec TOKEN -- /usr/local/bin/backup.sh --full\n',
  examples: [
    'mon heartbeats exec "$BACKUP_TOKEN" -- /usr/local/bin/backup.sh --full',
    `mon heartbeats exec "$REPORT_TOKEN" --strict -- sh -c 'make && upload'`,
    'mon heartbeats exec --token-file /etc/mon/backup-token -- /usr/local/bin/backup.sh',
    'mon heartbeats exec "$TOKEN" --max-runtime 2h --no-overlap --min-duration 1m -- backup.sh',
  ],
});
