import { TIME_HELP } from '../../text/time';
import type { FlagTable } from './spec';

/* Flags that several verbs share, defined once. Plain data, like every flag table. */

/** --limit, --next-id and --all of every paginated list. */
export const PAGE_FLAGS = {
  limit: { kind: 'int', short: 'L', min: 1, max: 100, help: 'entries per page, 1 to 100 (default 20)' },
  nextId: { kind: 'id', help: 'start at this page (the nextId a previous page gave)' },
  all: { kind: 'bool', help: 'follow every page' },
} as const satisfies FlagTable;

/** --dry-run of every verb that changes something. */
export const DRY_RUN_FLAG = {
  dryRun: { kind: 'bool', help: 'print the request(s) that would be sent, send nothing' },
} as const satisfies FlagTable;

/** --from, --to and --since of the reads over a period of time. */
export const WINDOW_FLAGS = {
  from: { kind: 'time', past: true, help: `start of the period: ${TIME_HELP} (default: 24 hours before the end)` },
  to: { kind: 'time', past: true, help: 'end of the period, in the same forms (default: now)' },
  since: { kind: 'duration', help: 'the period up to now, e.g. 30m, 6h, 7d (same as --from DURATION)' },
} as const satisfies FlagTable;
