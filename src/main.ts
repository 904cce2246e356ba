import { CommanderError } from 'commander';
import { pathProblem } from './config/paths';
import type { Ctx } from './core/context';
import { envFlag } from './env';
import { BrokenPipeError, CliError, ExitStatus, isPromptCancel, type ErrorKind } from './errors';
import { refuseFlagsAsValues } from './core/flags/guard';
import { helpAskedFor } from './core/help';
import { buildProgram } from './program';

/** CLI.md's exit-code table. This file is the only place an error becomes a number. */
const EXIT_CODES: Record<ErrorKind, number> = {
  usage: 2,
  auth: 4,
  'plan-limit': 5,
  'not-found': 6,
  'rate-limit': 7,
  cancelled: 130,
  declined: 1,
  api: 1,
  network: 1,
  timeout: 1,
  response: 1,
  config: 1,
  failure: 1,
};

export function exitCodeFor(error: unknown): number {
  if (error instanceof CliError) return EXIT_CODES[error.kind];
  if (error instanceof ExitStatus) return error.code;
  if (error instanceof BrokenPipeError) return 0;
  if (error instanceof CommanderError) {
    // --help and --version end with code 0; every parse error is a usage error.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (isPromptCancel(error)) return 130;
  return 1;
}

function report(error: unknown, ctx: Ctx, argv: string[]): void {
  const { io } = ctx;
  const label = io.errStyle.red('error:');
  if (error instanceof BrokenPipeError) return;
  if (error instanceof CommanderError) return; // commander has already said it (and suggested a spelling)
  if (error instanceof ExitStatus) {
    if (error.message) io.err(`${label} ${error.message}\n${error.hint ? `${error.hint}\n` : ''}`);
    return;
  }
  if (isPromptCancel(error)) {
    io.err('Cancelled.\n');
    return;
  }
  if (error instanceof CliError) {
    if (error.kind === 'cancelled' || error.kind === 'declined') {
      io.err(`${error.message}\n${error.hint ? `${error.hint}\n` : ''}`);
      return;
    }
    const hint = error.hint ?? (error.kind === 'usage' ? `See \`${ctx.commandPath} --help\`.` : undefined);
    io.err(`${label} ${error.message}\n${hint ? `${hint}\n` : ''}`);
    return;
  }
  // A file or directory mon could not use (full disk, read-only, permissions) that no command
  // turned into its own message: name it and the reason, not "unexpected".
  const path = (error as NodeJS.ErrnoException | undefined)?.path;
  const why = typeof path === 'string' ? pathProblem(error, path) : undefined;
  if (why) {
    io.err(
      `${label} Cannot use ${path}: ${why}.\nFix that, or use another path (mon's own directories move with MON_CONFIG_DIR, MON_DATA_DIR and MON_CACHE_DIR).\n`,
    );
    return;
  }
  // A bug in mon: say so plainly, with what a report needs; the stack only with --debug (or
  // MON_DEBUG=1), when bin/mon.js has turned source maps on so that it names src/*.ts lines.
  const message = error instanceof Error ? error.message : String(error);
  const where = `mon ${MON_VERSION}, Node.js ${process.version}, ${process.platform}-${process.arch}`;
  io.err(`${label} ${message}\n`);
  // --debug is looked for in argv too: an error while commander parses comes before globals are set.
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const debug = ctx.globals.debug || envFlag(ctx.env.MON_DEBUG) || options.includes('--debug');
  if (debug && error instanceof Error && error.stack) {
    io.err(`${io.errStyle.dim(error.stack)}\n`);
    io.err(`This is unexpected (${where}): please report it to the mon maintainers with this output.\n`);
  } else {
    io.err(
      `This is unexpected (${where}): run the command again with --debug and report it to the mon maintainers with that output.\n`,
    );
  }
}

/** Runs one command line and returns its exit code. Never exits the process itself. */
export async function main(argv: string[], ctx: Ctx): Promise<number> {
  let code = 0;
  // Parse errors are reported before any action runs: decide their colour now.
  ctx.io.setColor({ noColorFlag: argv.includes('--no-color'), env: ctx.env });
  try {
    const program = buildProgram(ctx, argv);
    refuseFlagsAsValues(program, argv);
    const help = helpAskedFor(program, argv);
    if (help) help.outputHelp();
    else await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    report(error, ctx, argv);
    code = exitCodeFor(error);
  } finally {
    await ctx.close();
  }
  return code;
}
