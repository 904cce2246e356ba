import { WATCH_FLAGS } from '../../core/flags/common';
import { verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

/* The command line of `mon status`: one screen that answers "what is broken right now?". */

export const STATUS = verb({
  ...TOP.status,
  flags: {
    exitStatus: {
      kind: 'bool',
      help: 'exit 3 when anything is failing, degraded, late or open (for scripts and CI)',
    },
    ...WATCH_FLAGS,
  },
  about:
    'Three reads at once: the open incidents (severity, status, age, last update), the checks\n' +
    'that are failing or degraded (since when), and the heartbeats that are late or in their\n' +
    "grace time (from their period, grace and last ping, by the server's clock). Each line starts\n" +
    'with the short ID to act on (`mon incidents update ID`, `mon checks get ID`). When nothing\n' +
    'is wrong it says so in one line. --json prints {incidents, checks, heartbeats}: the open\n' +
    'incidents and the failing or degraded check statuses as received, and each late or\n' +
    'in-grace heartbeat as {id, name, state, lastPingAt, dueAt, alertsAt}.\n\n' +
    '--watch redraws the screen in place every --interval seconds (only the lines that changed\n' +
    'are rewritten; a row new since the last refresh is marked "+"), with when it was fetched and\n' +
    'when the next refresh is. An error is shown and retried later (the wait doubles, up to 5\n' +
    'minutes) without exiting; Ctrl-C stops (exit 130). It needs a terminal.\n',
  examples: [
    'mon status',
    'mon status --watch --interval 5',
    'mon status --exit-status || echo "something needs attention"',
    'mon status --json',
  ],
});
