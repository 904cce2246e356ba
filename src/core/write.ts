import type { ApiRequest, ApiResponse } from '../api/request';
import { ConfirmationRequiredError, ConflictError, UsageError } from '../errors';
import { showOutcome } from '../output/present';
import { saySuccess } from '../output/say';
import { sanitize } from '../text/escape';
import { hintText, type Where } from '../text/next';
import { askConfirmation, type ConfirmationView } from './confirm';
import { usesEmbeddedSandbox, type Ctx } from './context';
import { flagName, singleEffect, type Effect, type Invocation } from './flags/spec';
import { commandWords, confirmCommand, planObject, printPlan, replanCommand, type PlanObject } from './plan';
import type { Binding, StoredPlan } from './plan-store';
import { describeChange, digest, readState, type PlanTarget, type StateFingerprint } from './state';

/*
 * One flow for every write that calls the API. A verb no longer decides between a dry run, a
 * plan, a confirmation and sending: it asks what it must ask, builds a plan (what changes, in
 * words, and the requests), and hands it here. Decided in this order:
 *   1. --dry-run: the plan, "dry_run"; nothing sent.
 *   2. --plan-token: (before the verb runs, redeemPlanToken) exactly the stored requests,
 *      once, if what the plan was made on is unchanged.
 *   3. --plan, 4. agent mode without --yes, 5. a destructive command without a terminal and
 *      without --yes: the plan, stored, with a token to confirm it; exit 9.
 *   6. A terminal where a value was prompted or picked (or a destructive command), without
 *      --yes: the confirmation, which reads the object again before sending and, when another
 *      client changed it meanwhile, shows what changed and asks again.
 *   7. Otherwise (the flags are the intent): send.
 */

/** What a write would do: the object by name and ID, the changes in words, the requests, and how to send them. */
export interface WritePlan {
  target?: PlanTarget;
  /** One line per change, naming the object by name and full ID, before → after. */
  changes: string[];
  /** In order: what --dry-run shows and a token sends. */
  requests: ApiRequest[];
  /** The target's state the plan was made on (core/state.ts). */
  state?: StateFingerprint;
  /** What a confirmation on a terminal shows. */
  confirm: ConfirmationView;
  /** Sends the requests and says what happened. */
  send(): Promise<void>;
}

export interface WriteFlow<A> {
  /** The questions (prompts, pickers), asked again with the previous answers when the person chooses edit. */
  ask?: (previous: A | undefined) => Promise<A>;
  /** Without questions: what the plan is made of (the object as read). */
  answers?: A;
  /** Did a value of these answers come from a prompt or a picker? Then a terminal confirms. */
  prompted?: (answers: A) => boolean;
  /** The answers made again on the object as it is now (read again), after another client changed it. */
  refresh?: (answers: A) => Promise<A>;
  /**
   * The plan of these answers. `shown`: it is printed, stored or confirmed (else only sent: a
   * read made only to name the object in words, or to bind its state, can be left out).
   */
  plan: (answers: A, shown: boolean) => WritePlan | Promise<WritePlan>;
  /** This request's effect, when the table's depends on it (`mon api`: the method). */
  effect?: Effect;
}

export type WriteCtx = Pick<
  Ctx,
  'io' | 'globals' | 'prepare' | 'prompter' | 'api' | 'env' | 'now' | 'line' | 'commandPath' | 'mode' | 'settings'
> & { verb?: Invocation };

/** The flags of a planned write (core/flags/common.ts's WRITE_FLAGS). */
interface WriteFlags {
  yes?: boolean;
  dryRun?: boolean;
  plan?: boolean;
  planToken?: string;
}

function invocationOf(ctx: { verb?: Invocation }): Invocation {
  if (!ctx.verb) throw new Error('A write ran outside runVerb: there is no command line to plan.');
  return ctx.verb;
}

/** The table's effect (one effect per method is for the verb to choose: `flow.effect`). */
function effectOf(invocation: Invocation, flow: { effect?: Effect }): Effect {
  return flow.effect ?? singleEffect(invocation.spec);
}

const TARGET_LABELS: Record<PlanTarget['kind'], string> = {
  incident: 'Incident',
  'incident-update': 'The update of incident',
  check: 'Check',
  heartbeat: 'Heartbeat monitor',
  'maintenance-window': 'Maintenance window',
};

/** `Incident "Checkout errors" (3f0c2a9e-…)`: what a message about the target calls it. */
export function targetWords(target: PlanTarget): string {
  return `${TARGET_LABELS[target.kind]} "${target.name}" (${target.id})`;
}

/** Runs a write: its questions, its plan, then what the flags, the mode and the terminal decide (see above). */
export async function runWrite<A>(ctx: WriteCtx, flow: WriteFlow<A>): Promise<void> {
  const invocation = invocationOf(ctx);
  const flags = invocation.input.flags as WriteFlags;
  const effect = effectOf(invocation, flow);
  let answers = (flow.ask ? await flow.ask(undefined) : flow.answers) as A;
  const why = flags.dryRun || flags.planToken !== undefined ? undefined : planReason(ctx, flags, effect);
  const confirming =
    flags.planToken === undefined &&
    !flags.yes &&
    ctx.io.canPrompt() &&
    (effect.kind === 'destructive' || (flow.prompted?.(answers) ?? false));
  let plan = await flow.plan(answers, Boolean(flags.dryRun || why || confirming || flags.planToken !== undefined));
  const declared = 'byMethod' in invocation.spec.effect ? undefined : invocation.spec.effect.target;
  if (plan.target && plan.target.kind !== declared)
    throw new Error(`${ctx.commandPath} planned a change to a ${plan.target.kind}, but its table says ${declared}.`);

  if (flags.planToken !== undefined) return rerunPlanToken(ctx, plan);
  if (flags.dryRun) {
    await printPlan(ctx, planObject(ctx, 'dry_run', effect, plan), plan.requests);
    ctx.io.err(ctx.io.errStyle.dim('Dry run: nothing was sent.\n'));
    return;
  }
  if (why) await planInstead(ctx, invocation, effect, plan, why);

  while (confirming) {
    const answer = await askConfirmation(ctx, plan.confirm, flow.ask !== undefined);
    if (answer === 'edit') {
      answers = await flow.ask!(answers);
      plan = await flow.plan(answers, true);
      continue;
    }
    // Yes: but only to what the person saw. Read it again; if another client changed it
    // while the question was open, say what changed and ask again on the object as it is.
    if (!plan.state) break;
    const now = await readState(await ctx.api(), plan.state);
    const changed = describeChange(plan.state, now);
    if (!changed.length) break;
    const what = plan.target ? targetWords(plan.target) : 'What this command changes';
    if (now === 'gone' || !flow.refresh)
      throw new ConflictError(`${what} changed while you were deciding: ${changed.join('; ')}. Nothing was sent.`);
    ctx.io.err(
      `\n${ctx.io.errStyle.yellow('It changed while you were deciding:')} ${sanitize(what)}: ${sanitize(changed.join('; '))}.\n` +
        `${ctx.io.errStyle.dim('Nothing was sent.')}\n`,
    );
    // The new plan first: a change that leaves nothing to do (resolved meanwhile) ends here with its error.
    answers = await flow.refresh(answers);
    plan = await flow.plan(answers, true);
    ctx.io.err(`${ctx.io.errStyle.dim('Here is what would be sent now:')}\n`);
  }
  await plan.send();
}

type PlanReason = 'plan' | 'agent' | 'destructive';

/** Why this write is planned instead of done, if it is: --plan, an agent without --yes, a destructive command with no one to ask. */
function planReason(ctx: WriteCtx, flags: WriteFlags, effect: Effect): PlanReason | undefined {
  if (flags.plan) return 'plan';
  if (flags.yes) return undefined;
  if (ctx.mode().mode === 'agent') return 'agent';
  if (effect.kind === 'destructive' && !ctx.io.canPrompt()) return 'destructive';
  return undefined;
}

/** Stores the plan, prints it with its token and the command that sends it, and ends with exit 9. */
async function planInstead(
  ctx: WriteCtx,
  invocation: Invocation,
  effect: Effect,
  plan: WritePlan,
  why: PlanReason,
): Promise<never> {
  const replan = replanCommand(ctx.line);
  // Loaded when a plan is stored or redeemed (node:crypto, ~5 ms): a write that is only sent needs neither.
  const { storePlan } = await import('./plan-store');
  const { token, expiresAt } = storePlan(ctx.env, ctx.now(), {
    binding: await bindingOf(ctx, invocation),
    replanCommand: replan,
    ...(plan.target ? { target: plan.target } : {}),
    changes: plan.changes,
    requests: plan.requests.map((request) => storable(request, ctx.globals)),
    ...(plan.state ? { state: plan.state } : {}),
  });
  const command = confirmCommand(ctx.line, token);
  const object: PlanObject = planObject(ctx, 'confirmation_required', effect, plan, {
    planToken: token,
    expiresAt,
    confirmCommand: command,
  });
  await printPlan(ctx, object, plan.requests);
  // A person at a terminal read the command above; a script or an agent reads the JSON's confirmCommand.
  const prose = !ctx.globals.json && ctx.io.stdoutIsTTY;
  const once = prose ? 'once, within 10 minutes' : `once, until ${expiresAt}`;
  if (why === 'plan')
    throw new ConfirmationRequiredError(
      'Planned (--plan): nothing was sent.',
      `To go ahead, run ${prose ? 'the command above' : 'its confirmCommand'} (${once}).`,
    );
  if (why === 'agent')
    throw new ConfirmationRequiredError(
      `Agent mode (${ctx.mode().reason}): a write needs --yes or a plan token, so this one was planned and nothing was sent.`,
      `Show the plan's changes to the person you work for; when they agree, run its confirmCommand (${once}).`,
    );
  throw new ConfirmationRequiredError(
    `${ctx.commandPath} removes something for good and there is no terminal to confirm on: it was planned, nothing was sent.`,
    `Run its confirmCommand (${once}), or pass --yes (-y) to go ahead without a plan.`,
  );
}

/**
 * A request as a plan keeps it (JSON): its hint for an answer that may not have arrived in
 * words, its commands written for where the plan goes (--sandbox, --profile: the binding
 * holds the token to the same place).
 */
function storable(request: ApiRequest, where: Where): ApiRequest {
  const { uncertainHint, ...rest } = request;
  const hint = hintText(uncertainHint, where);
  return hint === undefined ? rest : { ...rest, uncertainHint: hint };
}

/** The flags of a write that never bind its plan: they choose how it runs, not what it does. */
const UNBOUND = new Set(['yes', 'dryRun', 'plan', 'planToken']);

/**
 * What a token is bound to: the command, its input as read (by the names a user types, so
 * `-m x` and `--message x` are one; a time as typed, so `--date 2h` is the same line ten
 * minutes later), the profile, the base URL and the account.
 */
async function bindingOf(ctx: WriteCtx, invocation: Invocation): Promise<Binding> {
  const { spec, input, raw } = invocation;
  const given: Record<string, string> = {};
  for (const [key, flag] of Object.entries(spec.flags)) {
    if (UNBOUND.has(key)) continue;
    const value = flag.kind === 'time' ? raw.flags[key] : (input.flags as Record<string, unknown>)[key];
    if (value !== undefined) given[flagName(key, flag)] = digest(JSON.stringify(value));
  }
  for (const arg of spec.args ?? []) {
    const value = (input.args as Record<string, unknown>)[arg.key];
    if (value !== undefined) given[arg.label] = digest(JSON.stringify(value));
  }
  const settings = await ctx.settings();
  return {
    command: commandWords(ctx),
    input: given,
    profile: settings.profile.value,
    baseUrl: usesEmbeddedSandbox(ctx) ? 'the embedded sandbox' : (settings.baseUrl?.value ?? ''),
    account: settings.accountId?.value ?? null,
  };
}

/** How the binding of a plan differs from this run's, in words ("it was made for profile "staging""). */
function bindingDifferences(made: Binding, now: Binding): string[] {
  const out: string[] = [];
  if (made.command !== now.command) out.push(`it was made for \`mon ${made.command}\`, not \`mon ${now.command}\``);
  if (made.profile !== now.profile) out.push(`it was made for profile "${made.profile}", not "${now.profile}"`);
  if (made.baseUrl !== now.baseUrl) out.push(`it was made for ${made.baseUrl}, not ${now.baseUrl}`);
  if (made.account !== now.account)
    out.push(`it was made for account ${made.account ?? '(none)'}, not ${now.account ?? '(none)'}`);
  if (made.command !== now.command) return out;
  const names = [...new Set([...Object.keys(made.input), ...Object.keys(now.input)])].sort();
  for (const name of names) {
    if (!(name in now.input)) out.push(`it was made with ${name}, which is not given here`);
    else if (!(name in made.input)) out.push(`it was made without ${name}, which is given here`);
    else if (made.input[name] !== now.input[name]) out.push(`it was made with another ${name}`);
  }
  return out;
}

/**
 * `--plan-token T`: the plan's requests sent exactly as stored, once, if the token is this
 * installation's, made for this command line, profile, base URL and account (else exit 2),
 * unused, unexpired, and what the plan was made on is unchanged (else exit 10). Nothing is
 * asked and nothing computed again: a body with "now" in it is sent as it was planned.
 */
export async function redeemPlanToken(ctx: WriteCtx): Promise<void> {
  const plan = await acceptedPlan(ctx);
  const client = await ctx.api();
  // Marked used before anything is sent: of two runs of one token, one sends.
  const { spend } = await import('./plan-store');
  spend(ctx.env, plan, ctx.now());
  for (const request of plan.requests) markSecrets(ctx, request);
  let last: ApiResponse | undefined;
  for (const request of plan.requests) last = await client.request(request);
  await reportSent(ctx, plan, last);
}

/**
 * The stored plan a token names, once it is this installation's, made for this command line,
 * profile, base URL and account (else exit 2), unused, unexpired, and what it was made on is
 * unchanged (else exit 10). Not yet spent.
 */
async function acceptedPlan(ctx: WriteCtx): Promise<StoredPlan> {
  const invocation = invocationOf(ctx);
  const flags = invocation.input.flags as WriteFlags;
  if (flags.plan || flags.dryRun)
    throw new UsageError(
      `--plan-token cannot be given with ${flags.plan ? '--plan' : '--dry-run'}: a token sends what its plan said.`,
      'Leave out --plan-token to make a new plan, or the other flag to send this one.',
    );
  const { loadPlan, spentAt, spentError } = await import('./plan-store');
  const plan = loadPlan(ctx.env, flags.planToken!);
  const differences = bindingDifferences(plan.binding, await bindingOf(ctx, invocation));
  if (differences.length)
    throw new UsageError(
      `--plan-token does not go with this command: ${differences.join('; ')}. Nothing was sent.`,
      `Run the confirmCommand its plan printed, as it is; or make a new plan: \`${plan.replanCommand}\`.`,
    );
  const used = spentAt(ctx.env, plan.id);
  if (used) throw spentError(plan, used);
  if (ctx.now() >= Date.parse(plan.expiresAt))
    throw new ConflictError(
      `This plan token expired at ${plan.expiresAt} (a plan can be confirmed for 10 minutes). Nothing was sent.`,
      `Make a new plan: \`${plan.replanCommand}\`.`,
    );
  if (plan.state) {
    const changed = describeChange(plan.state, await readState(await ctx.api(), plan.state));
    if (changed.length) {
      const what = plan.target ? targetWords(plan.target) : 'What this plan changes';
      throw new ConflictError(
        `${what} changed since it was planned: ${changed.join('; ')}. Nothing was sent.`,
        `Look at it again, then make a new plan: \`${plan.replanCommand}\`.`,
      );
    }
  }
  return plan;
}

/**
 * A procedure's token (its effect's `redeem: 'rerun'`): the verb has run again and made its
 * plan on the world as it is now; it goes ahead (the token spent) only when that plan's changes
 * are the confirmed plan's, word for word. Otherwise exit 10, naming both; nothing sent.
 */
async function rerunPlanToken(ctx: WriteCtx, plan: WritePlan): Promise<void> {
  const stored = await acceptedPlan(ctx);
  const same =
    stored.changes.length === plan.changes.length && stored.changes.every((change, i) => change === plan.changes[i]);
  if (!same)
    throw new ConflictError(
      `What this command would do changed since it was planned. Planned: ${stored.changes.join('; ')}. Now: ${plan.changes.join('; ')}. Nothing was sent.`,
      `Look at it again, then make a new plan: \`${stored.replanCommand}\`.`,
    );
  const { spend } = await import('./plan-store');
  spend(ctx.env, stored, ctx.now());
  await plan.send();
}

/** Secret values in a stored body (a check's secret environment variables) are masked in whatever mon prints. */
function markSecrets(ctx: Pick<Ctx, 'io'>, request: ApiRequest): void {
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) return value.forEach(walk);
    const object = value as Record<string, unknown>;
    if (object.secret === true && typeof object.value === 'string') ctx.io.addSecret(object.value);
    Object.values(object).forEach(walk);
  };
  walk(request.body);
}

/**
 * After a token's requests: with --json (and in agent mode) the last answer's body, as the
 * command itself prints it; otherwise what was done, and (output/present.ts) piped the ID of
 * what it changed.
 */
async function reportSent(ctx: WriteCtx, plan: StoredPlan, last: ApiResponse | undefined): Promise<void> {
  const count = plan.requests.length;
  if (!ctx.globals.json)
    saySuccess(
      ctx.io,
      `Sent as planned (${count === 1 ? '1 request' : `${count} requests`}):\n` +
        plan.changes.map((change) => `  ${sanitize(change)}`).join('\n'),
    );
  const answered = (last?.body as { id?: unknown } | undefined)?.id;
  await showOutcome(ctx, { json: last?.body, id: typeof answered === 'string' ? answered : plan.target?.id });
}
