import { INCIDENT_NAME_MAX, INCIDENT_STATUSES, SEVERITIES } from '../../api/schemas/enums';
import { MIN_PREFIX, PAGE_FLAGS, READ_ONLY, WATCH_FLAGS, WRITE_FLAGS } from '../../core/flags/common';
import { verb, type ArgSpec, type Flag, type NounSpec } from '../../core/flags/spec';
import { TIME_HELP } from '../../text/time';
import { TOP } from '../top-level';

/* The command line of `mon incidents`: every verb's flags and arguments, defined once. */

export const DEFAULT_RESOLVED_MESSAGE = 'This incident has been resolved.';

const DURATION_HELP =
  "The duration is in seconds (the API's `duration`): from the start of the incident to its\n" +
  'RESOLVED update; null (shown as "ongoing") while it is open.\n';

const SHORT_ID = `its ID or the first ${MIN_PREFIX}+ characters of it`;

const INCIDENT_ID = {
  key: 'incidentId',
  label: 'INCIDENT_ID',
  kind: 'id',
  min: MIN_PREFIX,
  help: `the incident: ${SHORT_ID}`,
  complete: 'open-incidents',
} as const satisfies ArgSpec;
/** --web: the verbs that show or post an incident open its status page afterwards. */
const WEB = {
  kind: 'bool',
  help: "then open the status page of the incident's services in the browser (`mon status-pages open`)",
} as const satisfies Flag;

const PICKED_INCIDENT = {
  ...INCIDENT_ID,
  optional: true,
  help: `the incident: ${SHORT_ID} (on a terminal, leave it out to pick from the open ones)`,
} as const satisfies ArgSpec;
const UPDATE_ID = {
  key: 'updateId',
  label: 'UPDATE_ID',
  kind: 'id',
  min: MIN_PREFIX,
  optional: true,
  help: `the update: ${SHORT_ID} (on a terminal, leave it out to pick from the incident's updates)`,
} as const satisfies ArgSpec;

/* The flags that several verbs share; `body` names where each lands in a request body. */

export const NAME = {
  kind: 'text',
  max: INCIDENT_NAME_MAX,
  help: `what the status page shows, at most ${INCIDENT_NAME_MAX} characters`,
  prompt: 'Incident name (what the status page shows)',
  body: ['name'],
} as const;
export const SEVERITY = {
  kind: 'enum',
  values: SEVERITIES,
  value: 'level',
  help: 'the severity',
  prompt: 'Severity',
  body: ['severity'],
} as const;
const SERVICE = {
  kind: 'text',
  value: 'service',
  repeatable: true,
  help: 'an affected service: its ID (6+ characters do), or its name (`mon status-pages list` shows both)',
  body: ['services'],
  complete: 'services',
} as const;
const MESSAGE = {
  kind: 'text',
  short: 'm',
  help: 'what subscribers read',
  prompt: 'Message (what subscribers read)',
  body: ['description', 'incidentUpdates', 'incidentUpdates[0].description'],
} as const;
const STATUS = {
  kind: 'enum',
  short: 's',
  values: INCIDENT_STATUSES,
  value: 'status',
  help: "the update's status",
  prompt: 'Status',
  body: ['status', 'incidentUpdates[0].status'],
} as const;
const NOTIFY = {
  kind: 'bool',
  forms: 'both',
  negativeHelp: 'do not notify them (the default)',
  help: 'notify the status page subscribers of this update',
  prompt: 'Notify the status page subscribers?',
  body: ['notifySubscribers', 'incidentUpdates[0].notifySubscribers'],
} as const;
/** The message prompt's keys beyond typing, in each prompting verb's help. */
const MESSAGE_KEYS = 'At the message, a pasted message keeps its lines, and Ctrl-G writes it in $VISUAL or $EDITOR.\n';

/** Where else the message can come from: a file, or a stored template (`mon templates`). */
const MESSAGE_SOURCES = {
  messageFile: { kind: 'file', help: 'read the message from FILE (- for stdin), for long messages' },
  template: {
    kind: 'text',
    value: 'name',
    help: 'take the message (and status) from a stored template; flags given beside it win (`mon templates list`)',
    complete: 'templates',
  },
} as const;
const YES = {
  yes: {
    kind: 'bool',
    short: 'y',
    help: 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question',
  },
} as const;
const DATE = {
  kind: 'time',
  help: `when the update is published: ${TIME_HELP} (default now)`,
  body: ['publicIncidentUpdateDate', 'incidentUpdates[0].publicIncidentUpdateDate'],
} as const;

export const INCIDENTS: NounSpec = {
  ...TOP.incidents,
  examples: [
    'mon incidents list',
    'mon incidents create',
    'mon incidents update',
    'mon incidents update INCIDENT_ID --status monitoring --message "A fix is deployed; watching." --notify',
    'mon incidents resolve INCIDENT_ID',
  ],
};

export const LIST = verb({
  name: 'list',
  summary: 'List incidents, newest first (open ones unless --status says otherwise)',
  effect: READ_ONLY,
  flags: {
    ...PAGE_FLAGS,
    status: {
      kind: 'enum',
      short: 's',
      values: ['open', 'resolved', 'all'],
      default: 'open',
      value: 'which',
      help: "which incidents, by the last update's status",
    },
    service: { ...SERVICE, help: 'only incidents on this service: its ID (6+ characters do) or name, in any case' },
    severity: { ...SEVERITY, repeatable: true, help: 'only incidents of this severity' },
    since: {
      kind: 'time',
      past: true,
      help: `only incidents that started since then: ${TIME_HELP}`,
    },
    ...WATCH_FLAGS,
  },
  about:
    '--limit is how many incidents are shown (with --all: how many are read per page).\n' +
    '--status, --service, --severity and --since are applied across pages: pages are followed\n' +
    'until --limit incidents match (or the list ends); --json then prints a page of the\n' +
    'matches, {length, entries, nextId}, where nextId continues after the last match. With\n' +
    '--status all and no other filter, --json prints the API page as received. With --all,\n' +
    'every page is read and --json prints one array.\n' +
    DURATION_HELP +
    'Piped: id, name, severity, status, services, started (ISO 8601), duration (seconds), tab-separated.\n\n' +
    '--watch redraws the table in place every --interval seconds, its filters applied at each\n' +
    'refresh (only the lines that changed are rewritten; an incident new since the last refresh\n' +
    'is marked "+"), with when it was fetched and when the next refresh is. When a refresh fails,\n' +
    'the rows shown are marked "?" with when they were fetched, and it is retried later (the wait\n' +
    'doubles, up to 5 minutes) without exiting; Ctrl-C stops (exit 130). It needs a terminal\n' +
    '(with TERM=dumb each refresh is written below the last), and does not go with --json, --jq\n' +
    'or --all.\n',
  examples: [
    'mon incidents list',
    'mon incidents list --watch --interval 5',
    'mon incidents list --status all --limit 50',
    'mon incidents list --service "Public API" --severity critical --severity major',
    'mon incidents list --status all --since 7d',
    'mon incidents list --status resolved --all --jq \'.[] | "\\(.duration)\\t\\(.name)"\'',
    "mon incidents list --jq '.entries[].id'",
  ],
});

export const GET = verb({
  name: 'get',
  summary: 'Show an incident and its updates as a timeline, newest first',
  effect: READ_ONLY,
  args: [PICKED_INCIDENT],
  flags: { web: WEB },
  about:
    DURATION_HELP +
    'On a terminal the timeline reads as the status page shows it: "Identified · time", the message below.\n' +
    'Piped: "key<TAB>value" lines, then one "update<TAB>id<TAB>date<TAB>status<TAB>notified<TAB>message" line per update.\n',
  examples: ['mon incidents get 3f0c2a9e-...', "mon incidents get 3f0c2a9e-... --jq '.incidentUpdates[0]'"],
});

export const CREATE = verb({
  name: 'create',
  summary: 'Open an incident on one or more services, with its first update',
  effect: { kind: 'write', idempotent: false },
  flags: {
    name: NAME,
    severity: SEVERITY,
    service: {
      ...SERVICE,
      help: 'an affected service: its ID (6+ characters do) or name, in any case (`mon status-pages list` shows both)',
    },
    message: { ...MESSAGE, help: 'the first update: what subscribers read' },
    status: { ...STATUS, help: "the first update's status (default investigating)" },
    notify: NOTIFY,
    date: { ...DATE, help: `when the first update is published: ${TIME_HELP} (default now)` },
    ...MESSAGE_SOURCES,
    ...WRITE_FLAGS,
    ...YES,
    web: WEB,
  },
  about:
    'On a terminal, whatever is missing is asked for: the severity from a list, the services\n' +
    "as a checklist of the status pages' cards, the message (typed; Tab or a leading / offers\n" +
    "the stored templates, and a template's status applies), then whether to notify\n" +
    'subscribers (unless --notify is given). What was asked is shown and confirmed: yes, no,\n' +
    'or edit (the questions again, with the answers in them). With prompts off, --name,\n' +
    "--severity, --service and --message are required. Piped, the new incident's ID is printed\n" +
    'on stdout; --json prints the created incident instead.\n' +
    MESSAGE_KEYS,
  examples: [
    'mon incidents create',
    'mon incidents create --name "Checkout errors" --severity major --service 0b7e6a3c --message "We are looking into failed payments." --notify',
    'id=$(mon incidents create --name "API latency" --severity minor --service Webhooks --message "Investigating")',
  ],
});

export const ENSURE = verb({
  name: 'ensure',
  summary: 'Open an incident unless the same one is open: reuse it, posting an update only when it says something new',
  effect: { kind: 'write', idempotent: true, target: 'incident', redeem: 'rerun' },
  flags: {
    name: { ...NAME, help: `its name, at most ${INCIDENT_NAME_MAX} characters (compared in any case)` },
    severity: SEVERITY,
    service: { ...SERVICE, help: 'an affected service: its ID (6+ characters do) or name (compared as a set)' },
    message: { ...MESSAGE, help: 'what subscribers read (default: the name, for a new incident)' },
    status: { ...STATUS, help: 'the status (default investigating, for a new incident)' },
    notify: NOTIFY,
    ...WRITE_FLAGS,
  },
  about:
    'Idempotent, for scripts and alert hooks that run again and again: an open incident with\n' +
    'the same name (in any case) on the same services is reused, and an update is posted only\n' +
    'when --message or --status differs from its last update (a status alone keeps the last\n' +
    'message); otherwise one is created. Run it three times: one incident, and one update for\n' +
    'each change. It says which on stderr ("Created", "Updated", "Unchanged"); piped, the\n' +
    'incident\'s ID is printed on stdout; --json prints {"action":\n' +
    '"created"|"updated"|"unchanged", "incident": {...}} with the incident as received. --name, --severity and\n' +
    '--service are required (it never prompts); --severity is used only when it creates.\n' +
    'Its plan token runs it again: it goes ahead when it would do what was planned (else exit 10).\n',
  examples: [
    'mon incidents ensure --name "Checkout errors" --severity major --service Checkout --message "Payments fail for some cards."',
    'mon incidents ensure --name "Checkout errors" --severity major --service Checkout --status monitoring --message "A fix is out."',
    'mon incidents ensure --name "Checkout errors" --severity major --service Checkout --status resolved --message "Fixed." --json',
  ],
});

export const UPDATE = verb({
  name: 'update',
  summary: 'Post an update to an incident and/or change its name, severity or services',
  effect: { kind: 'write', idempotent: false, target: 'incident' },
  args: [PICKED_INCIDENT],
  flags: {
    message: { ...MESSAGE, help: 'post an update with this message' },
    status: { ...STATUS, help: "the update's status (default: the current one)" },
    notify: NOTIFY,
    name: { ...NAME, help: `rename the incident (at most ${INCIDENT_NAME_MAX} characters)` },
    severity: { ...SEVERITY, help: 'change the severity' },
    service: { ...SERVICE, help: "the incident's services become exactly these (IDs, 6+ characters of one, or names)" },
    ...MESSAGE_SOURCES,
    ...WRITE_FLAGS,
    ...YES,
    web: WEB,
  },
  about:
    'The outage command. --message, --status and --notify post a new incident update; --name,\n' +
    '--severity and --service change the incident itself (the rest is sent unchanged). Both\n' +
    'can be given at once: the incident is changed first, then the update is posted.\n' +
    'On a terminal: no ID shows a picker of open incidents; no flags asks for the message\n' +
    "(Tab or a leading / offers the templates), the status (the current one, or the template's,\n" +
    'preselected) and whether to notify subscribers, then confirms. Piped, the new\n' +
    "update's ID is printed on stdout (the incident's when only the incident was changed);\n" +
    "--json prints the API's answer instead.\n" +
    MESSAGE_KEYS,
  examples: [
    'mon incidents update',
    'mon incidents update 3f0c2a9e-... --status identified --message "A bad deploy; rolling back."',
    'mon incidents update 3f0c2a9e-... --severity critical --status monitoring --message "Rolled back; watching." --notify',
    'mon incidents update 3f0c2a9e-... --service Checkout --service Payouts',
  ],
});

export const RESOLVE = verb({
  name: 'resolve',
  summary: 'Post a RESOLVED update to an incident',
  effect: { kind: 'write', idempotent: false, target: 'incident' },
  args: [PICKED_INCIDENT],
  flags: {
    message: { ...MESSAGE, help: `what subscribers read (default "${DEFAULT_RESOLVED_MESSAGE}")` },
    notify: { ...NOTIFY, help: 'notify the status page subscribers' },
    force: { kind: 'bool', help: 'post a RESOLVED update even if the incident is already resolved' },
    ...MESSAGE_SOURCES,
    ...WRITE_FLAGS,
    ...YES,
    web: WEB,
  },
  about:
    'On a terminal, from the picker or with no message and no --notify/--no-notify, asks for\n' +
    `the message ("${DEFAULT_RESOLVED_MESSAGE}" in the input, to edit; Tab offers the\n` +
    'templates) and whether to notify (as the last update did), then confirms. An incident\n' +
    'that is already resolved is refused (exit 2) unless --force.\n' +
    MESSAGE_KEYS,
  examples: [
    'mon incidents resolve',
    'mon incidents resolve 3f0c2a9e-... --message "Payments work again. Sorry!" --notify',
  ],
});

export const UPDATES: NounSpec = {
  name: 'updates',
  summary: "An incident's updates one by one: post, show, edit",
  examples: [
    'mon incidents updates create INCIDENT_ID --message "Still investigating."',
    'mon incidents updates get INCIDENT_ID UPDATE_ID',
    'mon incidents updates edit INCIDENT_ID UPDATE_ID --message "Corrected text"',
  ],
};

export const UPDATES_CREATE = verb({
  name: 'create',
  summary: 'Post an update to an incident (POST .../incident-updates)',
  effect: { kind: 'write', idempotent: false, target: 'incident' },
  args: [PICKED_INCIDENT],
  flags: {
    message: { ...MESSAGE, help: 'what subscribers read (required; asked for on a terminal)' },
    status: { ...STATUS, help: "the update's status (left out: the incident keeps its status)" },
    notify: { ...NOTIFY, help: 'notify the status page subscribers' },
    date: DATE,
    ...MESSAGE_SOURCES,
    ...WRITE_FLAGS,
    ...YES,
  },
  examples: [
    'mon incidents updates create 3f0c2a9e-... --message "Still investigating." --status investigating',
    'mon incidents updates create 3f0c2a9e-... --message "Started at 14:05" --date 2026-11-20T14:05:00Z',
  ],
});

export const UPDATES_GET = verb({
  name: 'get',
  summary: 'Show one incident update',
  effect: READ_ONLY,
  args: [PICKED_INCIDENT, UPDATE_ID],
  flags: {},
  examples: ['mon incidents updates get 3f0c2a9e-... 7d1b...', 'mon incidents updates get 3f0c2a9e-... 7d1b... --json'],
});

export const UPDATES_EDIT = verb({
  name: 'edit',
  summary: 'Correct an incident update (what is not given stays as it is)',
  effect: { kind: 'write', idempotent: true, target: 'incident-update' },
  args: [PICKED_INCIDENT, UPDATE_ID],
  flags: {
    message: { ...MESSAGE, help: 'replace the message' },
    status: { ...STATUS, help: 'the new status' },
    notify: { ...NOTIFY, forms: 'both', help: 'set notifySubscribers', negativeHelp: 'clear notifySubscribers' },
    date: { ...DATE, help: `when it is published: ${TIME_HELP}` },
    ...WRITE_FLAGS,
    ...YES,
  },
  about:
    'On a terminal without flags, asks for the message (the current one in the input, to edit),\n' +
    'the status and notify, each as it is now, then shows old → new and confirms. Leave the IDs\n' +
    'out to pick the incident, then one of its updates.\n',
  examples: [
    'mon incidents updates edit',
    'mon incidents updates edit 3f0c2a9e-... 7d1b... --message "We found the cause: an expired certificate."',
    'mon incidents updates edit 3f0c2a9e-... 7d1b... --status identified',
  ],
});
