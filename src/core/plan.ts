import { prepareRequest, type ApiRequest } from '../api/request';
import { showPlan } from '../output/present';
import { parseJson } from '../text/json';
import { maskSecretValues } from '../text/mask';
import { shellQuote } from '../text/shell';
import type { Ctx } from './context';
import { rawInput, type Reading } from './flags/read';
import type { Effect } from './flags/spec';
import type { PlanTarget } from './state';

/*
 * The plan object: what a write would change and the requests it would send, as one JSON
 * object on stdout (docs/CLI.md, "Plans"), or as prose for a person at a terminal. The same
 * object is a dry run's (`"status":"dry_run"`, no token) and a plan's to confirm
 * (`"status":"confirmation_required"`, with its token and the command that sends it).
 */

/** A request as a plan shows it: the path with its query, the body with secret values masked. */
export interface ShownRequest {
  method: string;
  path: string;
  body?: unknown;
}

export interface PlanObject {
  status: 'confirmation_required' | 'dry_run';
  /** "incidents update" */
  command: string;
  classification: { kind: Effect['kind']; readOnly: boolean; destructive: boolean; idempotent: boolean };
  target?: PlanTarget;
  changes: string[];
  /** The first request (the only one, most often). */
  request?: ShownRequest;
  /** Every request in order, when there is more than one. */
  requests?: ShownRequest[];
  planToken?: string;
  expiresAt?: string;
  /** The command line to run to go ahead: the one typed, with the token (or --yes for a local command). */
  confirmCommand?: string;
}

/** Where no base URL is known: the path and query of a request, as it goes on the wire. */
const NO_BASE = 'http://mon.invalid';

export function shownRequest(request: ApiRequest): ShownRequest {
  const path = prepareRequest({ baseUrl: NO_BASE, apiKey: '' }, request).url.slice(NO_BASE.length);
  const body = request.rawBody !== undefined ? parseJson(request.rawBody) : request.body;
  return { method: request.method, path, ...(body !== undefined ? { body: maskSecretValues(body) } : {}) };
}

/** The words after `mon`: "incidents update". */
export function commandWords(ctx: Pick<Ctx, 'commandPath'>): string {
  return ctx.commandPath.replace(/^mon\s+/, '');
}

export function planObject(
  ctx: Pick<Ctx, 'commandPath'>,
  status: PlanObject['status'],
  effect: Effect,
  plan: { target?: PlanTarget; changes: string[]; requests: ApiRequest[] },
  confirm?: { planToken?: string; expiresAt?: string; confirmCommand: string },
): PlanObject {
  const shown = plan.requests.map(shownRequest);
  return {
    status,
    command: commandWords(ctx),
    classification: {
      kind: effect.kind,
      readOnly: effect.kind === 'read-only',
      destructive: effect.kind === 'destructive',
      idempotent: effect.idempotent,
    },
    ...(plan.target ? { target: plan.target } : {}),
    changes: plan.changes,
    ...(shown.length ? { request: shown[0] } : {}),
    ...(shown.length > 1 ? { requests: shown } : {}),
    ...(confirm ?? {}),
  };
}

/** Flags that make a plan, left out of the command that confirms it. */
const PLANNING = new Set(['--plan', '--dry-run']);
const PLAN_TOKEN = '--plan-token';

/**
 * The command line typed (after `mon`) without its planning flags and any plan token, as
 * read.ts read it: a word after `--`, or one that is a flag's value, is kept as it is.
 */
function withoutPlanning(line: Reading | undefined): string[] {
  if (!line) return [];
  const { argv, afterEnd, valueAt } = line;
  const end = afterEnd ? argv.length - afterEnd.length - 1 : argv.length;
  return argv.filter((word, at) => {
    if (at >= end) return true;
    const valueOf = valueAt.get(at);
    if (valueOf !== undefined) return valueOf !== PLAN_TOKEN;
    return !PLANNING.has(word) && word !== PLAN_TOKEN && !word.startsWith(`${PLAN_TOKEN}=`);
  });
}

const commandLine = (words: readonly string[]) => ['mon', ...words].map(shellQuote).join(' ');

/** `mon ... --plan-token T`: the command as typed (--sandbox, --profile and all), minus --plan and --dry-run. */
export function confirmCommand(line: Reading | undefined, token: string): string {
  return commandLine([...withoutPlanning(line), PLAN_TOKEN, token]);
}

/** The command as typed with --yes instead of a plan (a local command: nothing to sign). */
export function yesCommand(line: Reading | undefined): string {
  const words = withoutPlanning(line);
  return commandLine(line && rawInput(line).flags.yes === true ? words : [...words, '--yes']);
}

/** The command that makes a new plan of the same thing: the one typed, with --plan. */
export function replanCommand(line: Reading | undefined): string {
  return commandLine([...withoutPlanning(line), '--plan']);
}

/**
 * Prints a plan (output/present.ts's showPlan): one JSON object with --json, in agent mode, or
 * in a pipe without a --format (a script reads it); for a person at a terminal, the changes,
 * each request as it would go (method, URL, indented body) and the command that sends it;
 * `--format md` the same as a Markdown document, `--format tsv` as key/value lines.
 */
export async function printPlan(
  ctx: Pick<Ctx, 'io' | 'globals' | 'prepare'>,
  object: PlanObject,
  requests: ApiRequest[],
): Promise<void> {
  const { kind, idempotent } = object.classification;
  const within = object.expiresAt
    ? `, within 10 minutes${object.target ? ', and only if it has not changed by then' : ''}`
    : '';
  await showPlan(ctx, {
    json: object,
    heading: object.status === 'dry_run' ? 'Dry run' : 'Plan',
    effect: `${kind}${kind === 'read-only' ? '' : idempotent ? ', idempotent' : ', not idempotent'}`,
    requests: () =>
      Promise.all(
        requests.map(async (request) => {
          const { method, url } = await ctx.prepare(request);
          const { body } = shownRequest(request);
          return { method, url, ...(body !== undefined ? { body } : {}) };
        }),
      ),
    once: `once${within}`,
  });
}
