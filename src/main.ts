import { ApiError } from './api/errors';
import { pathProblem } from './config/paths';
import { TOP_LEVEL } from './commands/index';
import { startCommand, type Ctx } from './core/context';
import { BrokenPipeError, CliError, ERROR_KINDS, ExitStatus, isPromptCancel, type ErrorKind } from './errors';
import { hasStoredKey, rejectedKey } from './core/credentials';
import { convertInput, ownGlobals } from './core/flags/convert';
import type { GlobalOptions } from './core/flags/globals';
import { refuseFlagsAsValues, refuseUnknownOptions, refuseUnquotedValues } from './core/flags/guard';
import {
  commandPathAt,
  earlyFacts,
  globalsOf,
  named,
  programNode,
  rawInput,
  readEarly,
  readLine,
  readsCleanly,
  type EarlyReading,
  type ReadNode,
  type Reading,
} from './core/flags/read';
import { runVerb, type VerbNode } from './core/flags/tree';
import { errorJson } from './output/json-errors';
import { errorLabel } from './output/say';

const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * commander's CommanderError, known by its code (`commander.unknownOption`, ...): commander is
 * loaded only for a command line that needs it, and not for its error class.
 */
function isCommanderError(error: unknown): error is Error & { code: string; exitCode: number } {
  const { code, exitCode } = (error ?? {}) as { code?: unknown; exitCode?: unknown };
  return (
    error instanceof Error && typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number'
  );
}

/** The exit code of an error (the table is errors.ts's ERROR_KINDS): the only place an error becomes a number. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof CliError) return ERROR_KINDS[error.kind].code;
  if (error instanceof ExitStatus) return error.code;
  if (error instanceof BrokenPipeError) return 0;
  if (isCommanderError(error)) {
    // --help and --version end with code 0; every parse error is a usage error.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (isPromptCancel(error)) return 130;
  return 1;
}

/**
 * What an error says, for a person (prose) and for a script (JSON) alike. `label`: prose starts
 * with "error:"; `commanderSaid`: commander has written it already (in prose); `stack`: shown
 * with --debug; `http`: the answer's status and request ID, when there was an answer.
 */
interface Described {
  kind: ErrorKind;
  message: string;
  hint?: string;
  label: boolean;
  commanderSaid?: boolean;
  stack?: string;
  http?: { status: number; requestId?: string };
}

function describeError(error: unknown, ctx: Ctx, facts: EarlyReading): Described | undefined {
  if (error instanceof BrokenPipeError) return undefined;
  if (isCommanderError(error)) {
    if (error.exitCode === 0) return undefined; // --help, --version
    // "error: unknown option '--nope'\n(Did you mean --json?)"
    const [first = '', ...rest] = error.message.replace(/^error:\s*/, '').split('\n');
    const suggestion = rest
      .join(' ')
      .replace(/^\((.*)\)$/, '$1')
      .trim();
    return {
      kind: 'usage',
      message: first,
      hint: `${suggestion ? `${suggestion} ` : ''}Run \`${ctx.commandPath} --help\` for usage.`,
      label: true,
      commanderSaid: true,
    };
  }
  if (error instanceof ExitStatus) {
    return error.message
      ? { kind: 'failure', message: error.message, hint: error.hintFor(facts.where), label: true }
      : undefined;
  }
  if (isPromptCancel(error)) return { kind: 'cancelled', message: 'Cancelled.', label: false };
  if (error instanceof CliError) {
    const http =
      error instanceof ApiError && error.status !== undefined
        ? { status: error.status, requestId: error.requestId }
        : undefined;
    if (
      error.kind === 'cancelled' ||
      error.kind === 'declined' ||
      error.kind === 'attention' ||
      error.kind === 'confirmation-required'
    )
      return { kind: error.kind, message: error.message, hint: error.hintFor(facts.where), label: false, http };
    const hint =
      error.hintFor(facts.where) ?? (error.kind === 'usage' ? `See \`${ctx.commandPath} --help\`.` : undefined);
    return { kind: error.kind, message: error.message, hint, label: true, http };
  }
  // A file or directory mon could not use (full disk, read-only, permissions) that no command
  // turned into its own message: name it and the reason, not "unexpected".
  const path = (error as NodeJS.ErrnoException | undefined)?.path;
  const why = typeof path === 'string' ? pathProblem(error, path) : undefined;
  if (why) {
    return {
      kind: 'failure',
      message: `Cannot use ${path}: ${why}.`,
      hint: "Fix that, or use another path (mon's own directories move with MON_CONFIG_DIR, MON_DATA_DIR and MON_CACHE_DIR).",
      label: true,
    };
  }
  // A bug in mon: say so plainly, with what a report needs; the stack only with --debug (or
  // MON_DEBUG=1), when the start-up (src/start/) has turned source maps on so that it names src/*.ts lines.
  const message = error instanceof Error ? error.message : String(error);
  const where = `mon ${MON_VERSION}, Node.js ${process.version}, ${process.platform}-${process.arch}`;
  // From the command line too: an error while commander parses comes before globals are set.
  if ((ctx.globals.debug || facts.debug) && error instanceof Error && error.stack) {
    return {
      kind: 'failure',
      message,
      stack: error.stack,
      hint: `This is unexpected (${where}): please report it to the mon maintainers with this output.`,
      label: true,
    };
  }
  return {
    kind: 'failure',
    message,
    hint: `This is unexpected (${where}): run the command again with --debug and report it to the mon maintainers with that output.`,
    label: true,
  };
}

/**
 * Says what went wrong on stderr: prose ("error: ..." and a hint), or with --json/--jq one
 * JSON object (output/json-errors.ts) with the same message, hint and exit code.
 */
function report(error: unknown, exitCode: number, ctx: Ctx, facts: EarlyReading): void {
  const { io } = ctx;
  const said = describeError(error, ctx, facts);
  if (!said) return;
  if (ctx.globals.json || facts.json) {
    io.errRaw(errorJson({ exitCode, kind: said.kind, message: said.message, hint: said.hint, http: said.http }));
    if (said.stack) io.err(`${io.errStyle.dim(said.stack)}\n`);
    return;
  }
  if (said.commanderSaid) return;
  io.err(`${said.label ? `${errorLabel(io.errStyle)} ` : ''}${said.message}\n`);
  if (said.stack) io.err(`${io.errStyle.dim(said.stack)}\n`);
  if (said.hint) io.err(`${said.hint}\n`);
}

/**
 * The command line read over the command tree: the program's global flags and its commands,
 * `command` (the top-level one the line names) loaded, the others known by name.
 */
async function readCommandLine(argv: readonly string[], command: string | undefined): Promise<Reading> {
  const entry = TOP_LEVEL.find((candidate) => candidate.spec.name === command);
  const loaded = await entry?.load();
  const children = TOP_LEVEL.map((candidate): ReadNode => (candidate === entry ? loaded! : { spec: candidate.spec }));
  return readLine(argv, programNode(children));
}

/**
 * Runs a line that reads cleanly (read.ts) as commander would have, without building the
 * program: the verb it names, with its input as read and converted (convert.ts).
 */
async function runRead(ctx: Ctx, reading: Reading): Promise<void> {
  const verb = named(reading) as VerbNode;
  const read = rawInput(reading);
  const own = ownGlobals(verb.spec, read.flags, globalsOf(reading) as GlobalOptions);
  await startCommand(ctx, own.globals, commandPathAt(reading));
  const raw = { ...read, flags: own.flags };
  const input = convertInput(verb.spec, raw.flags, raw.args, ctx.now());
  const run = await verb.load(async () => (await import('./program')).buildProgram(ctx));
  await runVerb(ctx, verb.spec, run, input, raw);
}

/** The mode of this run, or undefined while MON_MODE holds a value mon does not know. */
function modeIfKnown(ctx: Ctx): string | undefined {
  try {
    return ctx.mode().mode;
  } catch {
    return undefined;
  }
}

/** Runs one command line and returns its exit code. Never exits the process itself. */
export async function main(argv: string[], ctx: Ctx): Promise<number> {
  let code = 0;
  // A command that runs others in this process (`mon mcp`) runs them through here.
  ctx.runLine ??= main;
  // An agent gets its errors as JSON and without colour, parse errors included (an unknown
  // MON_MODE is reported below, as the usage error it is).
  const agent = modeIfKnown(ctx) === 'agent';
  const asAgent = (read: EarlyReading): EarlyReading => (agent ? { ...read, json: true, noColor: true } : read);
  // What the global flags say is known before the command is loaded: JSON, colour, --debug.
  let facts = asAgent(readEarly(argv, ctx.env));
  // Parse errors are reported before any action runs: decide their colour now.
  await ctx.io.setColor({ noColorFlag: facts.noColor, env: ctx.env });
  try {
    ctx.mode();
    const reading = await readCommandLine(argv, facts.command);
    ctx.line = reading;
    facts = asAgent(earlyFacts(reading, ctx.env));
    refuseFlagsAsValues(reading);
    refuseUnknownOptions(reading);
    refuseUnquotedValues(reading);
    await (readsCleanly(reading) ? runRead(ctx, reading) : (await import('./program')).parseAndRun(argv, ctx, reading));
  } catch (caught) {
    // `--help` ends commander's parse with an "error" of exit code 0.
    ctx.outputReusable ||= isCommanderError(caught) && caught.code === 'commander.helpDisplayed';
    const key = ctx.keySource;
    const error = key ? rejectedKey(caught, key.source, key.profile, () => hasStoredKey(ctx, key.profile)) : caught;
    code = exitCodeFor(error);
    // Cancelled by a signal (cli.ts aborts with its name): say which one, 128 + its number as shells do.
    if (code === ERROR_KINDS.cancelled.code && ctx.cancel.aborted)
      code = SIGNAL_EXIT[(ctx.cancel.reason as Error | undefined)?.message ?? ''] ?? code;
    report(error, code, ctx, facts);
  } finally {
    await ctx.close();
  }
  return code;
}
