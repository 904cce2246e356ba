import { Command } from 'commander';
import { TOP_LEVEL } from './commands/index';
import { startCommand, type Ctx } from './core/context';
import { addFlags, commandFor, commandPath, deferVerbs, fill } from './core/flags/commander';
import { GLOBAL_FLAGS, type GlobalOptions } from './core/flags/globals';
import { earlyFacts, HELP_FLAGS, VERSION_FLAG, type Reading } from './core/flags/read';
import { globalOptionsText, helpAfter, helpAskedFor, HELP_SETTINGS } from './core/help';
import { errorLabel } from './output/say';

/** The `help` command of each program built (commander has no public way to ask a program for it). */
const helpCommands = new WeakMap<Command, Command>();

/**
 * The command tree: the global flags and one command per entry of TOP_LEVEL. With the
 * command line's `reading`, only the subtree it names is built in full (the others appear
 * by name and summary), which keeps `mon incidents --help` from constructing the other
 * hundred-odd options; without it, all of it (shell completions describe everything).
 */
export async function buildProgram(ctx: Ctx, reading?: Reading): Promise<Command> {
  const program = new Command('mon')
    .description('Status-page incidents, checks, heartbeats and runtimes from the command line.')
    .version(`mon ${MON_VERSION}`, VERSION_FLAG, 'print the version')
    .optionsGroup('Global options:');
  addFlags(program, GLOBAL_FLAGS);
  program.addHelpText('after', () =>
    helpAfter(
      'The API key is read from MON_API_KEY or the stored profile, never from a flag. Run `mon COMMAND --help` (or `mon help COMMAND`) for the flags of a command.',
      [
        'mon --sandbox incidents list',
        'mon auth login',
        'mon incidents update --status monitoring --message "Fix deployed, watching"',
        "mon incidents list --jq '.entries[].id'",
      ],
      ctx.io.columns(),
    ),
  );

  const facts = reading && earlyFacts(reading, ctx.env);
  const wanted = facts?.command;
  const tree = () => buildProgram(ctx);
  // A top-level command's module is loaded only to build it: a command line loads the one it
  // runs, `mon --help` those that show their arguments there.
  const nodes = await Promise.all(
    TOP_LEVEL.map((entry) =>
      !reading || entry.spec.name === wanted || (entry.eager && wanted === undefined) ? entry.load() : undefined,
    ),
  );
  const addEntries = () => {
    TOP_LEVEL.forEach((entry, index) => {
      program.commandsGroup(entry.group);
      const node = nodes[index];
      const built = node
        ? commandFor(ctx, node, tree, reading)
        : new Command(entry.spec.name).description(entry.spec.summary);
      program.addCommand(built, { hidden: entry.hidden });
    });
  };
  // A command line that runs a verb (not a help, which lists them all) needs the options of
  // the commands it names only; a group it ends at (`mon incidents`) shows its verbs' terms.
  if (reading && !reading.help) {
    deferVerbs(ctx, addEntries);
    let command: Command = program;
    for (const word of reading.path) {
      const sub = command.commands.find((candidate) => candidate.name() === word);
      if (!sub) break;
      fill(sub);
      command = sub;
    }
    for (const sub of command.commands) fill(sub);
  } else addEntries();
  const help = new Command('help').argument('[command]').description('Show help for a command');
  program.addHelpCommand(help);
  helpCommands.set(program, help);

  program.hook('preAction', (_program, action) =>
    startCommand(ctx, program.opts<GlobalOptions>(), commandPath(action)),
  );

  applyEverywhere(program, ctx, facts?.json ?? false);
  // `mon help help`: the help command's own help, named as it is typed.
  applyEverywhere(help, ctx, false);
  help
    .helpOption(false)
    .configureHelp({ ...HELP_SETTINGS, commandUsage: () => 'mon help [COMMAND...]' })
    .addHelpText('after', () =>
      helpAfter(
        '`mon help A B` is the help of `mon A B` (the same as `mon A B --help`).',
        ['mon help incidents update'],
        ctx.io.columns(),
      ),
    );
  for (const sub of program.commands) closeWithGlobalOptions(sub, program, ctx);
  return program;
}

/**
 * Settings commander does not pass down to commands added with addCommand: errors throw
 * instead of exiting, output goes through ctx.io, spelling suggestions, global flags in
 * every help. With --json or --jq on the command line (`jsonErrors`), commander says nothing
 * of a parse error itself: main.ts reports it as a JSON object.
 */
function applyEverywhere(command: Command, ctx: Ctx, jsonErrors: boolean): void {
  command
    .exitOverride((error) => {
      // The command a parse error is about, for the report's hint.
      ctx.commandPath = commandPath(command);
      throw error;
    })
    .helpOption(`${HELP_FLAGS.short}, ${HELP_FLAGS.long}`, 'show help for this command')
    .configureOutput({
      writeOut: (text) => ctx.io.out(text),
      writeErr: (text) => ctx.io.err(text),
      outputError: (text, write) => {
        if (!jsonErrors) write(text.replace(/^error:/, errorLabel(ctx.io.errStyle)));
      },
      getOutHelpWidth: () => ctx.io.columns(),
      getErrHelpWidth: () => ctx.io.columns(),
      // mon's colour rules (io.ts), not commander's own look at process.stdout.
      getOutHasColors: () => ctx.io.style.level > 0,
      getErrHasColors: () => ctx.io.errStyle.level > 0,
    })
    .showSuggestionAfterError(true)
    .configureHelp(HELP_SETTINGS);
  if (!jsonErrors) command.showHelpAfterError(`Run \`${commandPath(command)} --help\` for usage.`);
  for (const sub of command.commands) applyEverywhere(sub, ctx, jsonErrors);
}

/** Every help but the program's own ends with the global options, in short. */
function closeWithGlobalOptions(command: Command, program: Command, ctx: Ctx): void {
  command.addHelpText('after', () => globalOptionsText(program, ctx.io.columns()));
  for (const sub of command.commands) closeWithGlobalOptions(sub, program, ctx);
}

/**
 * Builds the program and prints the help the command line asks for, or has commander parse
 * the command line and run it (the guards of guard.ts have passed).
 */
export async function parseAndRun(argv: string[], ctx: Ctx, reading: Reading): Promise<void> {
  const program = await buildProgram(ctx, reading);
  const help = helpAskedFor(program, reading, helpCommands.get(program)!);
  if (help) {
    help.outputHelp();
    ctx.outputReusable = true;
  } else await program.parseAsync(argv, { from: 'user' });
}
