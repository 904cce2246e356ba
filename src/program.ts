import { Command, Option } from 'commander';
import type { Ctx } from './core/context';
import { envFlag } from './env';
import { examples } from './core/flags/define';
import { apiCommand } from './commands/api/index';
import { authCommand } from './commands/auth/index';
import { checksCommand } from './commands/checks/index';
import { completionCommand } from './commands/completion/index';
import { configCommand } from './commands/config/index';
import { heartbeatsCommand } from './commands/heartbeats/index';
import { incidentsCommand } from './commands/incidents/index';
import { runtimesCommand } from './commands/runtimes/index';
import { sandboxCommand } from './commands/sandbox/index';
import { statusPagesCommand } from './commands/status-pages/index';
import type { GlobalOptions } from './config/settings';

/** Global flags that take a value, to find the command word in argv. */
const VALUE_FLAGS = new Set(['--profile', '--base-url', '--account', '--ping-url', '--timeout']);

/** The top-level command a command line asks for ("help incidents" asks for incidents). */
export function invokedCommand(argv: readonly string[]): string | undefined {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (VALUE_FLAGS.has(arg)) i++;
      continue;
    }
    words.push(arg);
  }
  return words[0] === 'help' ? words[1] : words[0];
}

interface TopLevel {
  group: string;
  name: string;
  build: (ctx: Ctx) => Command;
  /** A noun's description: the noun is shown by it without being built when not invoked. */
  description?: string;
}

/**
 * The top-level commands, in help order. This table holds their descriptions; a command
 * line builds only the subtree it asks for (the others appear by name and description),
 * which keeps `mon incidents --help` from constructing the other hundred-odd options.
 */
const TOP_LEVEL: TopLevel[] = [
  {
    group: 'Status pages and incidents:',
    name: 'incidents',
    description: 'Open, update and resolve status-page incidents',
    build: incidentsCommand,
  },
  {
    group: 'Status pages and incidents:',
    name: 'status-pages',
    description: 'Status pages, cards and services (find service IDs)',
    build: statusPagesCommand,
  },
  {
    group: 'Checks and runtimes:',
    name: 'checks',
    description: 'Create DNS checks (and the deprecated combined create)',
    build: checksCommand,
  },
  {
    group: 'Checks and runtimes:',
    name: 'heartbeats',
    description: 'Heartbeats: events, availability, pings, cron jobs',
    build: heartbeatsCommand,
  },
  {
    group: 'Checks and runtimes:',
    name: 'runtimes',
    description: 'The runtimes checks run on: Node.js, stage, packages',
    build: runtimesCommand,
  },
  {
    group: 'Setup:',
    name: 'auth',
    description: 'Log in, see which credentials are in use, log out',
    build: authCommand,
  },
  { group: 'Setup:', name: 'config', description: 'Read and change the stored profile settings', build: configCommand },
  { group: 'Tools:', name: 'api', build: apiCommand },
  { group: 'Tools:', name: 'completion', build: completionCommand },
  { group: 'Tools:', name: 'sandbox', build: sandboxCommand },
];

/**
 * The command tree: global flags (CLI.md) and one addCommand per top-level command. With
 * `argv`, only the subtree that argv asks for is built in full; without it, all of it
 * (shell completions need everything).
 */
export function buildProgram(ctx: Ctx, argv?: readonly string[]): Command {
  const program = new Command('mon')
    .description('Status-page incidents, checks, heartbeats and runtimes from the command line.')
    .version(`mon ${MON_VERSION}`, '--version', 'print the version')
    .optionsGroup('Global options:')
    .option('--profile <name>', 'stored profile to use (env MON_PROFILE; default "default")')
    .option('--base-url <url>', 'API base URL (env MON_BASE_URL)')
    .option('--account <id>', 'account ID, sent as x-service-account (env MON_ACCOUNT_ID)')
    .option('--ping-url <url>', 'base URL of heartbeat pings (env MON_PING_URL)')
    .option('--json', 'print the API response as JSON')
    .option('--no-input', 'never prompt; a missing value is an error (env MON_NO_INPUT=1, CI)')
    .option('--no-color', 'turn colours off (env NO_COLOR; FORCE_COLOR=1 forces them on)')
    .option('--debug', 'log requests and responses to stderr, key redacted (env MON_DEBUG=1)')
    .option('--timeout <seconds>', 'deadline per request, retries included (env MON_TIMEOUT; default 30)')
    .option('--sandbox', 'use the embedded sandbox instead of an account (env MON_SANDBOX=1)')
    .addOption(new Option('--insecure', 'allow sending the API key over plain http:// to a non-local host'))
    .addHelpText(
      'after',
      examples(
        'mon --sandbox incidents list',
        'mon auth login',
        'mon incidents update --status MONITORING --message "Fix deployed, watching"',
        "mon incidents list --json | jq -r '.entries[].id'",
      ) +
        '\nThe API key is read from MON_API_KEY or the stored profile, never from a flag.\n' +
        'Run `mon COMMAND --help` for the flags of a command.\n',
    );

  const wanted = argv && invokedCommand(argv);
  for (const entry of TOP_LEVEL) {
    program.commandsGroup(entry.group);
    if (!entry.description) program.addCommand(entry.build(ctx));
    else if (!argv || entry.name === wanted) program.addCommand(entry.build(ctx).description(entry.description));
    else program.addCommand(new Command(entry.name).description(entry.description));
  }
  program.helpCommand('help [command]', 'Show help for a command');

  program.hook('preAction', (_program, action) => {
    const globals = program.opts<GlobalOptions>();
    ctx.globals = globals;
    ctx.commandPath = commandPath(action);
    ctx.io.setColor({ noColorFlag: globals.color === false, env: ctx.env });
    ctx.io.promptsDisabled = globals.input === false || envFlag(ctx.env.MON_NO_INPUT) || envFlag(ctx.env.CI);
  });

  applyEverywhere(program, ctx);
  return program;
}

export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/**
 * Settings commander does not pass down to commands added with addCommand: errors throw
 * instead of exiting, output goes through ctx.io, spelling suggestions, global flags in
 * every help.
 */
function applyEverywhere(command: Command, ctx: Ctx): void {
  command
    .exitOverride()
    .helpOption('-h, --help', 'show help for this command')
    .configureOutput({
      writeOut: (text) => ctx.io.out(text),
      writeErr: (text) => ctx.io.err(text),
      outputError: (text, write) => write(text.replace(/^error:/, ctx.io.errStyle.red('error:'))),
      getOutHelpWidth: () => ctx.io.columns(),
      getErrHelpWidth: () => ctx.io.columns(),
    })
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true, sortOptions: false });
  command.showHelpAfterError(`Run \`${commandPath(command)} --help\` for usage.`);
  for (const sub of command.commands) applyEverywhere(sub, ctx);
}
