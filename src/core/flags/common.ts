import { TIME_HELP } from '../../text/time';
import type { CompletionSource, Effect, FlagTable } from './spec';

/* Flags that several verbs share, defined once. Plain data, like every flag table. */

/** The effect of a verb that only reads. */
export const READ_ONLY = { kind: 'read-only', idempotent: true } as const satisfies Effect;

/** The effect of a verb that only reads what is on this machine (mon's config, the local sandbox, its own tables): no API call. */
export const READ_ONLY_LOCAL = { kind: 'read-only', idempotent: true, local: true } as const satisfies Effect;

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

/**
 * --plan and --plan-token of every write that goes through a plan (core/write.ts). A plan names
 * what would change and the requests; its token sends exactly those, once, only while what it
 * was made on is unchanged.
 */
export const PLAN_FLAGS = {
  plan: {
    kind: 'bool',
    help: 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9',
  },
  planToken: {
    kind: 'raw',
    value: 'token',
    help: 'send exactly what that plan said, once; exit 10 when what it was made on changed since',
  },
} as const satisfies FlagTable;

/** --yes of a write: no confirmation on a terminal, no plan in agent mode (exit 9 without it). */
export const YES_FLAG = {
  yes: {
    kind: 'bool',
    short: 'y',
    help: 'go ahead without asking: no confirmation on a terminal, no plan in agent mode',
  },
} as const satisfies FlagTable;

/** The flags of every planned write: --yes, --dry-run, --plan, --plan-token (a verb may word its --yes itself). */
export const WRITE_FLAGS = {
  ...YES_FLAG,
  dryRun: { kind: 'bool', help: 'print the plan (what would change, the requests) and send nothing' },
  ...PLAN_FLAGS,
} as const satisfies FlagTable;

/** --from, --to and --since of the reads over a period of time. */
export const WINDOW_FLAGS = {
  from: { kind: 'time', past: true, help: `start of the period: ${TIME_HELP} (default: 24 hours before the end)` },
  to: { kind: 'time', past: true, help: 'end of the period, in the same forms (default: now)' },
  since: { kind: 'duration', ago: true, help: 'the period up to now, e.g. 30m, 6h, 7d (same as --from DURATION)' },
} as const satisfies FlagTable;

/** --watch and --interval of the screens that stay and refresh (core/watch.ts). */
export const WATCH_FLAGS = {
  watch: { kind: 'bool', help: 'stay on screen, read again every --interval seconds (a terminal only)' },
  interval: {
    kind: 'int',
    min: 1,
    max: 3600,
    default: 10,
    value: 'seconds',
    help: 'seconds between refreshes with --watch',
  },
} as const satisfies FlagTable;

/** The shortest ID prefix an ID argument takes (tables show 8 characters). */
export const MIN_PREFIX = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A whole ID (a UUID): an ID argument used as it is, with no lookup. */
export const isWholeId = (text: string): boolean => UUID.test(text);

/** The CHECK argument as the table gives it (`checkArg`). */
export interface CheckArg<O extends boolean> {
  key: 'check';
  label: 'CHECK';
  kind: 'text';
  help: string;
  complete: CompletionSource;
  optional: O;
}

/**
 * The CHECK argument of every verb that names a check (`mon checks`, `mon heartbeats`,
 * `mon sandbox checks`): its ID, the first 6+ characters of it, or its name in any case
 * (core/check-arg.ts resolves it). `heartbeats`: only heartbeat monitors are offered.
 * `optional`: on a terminal, leaving it out shows a picker.
 */
export function checkArg<const O extends boolean = false>(
  options: { optional?: O; heartbeats?: boolean } = {},
): CheckArg<O> {
  const what = options.heartbeats ? 'the heartbeat' : 'the check';
  return {
    key: 'check',
    label: 'CHECK',
    kind: 'text',
    help:
      `${what}: its ID, the first ${MIN_PREFIX}+ characters of it, or its name` +
      (options.optional ? ' (on a terminal, leave it out to pick one)' : ''),
    complete: options.heartbeats ? 'heartbeats' : 'checks',
    optional: (options.optional ?? false) as O,
  };
}
