import { hintText, type Hint, type Where } from './text/next';

/**
 * Errors a command can end with. Each carries a `kind`; `exitCodeFor` in main.ts is the
 * one place that turns a kind into an exit code (the table in docs/CLI.md).
 */
export type ErrorKind =
  | 'usage' // 2: bad flag or value, nothing was sent
  | 'attention' // 3: `mon status --exit-status`: something is failing, degraded, late or open
  | 'auth' // 4: no key configured, 401, 403
  | 'plan-limit' // 5: 402
  | 'not-found' // 6: 404
  | 'rate-limit' // 7: 429 after retries
  | 'cancelled' // 130: Ctrl-C
  | 'declined' // 1: the user answered "no" to a confirmation; nothing was done
  | 'api' // 1: any other API failure (4xx not listed, 5xx after retries)
  | 'network' // 1: connection refused, reset, DNS, proxy
  | 'timeout' // 1: --timeout elapsed
  | 'response' // 1: unreadable or unexpected response body
  | 'config' // 1: unreadable config file
  | 'failure' // 1: anything else the command reports on purpose
  | 'job-timeout' // 124: `heartbeats exec --max-runtime` stopped the job (as coreutils `timeout`)
  | 'overlap' // 75: `heartbeats exec --no-overlap` did not start: the previous run still goes
  | 'too-fast' // 8: `heartbeats exec --min-duration`: the job succeeded too soon to be pinged
  | 'confirmation-required' // 9: a write that needs --yes or a plan token; its plan is on stdout, nothing was sent
  | 'conflict'; // 10: a plan token that can no longer apply (spent, expired, the object changed or gone); nothing was sent

export class CliError extends Error {
  readonly kind: ErrorKind;
  /**
   * What the user can do next, printed on its own line after the message: a function when it
   * names a command, which is written for the command line in use (text/next.ts).
   */
  readonly nextStep: Hint | undefined;

  constructor(kind: ErrorKind, message: string, hint?: Hint) {
    super(message);
    this.name = 'CliError';
    this.kind = kind;
    this.nextStep = hint;
  }

  /** The hint as text, its commands written for `where` (main.ts passes the command line's global flags). */
  hintFor(where: Where): string | undefined {
    return hintText(this.nextStep, where);
  }

  /** The hint as text, its commands written without global flags. */
  get hint(): string | undefined {
    return this.hintFor({});
  }
}

/** An invalid flag, argument or value. Always raised before anything is sent. */
export class UsageError extends CliError {
  constructor(message: string, hint?: Hint) {
    super('usage', message, hint);
    this.name = 'UsageError';
  }
}

/** What a first run without credentials says: the account's way in, and the sandbox's, which needs none. */
export const FIRST_STEPS_HINT: Hint = (next) =>
  `Run ${next('auth login')} (or set MON_API_KEY) to use your account, or try mon without one on the built-in sandbox: \`mon --sandbox incidents list\`.`;

export class AuthError extends CliError {
  constructor(message: string, hint: Hint = FIRST_STEPS_HINT) {
    super('auth', message, hint);
    this.name = 'AuthError';
  }
}

export class CancelledError extends CliError {
  constructor(message = 'Cancelled.', hint?: Hint) {
    super('cancelled', message, hint);
    this.name = 'CancelledError';
  }
}

/** The user said no to "Post this update?": nothing was sent (exit 1, said plainly). */
export class DeclinedError extends CliError {
  constructor(message: string) {
    super('declined', message);
    this.name = 'DeclinedError';
  }
}

/**
 * A write that was planned, not done: an agent's write without --yes, `--plan`, or a
 * destructive command without a terminal to confirm on. The plan (core/plan.ts) is on
 * stdout already; nothing was sent (exit 9).
 */
export class ConfirmationRequiredError extends CliError {
  constructor(message: string, hint?: string) {
    super('confirmation-required', message, hint);
    this.name = 'ConfirmationRequiredError';
  }
}

/** What a plan was made on moved on (or its token is spent or expired): nothing was sent (exit 10). */
export class ConflictError extends CliError {
  constructor(message: string, hint?: string) {
    super('conflict', message, hint);
    this.name = 'ConflictError';
  }
}

/** @inquirer/prompts rejects with these when the user presses Ctrl-C or the prompt is aborted. */
export function isPromptCancel(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

export class ConfigError extends CliError {
  constructor(message: string, hint?: Hint) {
    super('config', message, hint);
    this.name = 'ConfigError';
  }
}

/**
 * The command ran another program (`mon heartbeats exec`) and ends with that program's exit
 * status. A message is reported only when there is one (e.g. the program could not start).
 */
export class ExitStatus extends Error {
  readonly nextStep: Hint | undefined;
  constructor(
    readonly code: number,
    message = '',
    hint?: Hint,
  ) {
    super(message);
    this.name = 'ExitStatus';
    this.nextStep = hint;
  }

  /** As CliError's. */
  hintFor(where: Where): string | undefined {
    return hintText(this.nextStep, where);
  }
}

/** stdout was closed by the reader (`mon ... | head -1`): stop quietly. */
export class BrokenPipeError extends Error {
  constructor() {
    super('stdout closed');
    this.name = 'BrokenPipeError';
  }
}
