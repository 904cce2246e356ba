import type { z } from 'zod';
import { formatPath } from '../../text/path';
import type { FieldLabel } from '../../api/schemas/checks';
import { usageErrorFrom } from '../../core/flags/parse';

/**
 * From the flags of `checks create-dns` / `checks create` to the request body:
 *   --file supplies any part of the body, the flags override it (objects such as `request`
 *   are merged, anything else a flag gives replaces the file's value), and `heartbeat` and
 *   `script` are always sent because the API requires them.
 * The body is then checked with the shared schema; every problem names the flag it came
 * from, or the body path and --file when the file gave it.
 */

/** What commander hands over (strings as typed; booleans for switches; arrays for repeatable flags). */
export interface CheckFlags {
  file?: string;
  name?: string;
  description?: string;
  activated?: boolean;
  muted?: boolean;
  doubleCheck?: boolean;
  shouldFail?: boolean;
  runParallel?: boolean;
  useGlobalAlertSettings?: boolean;
  location?: string[];
  privateLocation?: string[];
  tag?: string[];
  alertChannel?: string[];
  groupId?: string;
  groupOrder?: string;
  runtime?: string;
  frequency?: string;
  frequencyOffset?: string;
  degradedResponseTime?: string;
  maxResponseTime?: string;
  script?: string;
  scriptPath?: string;
  sslCheckDomain?: string;
  env?: string[];
  secretEnv?: string[];
  setupSnippetId?: string;
  tearDownSnippetId?: string;
  localSetupScript?: string;
  localTearDownScript?: string;
  query?: string;
  recordType?: string;
  nameServer?: string;
  port?: string;
  protocol?: string;
  assert?: string[];
  retryType?: string;
  retryBaseBackoffSeconds?: string;
  retryMaxRetries?: string;
  retryMaxDurationSeconds?: string;
  retrySameRegion?: boolean;
  retryOnlyOn?: string[];
  alertEscalationType?: string;
  alertFailedRunThreshold?: string;
  alertMinutesFailingThreshold?: string;
  alertRemindersAmount?: string;
  alertRemindersInterval?: string;
  alertParallelRunFailureThreshold?: string;
  triggerIncidentService?: string;
  triggerIncidentSeverity?: string;
  triggerIncidentName?: string;
  triggerIncidentDescription?: string;
  triggerIncidentNotifySubscribers?: boolean;
  autoAssignAlerts?: boolean;
  dryRun?: boolean;
  /** `checks create` only. */
  type?: string;
  dependency?: string[];
}

type Kind = 'text' | 'number' | 'switch' | 'list' | 'upper' | 'upperList' | 'lowerList';

interface FlagField {
  option: keyof CheckFlags;
  flag: string;
  path: string[];
  kind: Kind;
}

const field = (option: keyof CheckFlags, flag: string, path: string, kind: Kind): FlagField => ({
  option,
  flag,
  path: path.split('.'),
  kind,
});

/** Flags that set one field each. Enum values are upper-cased (locations lower-cased), so `--record-type aaaa` works. */
export const FLAG_FIELDS: readonly FlagField[] = [
  field('name', '--name', 'name', 'text'),
  field('description', '--description', 'description', 'text'),
  field('activated', '--no-activated', 'activated', 'switch'),
  field('muted', '--muted', 'muted', 'switch'),
  field('doubleCheck', '--no-double-check', 'doubleCheck', 'switch'),
  field('shouldFail', '--should-fail', 'shouldFail', 'switch'),
  field('runParallel', '--run-parallel', 'runParallel', 'switch'),
  field('useGlobalAlertSettings', '--no-use-global-alert-settings', 'useGlobalAlertSettings', 'switch'),
  field('location', '--location', 'locations', 'lowerList'),
  field('privateLocation', '--private-location', 'privateLocations', 'list'),
  field('tag', '--tag', 'tags', 'list'),
  field('groupId', '--group-id', 'groupId', 'number'),
  field('groupOrder', '--group-order', 'groupOrder', 'number'),
  field('runtime', '--runtime', 'runtimeId', 'text'),
  field('frequency', '--frequency', 'frequency', 'number'),
  field('frequencyOffset', '--frequency-offset', 'frequencyOffset', 'number'),
  field('degradedResponseTime', '--degraded-response-time', 'degradedResponseTime', 'number'),
  field('maxResponseTime', '--max-response-time', 'maxResponseTime', 'number'),
  field('script', '--script', 'script', 'text'),
  field('scriptPath', '--script-path', 'scriptPath', 'text'),
  field('sslCheckDomain', '--ssl-check-domain', 'sslCheckDomain', 'text'),
  field('setupSnippetId', '--setup-snippet-id', 'setupSnippetId', 'number'),
  field('tearDownSnippetId', '--tear-down-snippet-id', 'tearDownSnippetId', 'number'),
  field('localSetupScript', '--local-setup-script', 'localSetupScript', 'text'),
  field('localTearDownScript', '--local-tear-down-script', 'localTearDownScript', 'text'),
  field('query', '--query', 'request.query', 'text'),
  field('recordType', '--record-type', 'request.recordType', 'upper'),
  field('nameServer', '--name-server', 'request.nameServer', 'text'),
  field('port', '--port', 'request.port', 'number'),
  field('protocol', '--protocol', 'request.protocol', 'upper'),
  field('retryType', '--retry-type', 'retryStrategy.type', 'upper'),
  field('retryBaseBackoffSeconds', '--retry-base-backoff-seconds', 'retryStrategy.baseBackoffSeconds', 'number'),
  field('retryMaxRetries', '--retry-max-retries', 'retryStrategy.maxRetries', 'number'),
  field('retryMaxDurationSeconds', '--retry-max-duration-seconds', 'retryStrategy.maxDurationSeconds', 'number'),
  field('retrySameRegion', '--retry-same-region', 'retryStrategy.sameRegion', 'switch'),
  field('retryOnlyOn', '--retry-only-on', 'retryStrategy.onlyOn', 'upperList'),
  field('alertEscalationType', '--alert-escalation-type', 'alertSettings.escalationType', 'upper'),
  field(
    'alertFailedRunThreshold',
    '--alert-failed-run-threshold',
    'alertSettings.runBasedEscalation.failedRunThreshold',
    'number',
  ),
  field(
    'alertMinutesFailingThreshold',
    '--alert-minutes-failing-threshold',
    'alertSettings.timeBasedEscalation.minutesFailingThreshold',
    'number',
  ),
  field('alertRemindersAmount', '--alert-reminders-amount', 'alertSettings.reminders.amount', 'number'),
  field('alertRemindersInterval', '--alert-reminders-interval', 'alertSettings.reminders.interval', 'number'),
  field('triggerIncidentService', '--trigger-incident-service', 'triggerIncident.serviceId', 'text'),
  field('triggerIncidentSeverity', '--trigger-incident-severity', 'triggerIncident.severity', 'upper'),
  field('triggerIncidentName', '--trigger-incident-name', 'triggerIncident.name', 'text'),
  field('triggerIncidentDescription', '--trigger-incident-description', 'triggerIncident.description', 'text'),
  field('type', '--type', 'type', 'upper'),
];

/** Body path → the flag that sets it (for messages about values the flags gave or could give). */
export const FIELD_FLAGS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(FLAG_FIELDS.map((f) => [f.path.join('.'), f.flag])),
  alertChannelSubscriptions: '--alert-channel',
  environmentVariables: '--env',
  'request.assertions': '--assert',
  'alertSettings.parallelRunFailureThreshold': '--alert-parallel-run-failure-threshold',
  'triggerIncident.notifySubscribers': '--trigger-incident-notify-subscribers',
  retryStrategy: '--retry-type',
  dependencies: '--dependency',
};

type Body = Record<string, unknown>;

/** A problem with how a flag was written (e.g. --env without "="), reported with the schema's. */
export interface FlagProblem {
  flag: string;
  message: string;
}

export interface FlagsBody {
  /** The part of the body the flags give. */
  body: Body;
  /** Names of list items given by repeatable flags: `request.assertions[0]` → `--assert "..."`. */
  itemNames: Record<string, string>;
  problems: FlagProblem[];
}

/** "12" → 12; what is not a number stays text, so that the schema names it ("must be a number (got "x")"). */
function toNumber(value: string): number | string {
  return /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : value;
}

function convert(value: unknown, kind: Kind): unknown {
  switch (kind) {
    case 'number':
      return toNumber(String(value));
    case 'upper':
      return String(value).trim().toUpperCase();
    case 'upperList':
      return (value as string[]).map((item) => item.trim().toUpperCase());
    case 'lowerList':
      return (value as string[]).map((item) => item.trim().toLowerCase());
    default:
      return value;
  }
}

function setPath(target: Body, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key] as Body;
  }
  current[path.at(-1)!] = value;
}

export function isPlainObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `--assert "RESPONSE_CODE EQUALS NOERROR"`: the first two words are the source and the
 * comparison, the rest (spaces kept, possibly empty) is the target.
 */
export function parseAssertion(raw: string): { source?: string; comparison?: string; target: string } {
  const match = /^\s*(\S+)?(?:\s+(\S+))?(?:\s(.*))?$/s.exec(raw)!;
  return {
    source: match[1]?.toUpperCase(),
    comparison: match[2]?.toUpperCase(),
    target: match[3] ?? '',
  };
}

/** `KEY=VALUE` → {key, value}; undefined when there is no "=". */
export function parseKeyValue(raw: string): { key: string; value: string } | undefined {
  const at = raw.indexOf('=');
  if (at < 0) return undefined;
  return { key: raw.slice(0, at), value: raw.slice(at + 1) };
}

/** The part of the body the flags give (dependencies are read by the caller and passed in). */
export function bodyFromFlags(
  flags: CheckFlags,
  dependencies?: { raw: string; path: string; content: string }[],
): FlagsBody {
  const body: Body = {};
  const itemNames: Record<string, string> = {};
  const problems: FlagProblem[] = [];

  for (const spec of FLAG_FIELDS) {
    const value = flags[spec.option];
    if (value === undefined) continue;
    setPath(body, spec.path, convert(value, spec.kind));
  }

  if (flags.alertChannel) {
    body.alertChannelSubscriptions = flags.alertChannel.map((id) => ({
      alertChannelId: toNumber(id),
      activated: true,
    }));
  }

  if (flags.assert) {
    const assertions = flags.assert.map((raw, index) => {
      itemNames[`request.assertions[${index}]`] = `--assert ${JSON.stringify(raw)}`;
      const { source, comparison, target } = parseAssertion(raw);
      return { source, comparison, target };
    });
    setPath(body, ['request', 'assertions'], assertions);
  }

  if (flags.env || flags.secretEnv) {
    const variables: Body[] = [];
    const add = (list: string[] | undefined, flag: '--env' | '--secret-env') =>
      list?.forEach((raw, index) => {
        const pair = parseKeyValue(raw);
        if (!pair) {
          // A --secret-env without "=" may be the secret itself: never echo it.
          problems.push({
            flag,
            message: `must be KEY=VALUE${flag === '--env' ? ` (got ${JSON.stringify(raw)})` : ''}`,
          });
          return;
        }
        itemNames[`environmentVariables[${variables.length}]`] = `${flag} #${index + 1}`;
        variables.push(flag === '--secret-env' ? { ...pair, secret: true } : pair);
      });
    add(flags.env, '--env');
    add(flags.secretEnv, '--secret-env');
    body.environmentVariables = variables;
  }

  if (flags.alertParallelRunFailureThreshold !== undefined) {
    setPath(body, ['alertSettings', 'parallelRunFailureThreshold'], {
      enabled: true,
      percentage: toNumber(flags.alertParallelRunFailureThreshold),
    });
  }

  // The API needs all five fields of an incident trigger; an absent switch means "do not notify".
  const triggerGiven = FLAG_FIELDS.some(
    (spec) => spec.path[0] === 'triggerIncident' && flags[spec.option] !== undefined,
  );
  if (triggerGiven || flags.triggerIncidentNotifySubscribers !== undefined) {
    setPath(body, ['triggerIncident', 'notifySubscribers'], flags.triggerIncidentNotifySubscribers ?? false);
  }

  if (dependencies) {
    body.dependencies = dependencies.map(({ raw, path, content }, index) => {
      itemNames[`dependencies[${index}]`] = `--dependency ${JSON.stringify(raw)}`;
      return { path, content };
    });
  }

  return { body, itemNames, problems };
}

/** Objects merge key by key; anything else in `override` replaces what `base` has. */
export function mergeBody(base: Body, override: Body): Body {
  const out: Body = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const merged =
      isPlainObject(value) && Object.hasOwn(out, key) && isPlainObject(out[key]) ? mergeBody(out[key], value) : value;
    // defineProperty: a "__proto__" key from a --file body stays a plain field (and is refused as unknown).
    Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The fields the API requires that mon fills in: `heartbeat: {}` and `script` ("" unless
 * given). A null counts as not given: the spec requires an object and a string.
 */
export function withRequiredFillers(body: Body): Body {
  return { ...body, heartbeat: body.heartbeat ?? {}, script: body.script ?? '' };
}

type Source = 'flag' | 'file' | 'none';

/**
 * Who gave the value at `path`: a flag (the flags' body has it, or replaced a list or value
 * above it), the --file body, or nobody (a missing value).
 */
function sourceOf(path: readonly PropertyKey[], flagsBody: Body, fileBody: Body | undefined): Source {
  const has = (root: Body | undefined): boolean => {
    let current: unknown = root;
    for (const key of path) {
      if (!isPlainObject(current)) return current !== undefined && current !== root;
      if (!Object.hasOwn(current, String(key))) return false;
      current = current[String(key)];
    }
    return current !== undefined;
  };
  if (has(flagsBody)) return 'flag';
  if (has(fileBody)) return 'file';
  return 'none';
}

/** The longest prefix of `path` that `names` knows, and what is left after it. */
function longestPrefix(
  path: string,
  names: Readonly<Record<string, string>>,
): { name: string; rest: string } | undefined {
  let candidate = path;
  for (;;) {
    if (Object.hasOwn(names, candidate))
      return { name: names[candidate]!, rest: path.slice(candidate.length).replace(/^\./, '') };
    const cut = Math.max(candidate.lastIndexOf('.'), candidate.lastIndexOf('['));
    if (cut <= 0) return undefined;
    candidate = candidate.slice(0, cut);
  }
}

export interface Provenance {
  flags: FlagsBody;
  file: Body | undefined;
}

/** What to call the value at `path` in a message. */
export function nameFor(path: readonly PropertyKey[], code: string, provenance: Provenance): string {
  const dotted = formatPath(path);
  const source = code === 'unrecognized_keys' ? 'file' : sourceOf(path, provenance.flags.body, provenance.file);
  if (source === 'file') return dotted ? `${dotted} (from --file)` : 'the --file body';
  if (source === 'flag') {
    const item = longestPrefix(dotted, provenance.flags.itemNames);
    if (item) return item.rest ? `${item.name} ${item.rest}` : item.name;
  }
  return longestPrefix(dotted, FIELD_FLAGS)?.name ?? dotted;
}

/** How the rules between fields name the other field: "--frequency 5", "frequency 5 (from --file)". */
export function labelFor(provenance: Provenance): FieldLabel {
  return (fieldName, value, defaulted) => {
    if (defaulted) return `the default ${FIELD_FLAGS[fieldName]} ${value}`;
    const source = sourceOf([fieldName], provenance.flags.body, provenance.file);
    if (source === 'flag') return `${FIELD_FLAGS[fieldName]} ${value}`;
    if (source === 'file') return `${fieldName} ${value} (from --file)`;
    return `${fieldName} ${value}`;
  };
}

/**
 * Validates the body with the schema (built to name fields as this command line gave them); on failure, one usage error (exit 2) listing every
 * problem, flag problems first (`ignore` leaves out what will still be asked for). Values of environment variables are never echoed (they
 * may be secrets), nor whole lists or objects (too long to help).
 */
export function validateBody<S extends z.ZodType>(
  schemaFor: (label: FieldLabel) => S,
  body: Body,
  provenance: Provenance,
  ignore: (issue: z.core.$ZodIssue) => boolean = () => false,
): z.infer<S> {
  const result = schemaFor(labelFor(provenance)).safeParse(body, { reportInput: true });
  const names: Record<string, string> = {};
  const issues: z.core.$ZodIssue[] = provenance.flags.problems.map((problem) => {
    names[problem.flag] = problem.flag;
    return { code: 'custom', path: [problem.flag], message: problem.message } as z.core.$ZodIssue;
  });
  const schemaIssues = result.success ? [] : result.error.issues.filter((issue) => !ignore(issue));
  if (issues.length === 0 && schemaIssues.length === 0) return result.data as z.infer<S>;
  for (const issue of schemaIssues) {
    const hideInput =
      issue.path[0] === 'environmentVariables' || (typeof issue.input === 'object' && issue.input !== null);
    const shown = hideInput ? ({ ...issue, input: undefined } as z.core.$ZodIssue) : issue;
    const key = formatPath(issue.path);
    names[key] = nameFor(issue.path, issue.code, provenance);
    issues.push(shown);
  }
  throw usageErrorFrom(issues, names);
}
