import { hintText, type Hint, type Where } from './text/next';

/**
 * Errors a command can end with, each with its exit code and what it means: the one table of
 * exit codes (docs/CLI.md lists it, `mon schema` carries it). `exitCodeFor` in main.ts is the
 * one place that turns an error into its code.
 */
export const ERROR_KINDS = {
  usage: {
    code: 2,
    meaning:
      'bad input: an unknown flag or command, an invalid value, a missing value with prompts off; nothing was sent',
  },
  attention: { code: 3, meaning: '`mon status --exit-status`: something is failing, degraded, late or open' },
  auth: { code: 4, meaning: 'no key, or the API answered 401 or 403' },
  'plan-limit': { code: 5, meaning: 'the API answered 402' },
  'not-found': { code: 6, meaning: 'the API answered 404' },
  'rate-limit': { code: 7, meaning: 'the API answered 429, after retries' },
  cancelled: { code: 130, meaning: 'Ctrl-C (SIGINT), at a prompt or during a request' },
  declined: { code: 1, meaning: 'the user answered no to a confirmation; nothing was done' },
  api: { code: 1, meaning: 'any other API failure (a 4xx not listed, a 5xx after retries)' },
  network: { code: 1, meaning: 'connection refused or reset, DNS, proxy' },
  timeout: { code: 1, meaning: '--timeout elapsed' },
  response: { code: 1, meaning: 'an unreadable or unexpected response body' },
  config: { code: 1, meaning: 'an unreadable config file' },
  failure: { code: 1, meaning: 'anything else the command reports on purpose' },
  // As coreutils `timeout`: the job was stopped for running too long.
  'job-timeout': { code: 124, meaning: '`heartbeats exec --max-runtime`: the job ran longer and was stopped; no ping' },
  // EX_TEMPFAIL of sysexits.h: the run was skipped, the next one will start.
  overlap: {
    code: 75,
    meaning: '`heartbeats exec --no-overlap`: the previous run of the monitor still goes; this one did not start',
  },
  // A run of `heartbeats exec` that was not counted: the job's own codes pass through as they are.
  'too-fast': {
    code: 8,
    meaning: '`heartbeats exec --min-duration`: the job exited 0 sooner than that; no ping',
  },
  'confirmation-required': {
    code: 9,
    meaning:
      'a write planned, not sent: agent mode without --yes, --plan, a destructive command without a terminal and without --yes; the plan is on stdout',
  },
  conflict: {
    code: 10,
    meaning:
      '--plan-token: the object changed since the plan or is gone, the token was used or expired; nothing was sent',
  },
} as const satisfies Record<string, { code: number; meaning: string }>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** The exit codes no error kind gives: success, and the ends by SIGTERM and SIGHUP. */
export const OTHER_EXIT_CODES = [
  { code: 0, kind: 'success', meaning: 'success (an empty list too); help and --version' },
  { code: 143, kind: 'terminated', meaning: 'SIGTERM' },
  { code: 129, kind: 'hangup', meaning: 'SIGHUP (`maintenance run`, after ending the window)' },
] as const;

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
