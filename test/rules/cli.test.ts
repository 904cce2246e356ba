/**
 * The command line holds every rule on both sides: the bound itself accepted (exit 0, the
 * value sent as given), one past it refused (exit 2, the flag named, nothing sent). The cases:
 *
 * - from the flag tables: every `int` flag's min and max, every `text` flag's max (and "not
 *   empty"), every `enum` flag's values (and one that is none of them), on every verb;
 * - from the request schemas, for every field a flag writes (`body`): the cases of
 *   test/rules/schemas.test.ts (derived from the schemas, the rules between fields
 *   included, judged by the spec), given as the flags that write those fields.
 *
 * A verb with a bounded flag is run here; one this file cannot run says where its cases are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSeconds, type TimeUnit } from '../../src/api/heartbeat-rules';
import { SHAPED_FLAGS } from '../../src/commands/checks/shared/body';
import { flagName, type Flag, type VerbSpec } from '../../src/core/flags/spec';
import type { LoggedRequest } from '../../src/sandbox/request-log';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, sandboxCall, testEnv, TEST_ACCOUNT } from '../helpers';
import { boundsOf } from './derive';
import { allVerbs, flagWord, tableCases, type CliCase } from './flags';
import { casesFor, type RequestCase } from './cases';
import { request, type RequestRules } from './requests';

/** What the set-up made for the verbs that name one: an incident and its update, a heartbeat monitor. */
interface Made {
  incident: string;
  update: string;
  heartbeat: string;
}

interface VerbRun {
  /** The words after the verb's: its arguments. */
  args?: (made: Made) => string[];
  /** Flags every run of it needs besides the one tried. */
  flags?: string[];
  /** The requests whose schemas bind the fields its flags write (test/rules/requests.ts). */
  requests?: string[];
  /** A config directory of the run's own (it stores what it is given). */
  ownConfig?: boolean;
  /** A flag left out keeps the current value (a list cannot be emptied by leaving its flag out). */
  changes?: boolean;
  /** Values the request allows that the verb refuses by design, by flag (exit 2 naming it). */
  narrows?: Record<string, string[]>;
}

/** How each verb with a bounded flag is run here. */
const RUNS: Record<string, VerbRun> = {
  status: {},
  'incidents list': {},
  'incidents create': { requests: ['incident create'] },
  'incidents update': {
    args: (made) => [made.incident],
    requests: ['incident put', 'incident update'],
    changes: true,
  },
  'incidents updates create': { args: (made) => [made.incident], requests: ['incident update'] },
  'incidents updates edit': { args: (made) => [made.incident, made.update], requests: ['incident update edit'] },
  'templates add': { args: () => ['bounds'], flags: ['--message=Text', '--force'], ownConfig: true },
  'status-pages list': {},
  'checks list': {},
  'checks create-dns': { requests: ['DNS check'] },
  // It builds DNS checks only: another type's request has no flags (checks/create.ts).
  'checks create': { requests: ['combined check'], narrows: { '--type': ['DNS'] } },
  'heartbeats create': { requests: ['heartbeat create'] },
  'heartbeats list': {},
  'heartbeats update': { args: (made) => [made.heartbeat], requests: ['heartbeat update'], changes: true },
  'heartbeats events': { args: (made) => [made.heartbeat] },
  api: { args: () => ['/v1/runtimes'], flags: ['--dry-run'] },
  'sandbox requests': {},
};

/** Verbs whose cases are elsewhere, and why. */
const ELSEWHERE: Record<string, string> = {
  sandbox: 'it serves until stopped: test/e2e/rules.test.ts runs it',
  'incidents ensure':
    "a second run reuses the first's incident (an update, not the create): test/commands/incidents/ensure.test.ts",
  'checks results': "--limit is read 100 a request (the API's most): test/commands/checks/results.test.ts",
  'maintenance run':
    'each case would open a window and run a command: --name at 255 and 256 characters, --severity major and urgent, in test/commands/maintenance/maintenance.test.ts',
};

/* Flags from the fields of a body: what a user types to send it. */

/** How an item of a list a repeatable flag gives is typed. */
const ITEM_TEXT: Record<string, (item: unknown) => string> = {
  services: (item) => (item as { id: string }).id,
  environmentVariables: (item) => `${(item as { key: string }).key}=${(item as { value: string }).value}`,
  alertChannelSubscriptions: (item) => String((item as { alertChannelId: number }).alertChannelId),
};

/** Where a flag writes, as the derived paths name fields: `incidentUpdates[0].description` → `incidentUpdates[].description`. */
const fieldOf = (path: string) => path.replace(/\[\d+\]/g, '[]');

function valueAt(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    at = (at as Record<string, unknown> | undefined)?.[list ? step.slice(0, -2) : step];
    if (list) at = Array.isArray(at) ? at[0] : undefined;
  }
  return at;
}

/** The flags that say `body` on this verb; undefined when a field the case is about has no flag. */
function flagsFor(spec: VerbSpec, body: Record<string, unknown>, about: string[]): string[] | undefined {
  const words: string[] = [];
  const covered = new Set<string>();
  for (const [key, flag] of Object.entries(spec.flags) as [string, Flag][]) {
    if (!flag.body || flag.kind === 'bool' || (SHAPED_FLAGS.has(key) && !(key in SHAPED_WRITTEN))) continue;
    const name = flagName(key, flag);
    if (flag.kind === 'duration') {
      // [heartbeat.period, heartbeat.periodUnit]: an amount and its unit.
      const [amountPath, unitPath] = flag.body;
      const amount = valueAt(body, amountPath!);
      const unit = valueAt(body, unitPath!);
      if (amount === undefined) continue;
      words.push(flagWord(name, `${amount}${String(unit)[0]}`));
      covered.add(amountPath!).add(unitPath!);
      continue;
    }
    const repeatable = 'repeatable' in flag && flag.repeatable;
    // The field it writes that the body has: a value (a list, for a repeatable flag).
    const path = flag.body.map(fieldOf).find((candidate) => {
      const value = valueAt(body, candidate);
      return repeatable ? Array.isArray(value) : value !== undefined && (typeof value !== 'object' || value === null);
    });
    if (!path) continue;
    const value = valueAt(body, path);
    if (repeatable && Array.isArray(value)) {
      const text = ITEM_TEXT[path] ?? String;
      for (const item of value) words.push(flagWord(name, text(item)));
      covered.add(path).add(`${path}[]`);
    } else if (typeof value !== 'object' || value === null) {
      if (value === '' && !about.some((field) => field === path)) continue; // a filler the verb adds itself
      words.push(flagWord(name, value));
      covered.add(path);
    }
  }
  // A list left empty on purpose (a count of 0): its flag is not given.
  return about.every((field) => covered.has(field) || isEmptyList(valueAt(body, field.replace(/\[\]$/, ''))))
    ? words
    : undefined;
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/** Shaped flags (lists of objects) this file types with ITEM_TEXT. */
const SHAPED_WRITTEN: Record<string, true> = { env: true, alertChannel: true };

/* The cases. */

/** The flags that write a field (by the derived path). */
function flagsWriting(spec: VerbSpec, field: string): string[] {
  return (Object.entries(spec.flags) as [string, Flag][])
    .filter(([, flag]) => (flag.body ?? []).some((path) => fieldOf(path) === field || `${fieldOf(path)}[]` === field))
    .map(([key, flag]) => flagName(key, flag));
}

/** The base bodies of the requests a verb sends, as one. */
function baseOf(run: VerbRun): Record<string, unknown> {
  return Object.assign({}, ...(run.requests ?? []).map((name) => structuredClone(request(name).base))) as Record<
    string,
    unknown
  >;
}

/** The cases of the request schemas for the fields this verb's flags write. */
function bodyCases(spec: VerbSpec, run: VerbRun): CliCase[] {
  const rules = (run.requests ?? []).map(request);
  const base = baseOf(run);
  const cases: CliCase[] = [];
  for (const rules_ of rules) {
    for (const one of casesFor(rules_)) {
      if (one.accepted && one.path in (rules_.sandboxAlsoNeeds ?? {})) continue;
      // Of an enum's values, the first and the last (test/rules/schemas.test.ts tries every one).
      if (one.between) continue;
      const about = one.fields.length > 1 ? relationFields(one) : [one.path];
      const named = about.flatMap((field) => flagsWriting(spec, field));
      if (!named.length) continue;
      const body = mergeBase(base, rules_, one);
      if (run.changes && about.some((field) => isEmptyList(valueAt(body, field.replace(/\[\]$/, ''))))) continue;
      const words = flagsFor(spec, body, about);
      if (!words) continue;
      const sent = sentOf(rules_, one);
      cases.push({
        what: `${one.what} (${rules_.name})`,
        words,
        accepted: one.accepted,
        named,
        ...(sent ? { sent } : {}),
      });
    }
  }
  return cases;
}

/** The fields a case between fields sets (its leaves). */
function relationFields(one: RequestCase): string[] {
  if (one.path.startsWith('heartbeat.')) return [one.path];
  return one.fields;
}

/** The case's body, over the base of every request the verb sends. */
function mergeBase(base: Record<string, unknown>, rules: RequestRules, one: RequestCase): Record<string, unknown> {
  const merged = { ...base, ...one.value };
  for (const key of Object.keys(rules.base)) if (!(key in one.value)) delete merged[key];
  return merged;
}

/** Accepted: where the value shows in the request, for the check after the run. */
function sentOf(rules: RequestRules, one: RequestCase): CliCase['sent'] {
  if (!one.accepted) return undefined;
  // A heartbeat's period and grace go out in their largest exact unit (90s as 90 seconds, 120s as 2 minutes).
  if (one.path.startsWith('heartbeat.'))
    return { path: 'heartbeat', value: inSeconds(one.value.heartbeat), seconds: true };
  const value = valueAt(one.value, one.path.replace(/\[\]$/, ''));
  if (Array.isArray(value)) return { path: one.path.replace(/\[\]$/, ''), value: value.length, count: true };
  if (one.path.endsWith('[]')) return { path: one.path, value: valueAt(one.value, one.path) };
  return { path: one.path, value };
}

/** A heartbeat's period and grace in seconds. */
function inSeconds(timing: unknown): { period: number; grace: number } | undefined {
  const { period, periodUnit, grace, graceUnit } = (timing ?? {}) as Record<string, unknown>;
  if (typeof period !== 'number' || typeof grace !== 'number') return undefined;
  return { period: toSeconds(period, periodUnit as TimeUnit), grace: toSeconds(grace, graceUnit as TimeUnit) };
}

/* The runs. */

let sandbox: Sandbox;
let made: Made;
let verbs: { words: string; spec: VerbSpec }[];
beforeAll(async () => {
  sandbox = await memorySandbox();
  verbs = await allVerbs();
  const incident = await sandboxCall(sandbox, 'POST', '/v1/status-pages/incidents', {
    name: 'Bounds',
    severity: 'MINOR',
    services: [{ id: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01', name: 'Public API', accountId: TEST_ACCOUNT }],
    incidentUpdates: [{ description: 'Began' }],
  });
  const heartbeat = await sandboxCall(sandbox, 'POST', '/v1/checks/heartbeat', {
    name: 'Bounds',
    heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'minutes' },
  });
  const { id, incidentUpdates } = incident.body as { id: string; incidentUpdates: { id: string }[] };
  made = { incident: id, update: incidentUpdates[0]!.id, heartbeat: (heartbeat.body as { id: string }).id };
});
afterAll(() => sandbox.close());

/** The verbs with a bounded flag: an `int`, a `text` with a max, an `enum`, or one that writes a bounded field. */
function bounded(spec: VerbSpec, run: VerbRun | undefined): boolean {
  const own = (Object.entries(spec.flags) as [string, Flag][]).some(([key, flag]) => tableCases(key, flag).length);
  return own || Boolean(run?.requests?.length);
}

describe('every verb with a bounded flag', () => {
  it('is run here, or says where its cases are', () => {
    const missing = verbs
      .filter(({ words, spec }) => bounded(spec, RUNS[words]) && !(words in RUNS) && !(words in ELSEWHERE))
      .map(({ words }) => words);
    expect(missing).toEqual([]);
  });

  it("the list verbs' --limit is the API's page size (neither more nor less than the query's rule)", () => {
    const limitOf = (words: string) => {
      const flag = verbs.find((verb) => verb.words === words)!.spec.flags.limit as Flag & { min: number; max: number };
      return { path: 'limit', kind: 'range', integer: true, min: flag.min, max: flag.max };
    };
    expect(boundsOf(request('list query').schema)).toContainEqual(limitOf('incidents list'));
    expect(boundsOf(request('status pages query').schema)).toContainEqual(limitOf('status-pages list'));
    expect(boundsOf(request('checks query').schema)).toContainEqual(limitOf('checks list'));
    expect(boundsOf(request('events query').schema)).toContainEqual(limitOf('heartbeats events'));
  });
});

const VERBS = Object.keys(RUNS);

describe.each(VERBS.map((words) => [words] as const))('mon %s', (words) => {
  const run = RUNS[words]!;
  const cases = (): CliCase[] => {
    const spec = verbs.find((verb) => verb.words === words)!.spec;
    const seen = new Set<string>();
    const base = flagsFor(spec, baseOf(run), []) ?? [];
    return [
      ...(Object.entries(spec.flags) as [string, Flag][]).flatMap(([key, flag]) => tableCases(key, flag, base)),
      ...bodyCases(spec, run),
    ]
      .map((one) => narrowed(one, run.narrows))
      .filter((one) => {
        const key = `${one.words.join(' ')} ${one.accepted}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };

  it('has cases on both sides, each refusal naming the flag, each accepted value sent as given', async () => {
    const all = cases();
    expect(all.some((one) => one.accepted)).toBe(true);
    expect(all.some((one) => !one.accepted)).toBe(true);
    const failures: string[] = [];
    for (const one of all) {
      sandbox.requests.length = 0;
      const line = [...words.split(' '), ...(run.args?.(made) ?? []), ...(run.flags ?? []), ...one.words];
      const env = run.ownConfig ? testEnv({ sandbox }) : undefined;
      const result = await mon(line, { sandbox, ...(env ? { env } : {}) });
      const problem = judge(one, result, sandbox.requests);
      if (problem) failures.push(`${one.what}: mon ${line.join(' ')}\n  ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});

/** What is wrong with a run, or undefined. */
/** A case the request allows but the verb refuses by design: a refusal naming the flag. */
function narrowed(one: CliCase, narrows: VerbRun['narrows']): CliCase {
  for (const [flag, kept] of Object.entries(narrows ?? {})) {
    const value = one.words.find((word) => word.startsWith(`${flag}=`))?.slice(flag.length + 1);
    if (one.accepted && value !== undefined && !kept.includes(value)) return { ...one, accepted: false, named: [flag] };
  }
  return one;
}

function judge(
  one: CliCase,
  result: { code: number; stdout: string; stderr: string },
  requests: LoggedRequest[],
): string | undefined {
  const said = `exit ${result.code}: ${result.stderr.trim().split('\n').slice(0, 3).join(' / ')}`;
  if (!one.accepted) {
    if (result.code !== 2) return `refused? ${said}`;
    if (!one.named.some((name) => result.stderr.includes(name)))
      return `does not name ${one.named.join(' or ')}: ${said}`;
    if (result.stdout !== '') return `printed on stdout: ${result.stdout}`;
    if (requests.length) return `sent ${requests.map((sent) => `${sent.method} ${sent.path}`).join(', ')}`;
    return undefined;
  }
  if (result.code !== 0) return `accepted? ${said}`;
  if (!one.sent) return undefined;
  const { path, value, count, seconds } = one.sent;
  const carried = requests
    .filter((sent) => sent.method !== 'GET')
    .some((sent) => {
      const at = valueAt(sent.body, path);
      if (count) return Array.isArray(at) && at.length === value;
      if (seconds) return JSON.stringify(inSeconds(at)) === JSON.stringify(value);
      return JSON.stringify(at) === JSON.stringify(value);
    });
  return carried ? undefined : `no request carried ${path} = ${JSON.stringify(value)?.slice(0, 80)}: ${said}`;
}
