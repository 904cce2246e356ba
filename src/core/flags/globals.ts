import { FORMATS } from '../../output/formats/names';
import type { FlagTable, FlagValues } from './spec';

/**
 * The global flags (docs/CLI.md), accepted before or after the command. Their environment
 * variables and stored settings are resolved in config/settings.ts.
 */
export const GLOBAL_FLAGS = {
  profile: {
    kind: 'raw',
    value: 'name',
    help: 'stored profile to use (env MON_PROFILE; default "default")',
    complete: 'profiles',
    env: 'MON_PROFILE',
  },
  baseUrl: { kind: 'raw', value: 'url', help: 'API base URL (env MON_BASE_URL)', env: 'MON_BASE_URL' },
  account: {
    kind: 'raw',
    value: 'id',
    help: 'account ID, sent as x-service-account (env MON_ACCOUNT_ID)',
    env: 'MON_ACCOUNT_ID',
  },
  pingUrl: { kind: 'raw', value: 'url', help: 'base URL of heartbeat pings (env MON_PING_URL)', env: 'MON_PING_URL' },
  json: { kind: 'bool', help: 'print the API response as JSON (the same as --format json)' },
  // The formats of output/present.ts, which checks the value.
  format: {
    kind: 'raw',
    value: 'format',
    values: FORMATS,
    help: "output format (table is a terminal's default, tsv a pipe's; json is the API response, as --json; md is Markdown)",
  },
  jq: {
    kind: 'raw',
    short: 'q',
    value: 'expression',
    help: 'filter the JSON with jq, built in (implies --json; strings print raw; --all and --paginate hold the whole list in memory)',
  },
  input: {
    kind: 'bool',
    forms: 'negative',
    help: 'never prompt; a missing value is an error (env MON_NO_INPUT=1, CI)',
    env: 'MON_NO_INPUT',
  },
  color: {
    kind: 'bool',
    forms: 'negative',
    help: 'turn colours off (env NO_COLOR; FORCE_COLOR=1 forces them on)',
    env: 'NO_COLOR',
  },
  debug: {
    kind: 'bool',
    help: 'log requests and responses to stderr, key redacted (env MON_DEBUG=1)',
    env: 'MON_DEBUG',
  },
  timeout: {
    kind: 'raw',
    value: 'seconds',
    help: 'deadline per request, retries included (env MON_TIMEOUT; default 30)',
    env: 'MON_TIMEOUT',
  },
  sandbox: {
    kind: 'bool',
    help: 'use the embedded sandbox instead of an account (env MON_SANDBOX=1)',
    env: 'MON_SANDBOX',
  },
  insecure: { kind: 'bool', help: 'allow sending the API key over plain http:// to a non-local host' },
} as const satisfies FlagTable;

/** The global flags as commander parses them (`input` and `color` are false with --no-input, --no-color). */
export type GlobalOptions = Partial<FlagValues<typeof GLOBAL_FLAGS>>;
