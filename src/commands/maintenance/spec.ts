import { READ_ONLY, WRITE_FLAGS } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';
import { NAME, SEVERITY } from '../incidents/spec';
import { TOP } from '../top-level';

/* The command line of `mon maintenance`: deploys that silence alerts and always put them back. */

/** How long a run's window is opened for by default (--for), and at most. */
/** The incident a run opens with --template, unless --name and --severity say otherwise. */
export const MAINTENANCE_INCIDENT = { name: 'Scheduled maintenance', severity: 'MINOR' } as const;

export const WINDOW_FOR = { defaultMs: 3600_000, default: '1h', maxMs: 7 * 86_400_000, max: '7d' } as const;

const JOURNAL_HELP =
  'Each step is written to a journal in the data directory (maintenance/RUN.jsonl, fsynced)\n' +
  'before it is taken: a mon killed outright (kill -9, a crash) leaves what it opened there,\n' +
  'and every `mon maintenance` command says so; `mon maintenance recover` ends it.\n';

export const MAINTENANCE: NounSpec = {
  ...TOP.maintenance,
  examples: [
    'mon maintenance run --tag checkout --for 30m -- sh -c "echo deploying"',
    'mon maintenance list',
    'mon maintenance recover',
  ],
};

export const RUN = verb({
  name: 'run',
  summary: 'Open a maintenance window, run a command, then end the window whatever happens',
  effect: { kind: 'write', idempotent: false, redeem: 'rerun' },
  args: [
    {
      key: 'command',
      label: 'COMMAND',
      kind: 'words',
      optional: true,
      afterDashDash: true,
      help: 'the command and its arguments, after --',
    },
  ],
  flags: {
    tag: {
      kind: 'text',
      value: 'tag',
      repeatable: true,
      help: 'the window covers the checks with this tag (several: any); without one, every check',
    },
    for: {
      kind: 'duration',
      help: `how long the window lasts if nothing ends it sooner (default ${WINDOW_FOR.default}, at most ${WINDOW_FOR.max})`,
    },
    template: {
      kind: 'text',
      value: 'name',
      help: 'also open an incident with this stored template on --service, resolved at the end',
      complete: 'templates',
    },
    service: {
      kind: 'text',
      value: 'service',
      repeatable: true,
      help: "the incident's service: its ID (6+ characters do) or name (with --template)",
      complete: 'services',
    },
    name: {
      kind: NAME.kind,
      max: NAME.max,
      help: `the incident's name, at most ${NAME.max} characters (with --template; default "${MAINTENANCE_INCIDENT.name}")`,
    },
    severity: {
      kind: SEVERITY.kind,
      values: SEVERITY.values,
      value: SEVERITY.value,
      help: `the incident's severity (with --template; default ${MAINTENANCE_INCIDENT.severity.toLowerCase()})`,
    },
    untilHealthy: {
      kind: 'bool',
      help: 'after the command exits 0, run the tagged checks until they pass, then end the window',
    },
    timeout: {
      kind: 'duration',
      help: 'stop the command (SIGTERM, then SIGKILL) or the wait after this long: exit 124',
    },
    ...WRITE_FLAGS,
  },
  about:
    'In order: a maintenance window from now until --for later (the checks with the tags do not\n' +
    'alert), with --template an incident on --service, then the command (in its own process\n' +
    "group, with mon's stdio, without MON_API_KEY), then with --until-healthy the tagged checks run\n" +
    'now (a check session each, again every 10 seconds) until all pass: statuses read passing\n' +
    'under a window, so they are not trusted. Then the window is ended (its end moved to now) and\n' +
    'the incident resolved, on every way out: the command exits (mon exits with its code), Ctrl-C,\n' +
    'SIGTERM or SIGHUP (passed on to the command; mon then exits 130, 143 or 129), --timeout\n' +
    '(exit 124), a failed request. A second signal during the restore is noted, not obeyed.\n\n' +
    JOURNAL_HELP +
    '\nIt is a write: --dry-run prints the requests, agent mode plans (exit 9); the plan token runs\n' +
    'it again, the window then starting when the command does.\n',
  examples: [
    'mon maintenance run --tag checkout --for 30m -- sh -c "echo deploying"',
    'mon maintenance run --tag checkout --until-healthy --timeout 10m -- sh -c "echo deployed"',
    'mon maintenance run --tag checkout -- sh -c "exit 7"  # exit 7',
    'mon maintenance run --tag checkout --dry-run -- ./deploy.sh',
  ],
});

export const LIST = verb({
  name: 'list',
  summary: "The account's maintenance windows (anyone's), in force now first",
  effect: READ_ONLY,
  flags: {},
  about:
    "Every window of the account, as the API has them (a teammate's too): ID, name, whether it\n" +
    'is in force now, scheduled or over, when it starts and ends, its tags. Piped: tab-separated\n' +
    'rows; --json prints the windows as received (one array).\n' +
    JOURNAL_HELP,
  examples: ['mon maintenance list', 'mon maintenance list --json'],
});

export const END = verb({
  name: 'end',
  summary: 'End a maintenance window now (one that has not started is deleted)',
  effect: { kind: 'write', idempotent: true, target: 'maintenance-window' },
  args: [{ key: 'id', label: 'ID', kind: 'text', help: 'the window: its ID (`mon maintenance list`)' }],
  flags: { ...WRITE_FLAGS },
  about:
    'Its end is moved to now (PUT endsAt), so it stops silencing alerts and stays in the\n' +
    "account's history; a window that has not started is deleted instead. One that is over\n" +
    'already is left as it is. A repeating window is refused: ending it would change every\n' +
    'occurrence.\n',
  examples: ['mon maintenance end 1', 'mon maintenance end 1 --dry-run'],
});

export const RECOVER = verb({
  name: 'recover',
  summary: 'End what a killed `maintenance run` left open (its journal says what)',
  effect: { kind: 'write', idempotent: true, redeem: 'rerun' },
  flags: { ...WRITE_FLAGS },
  about:
    'Reads the journals of runs whose mon is no longer running (on this machine) and ends what\n' +
    'each opened: its window (found by its ID, or by its name when mon was killed before it\n' +
    'wrote the ID), and its incident. Runs made against another API (another base URL or the\n' +
    'embedded sandbox) are named, left for that setting. Nothing to recover: exit 0.\n\n' +
    JOURNAL_HELP,
  examples: ['mon maintenance recover', 'mon maintenance recover --dry-run'],
});
