import { flagName, type Flag, type FlagValues } from '../../../core/flags/spec';
import { EXACT_RULE, isExactNumber } from '../../../text/json';
import { CREATE, type BodyFlag } from '../spec';

/*
 * From the flags of `checks create-dns` / `checks create` to the request body: --file
 * supplies any part of the body, the flags override it (objects such as `request` are
 * merged, anything else a flag gives replaces the file's value), and `heartbeat` and
 * `script` are always sent because the API requires them.
 */

/** What the flag layer hands over: the table's values (text as typed; booleans; lists). */
export type CheckFlags = Partial<FlagValues<(typeof CREATE)['flags']>>;

/** A problem with how a flag was written (e.g. --env without "="), reported with the schema's. */
export interface FlagProblem {
  flag: string;
  message: string;
}

type Body = Record<string, unknown>;

export interface FlagsBody {
  /** The part of the body the flags give. */
  body: Body;
  /** Names of list items given by repeatable flags: `request.assertions[0]` → `--assert "..."`. */
  itemNames: Record<string, string>;
  problems: FlagProblem[];
}

/** Flags whose value the builder shapes itself (lists of objects, nested objects, files). */
export const SHAPED_FLAGS: ReadonlySet<string> = new Set([
  'assert',
  'env',
  'secretEnv',
  'alertChannel',
  'alertParallelRunFailureThreshold',
  'triggerIncidentNotifySubscribers',
  'dependency',
]);

/** "12" → 12; what is not a number stays text, so that the schema names it ("must be a number (got "x")"). */
function toNumber(value: string): number | string {
  return /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : value;
}

function convert(value: unknown, how: BodyFlag['convert']): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, how));
  if (typeof value !== 'string') return value;
  if (how === 'number') return toNumber(value);
  if (how === 'upper') return value.trim().toUpperCase();
  if (how === 'lower') return value.trim().toLowerCase();
  return value;
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
  const table: Record<string, Flag & { convert?: BodyFlag['convert'] }> = CREATE.flags;
  const given = Object.entries(flags as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const pathOf = (key: string) => table[key]?.body?.[0];

  // Every flag that sets one field: its value, converted, at its body path.
  for (const [key, value] of given) {
    const path = pathOf(key);
    if (path && !SHAPED_FLAGS.has(key)) setPath(body, path.split('.'), convert(value, table[key]!.convert));
  }

  // A number is sent as typed or not at all: --group-id 9007199254740993 would go out as …992.
  for (const [key, value] of given) {
    const numbers =
      table[key]!.convert === 'number' || key === 'alertChannel' || key === 'alertParallelRunFailureThreshold';
    for (const text of numbers ? [value].flat() : []) {
      if (typeof text === 'string' && typeof toNumber(text) === 'number' && !isExactNumber(text))
        problems.push({
          flag: flagName(key, table[key]!),
          message: `cannot be sent exactly (got ${text.trim()}): ${EXACT_RULE}`,
        });
    }
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
  if (given.some(([key]) => pathOf(key)?.startsWith('triggerIncident.')))
    setPath(body, ['triggerIncident', 'notifySubscribers'], flags.triggerIncidentNotifySubscribers ?? false);

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
 * given). A null counts as not given: the API requires an object and a string.
 */
export function withRequiredFillers(body: Body): Body {
  return { ...body, heartbeat: body.heartbeat ?? {}, script: body.script ?? '' };
}
