import { READ_ONLY, WATCH_FLAGS } from '../../core/flags/common';
import { verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

/* The command line of `mon status`: one screen that answers "what is broken right now?". */

export const STATUS = verb({
  ...TOP.status,
  effect: READ_ONLY,
  flags: {
    exitStatus: {
      kind: 'bool',
      help: 'exit 3 when anything is failing, degraded, late or open (for scripts and CI)',
    },
    ...WATCH_FLAGS,
    until: {
      kind: 'raw',
      values: ['healthy'],
      value: 'state',
      help: 'wait until nothing is failing, degraded, late or open: exit 0 (3 with --fail-fast, 124 on --timeout)',
      group: 'Waiting (--until)',
    },
    failFast: {
      kind: 'bool',
      help: 'with --until: exit 3 as soon as a check is failing or a heartbeat late',
      group: 'Waiting (--until)',
    },
    timeout: {
      kind: 'duration',
      help: 'with --until: stop waiting after this long, exit 124 (default: wait until Ctrl-C)',
      group: 'Waiting (--until)',
    },
    tag: {
      kind: 'text',
      value: 'tag',
      repeatable: true,
      help: 'with --until: only the checks and heartbeats with this tag (any of several); incidents are left out',
      group: 'Waiting (--until)',
    },
  },
  about:
    'Three reads at once: the open incidents, most severe first (severity, status, age, the\n' +
    'newest update), the checks that are failing or degraded (since when), and the heartbeats\n' +
    "that are late or in their grace time (from their period, grace and last ping, by the server's\n" +
    'clock). Each line starts with the short ID to act on (`mon incidents update ID`, `mon checks\n' +
    'get ID`). When nothing is wrong it says so in one line. On a terminal it is one screen: each\n' +
    'section keeps its heading, and what does not fit is counted with the command that shows it\n' +
    'all; piped, nothing is left out. --json prints {incidents, checks, heartbeats}: the open\n' +
    'incidents (most severe first) and the failing or degraded check statuses as received, and\n' +
    'each late or in-grace heartbeat as {id, name, state, lastPingAt, dueAt, alertsAt}.\n\n' +
    '--watch redraws the screen in place every --interval seconds (only the lines that changed\n' +
    'are rewritten; a row new since the last refresh is marked "+"), with when it was fetched and\n' +
    'when the next refresh is. When a refresh fails, the rows shown are marked "?" with when they\n' +
    'were fetched, and it is retried later (the wait doubles, up to 5 minutes) without exiting;\n' +
    'Ctrl-C stops (exit 130). It needs a terminal; with TERM=dumb each refresh is written below\n' +
    'the last.\n\n' +
    '--until healthy waits on what the account already reports (it runs no check), reading\n' +
    'again every --interval seconds: exit 0 once nothing is failing, degraded, late or open\n' +
    '(with --tag: among the checks and heartbeats with those tags), 3 at the first failing check\n' +
    'or late heartbeat with --fail-fast, 124 when --timeout runs out, 130 on Ctrl-C. Piped, a\n' +
    'line per change (never a line per read): what needs attention first, then each change with\n' +
    'its time, then the outcome; on a terminal, one line redrawn in place. --json prints the\n' +
    'last read at the end: {result, incidents, checks, heartbeats}. A check under a maintenance\n' +
    'window reads passing (`mon checks run` runs it instead).\n',
  examples: [
    'mon status',
    'mon status --watch --interval 5',
    'mon status --exit-status || echo "something needs attention"',
    'mon status --json',
    'mon status --until healthy --timeout 10m --interval 5',
    'mon status --until healthy --fail-fast --tag checkout --timeout 2m',
  ],
});
