import { Argument, Command, Option } from 'commander';
import type { Ctx } from '../context';
import { helpAfter } from '../help';
import { convertInput, ownGlobals } from './convert';
import { argumentsOf, type Reading } from './read';
import {
  effectLine,
  orList,
  spellingsOf,
  type ArgSpec,
  type Flag,
  type FlagTable,
  type NounSpec,
  type VerbSpec,
} from './spec';
import { isVerb, runVerb, type CommandNode, type Run, type Tree } from './tree';

/** A commander option that keeps its table entry: the action (rawFlags) and the completions read it. */
export class FlagOption extends Option {
  constructor(
    flags: string,
    description: string,
    readonly key: string,
    readonly flag: Flag,
  ) {
    super(flags, description);
  }
}

/** A positional argument that keeps its table entry (completions offer its values). */
export class ArgOption extends Argument {
  constructor(readonly spec: ArgSpec) {
    const name = spec.kind === 'words' ? `${spec.label}...` : spec.label;
    super(spec.optional ? `[${name}]` : `<${name}>`, spec.help);
  }
}

const VALUE_NAMES: Record<Flag['kind'], string> = {
  text: 'text',
  id: 'id',
  file: 'file',
  int: 'n',
  number: 'n',
  enum: 'value',
  time: 'time',
  duration: 'duration',
  bool: '',
  raw: 'value',
};

/** The option's help line: the table's text, then its values and default. */
export function describeFlag(flag: Flag): string {
  // The values go before any closing "(note)": "the status: A, B or C, in any case (default: ...)".
  const [, main = flag.help, note = ''] = /^(.*?)((?: \([^()]*\))*)$/s.exec(flag.help) ?? [];
  let text = main;
  const values = flag.kind === 'enum' || flag.kind === 'raw' ? flag.values : undefined;
  if (values && values.length <= 14)
    text += `: ${orList(values)}${flag.kind === 'enum' && !flag.numeric ? ', in any case' : ''}`;
  text += note;
  if ('default' in flag && flag.default !== undefined) {
    text += ` (default ${typeof flag.default === 'string' && /\s/.test(flag.default) ? JSON.stringify(flag.default) : flag.default})`;
  }
  if ('repeatable' in flag && flag.repeatable) text += ' (repeatable)';
  return text;
}

/** The commander options of one table entry: one per spelling (spec.ts), a switch with both forms has two. */
export function optionsFor(key: string, flag: Flag): FlagOption[] {
  const options = spellingsOf(key, flag).map((spelling) => {
    const term = `${spelling.short ? `${spelling.short}, ` : ''}${spelling.long}`;
    const value = flag.kind === 'bool' ? '' : ` <${flag.value ?? VALUE_NAMES[flag.kind]}>`;
    const option = new FlagOption(`${term}${value}`, describeFlag(flag), key, flag);
    if (spelling.hidden) option.hideHelp();
    return option;
  });
  if (flag.kind === 'bool' && flag.forms === 'both' && !flag.hide)
    options[1]!.description = flag.negativeHelp ?? `the opposite of ${options[0]!.long}`;
  if ('repeatable' in flag && flag.repeatable) {
    // Appended in place: copying the list for each value made 40,000 values take seconds.
    options[0]!.argParser((value: string, previous: string[] | undefined) => {
      if (!previous) return [value];
      previous.push(value);
      return previous;
    });
  }
  return options;
}

/** Adds a table's flags to a command, under their help groups. */
export function addFlags(command: Command, flags: FlagTable): Command {
  let group: string | undefined;
  for (const [key, flag] of Object.entries(flags)) {
    if (flag.group && flag.group !== group) {
      group = flag.group;
      command.optionsGroup(`${group}:`);
    }
    for (const option of optionsFor(key, flag)) command.addOption(option);
  }
  return command;
}

/**
 * What commander parsed for each table entry, keyed as in the table. Commander hands the
 * words after a subcommand's name to its parent's flags first, so `mon sandbox info --data
 * FILE` gives --data to `mon sandbox`: a flag the verb did not get itself is taken from an
 * ancestor's flag of the same name, when that one came from the command line.
 */
export function rawFlags(command: Command): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const option of command.options) {
    if (!(option instanceof FlagOption)) continue;
    let value = command.getOptionValue(option.attributeName()) as unknown;
    for (let parent = command.parent; value === undefined && parent; parent = parent.parent) {
      const same = parent.options.find((other) => other instanceof FlagOption && other.long === option.long);
      if (same && parent.getOptionValueSource(same.attributeName()) === 'cli')
        value = parent.getOptionValue(same.attributeName());
    }
    if (value !== undefined) values[option.key] = value;
  }
  return values;
}

/**
 * The arguments commander parsed for a verb. Commander fills them from every word, `--` or
 * not: the words after `--` of a verb whose last argument alone takes them are given as the
 * line was read (`line`, read.ts).
 */
export function rawArguments(spec: VerbSpec, command: Command, line?: Reading): unknown[] {
  const declared = spec.args ?? [];
  if (!line || !declared.at(-1)?.afterDashDash) return command.processedArgs;
  return argumentsOf(
    declared,
    line.operands.map(({ word }) => word),
    line.afterEnd,
  );
}

/** Builds of a command line (see `deferVerbs`): verbs whose arguments and options are added when `fill` asks. */
const deferring = new WeakSet<Ctx>();
const unfilled = new WeakMap<Command, () => void>();

/**
 * While `build` runs, verbs are made with their name and summary only; `fill` adds a verb's
 * arguments and options. A command line runs one verb: building the options of every other
 * (a hundred-odd) cost ~3 ms a start.
 */
export function deferVerbs<T>(ctx: Ctx, build: () => T): T {
  deferring.add(ctx);
  try {
    return build();
  } finally {
    deferring.delete(ctx);
  }
}

/** Adds the arguments and options of a verb made by `deferVerbs`' build (once; nothing for any other command). */
export function fill(command: Command): void {
  const add = unfilled.get(command);
  unfilled.delete(command);
  add?.();
}

/**
 * The commander command of a tree's node (tree.ts), and of everything under it; `line`: the
 * command line it is built to parse, as read (read.ts).
 */
export function commandFor(ctx: Ctx, node: CommandNode, tree: Tree, line?: Reading): Command {
  const children = node.children.map((child) => commandFor(ctx, child, tree, line));
  if (!isVerb(node)) return nounCommand(ctx, node.spec, children);
  const command = verbCommand(ctx, node.spec, () => node.load(tree), line);
  for (const child of children) command.addCommand(child);
  return command;
}

/** The table of each verb's command: `mon schema` reads the whole program through it. */
const verbSpecs = new WeakMap<Command, VerbSpec>();

/** The table a command was built from, when it is a verb (not a noun, nor `help`). */
export function verbSpecOf(command: Command): VerbSpec | undefined {
  return verbSpecs.get(command);
}

/**
 * A verb from its table. Options and help are built now (commander only; see deferVerbs); the
 * run function is loaded when the verb runs, so `mon --help` loads none.
 */
function verbCommand(ctx: Ctx, spec: VerbSpec, load: () => Promise<Run<VerbSpec>>, line?: Reading): Command {
  // The summary lists the verb under its noun; its own help adds what it does to the world.
  const command = new Command(spec.name).summary(spec.summary).description(`${spec.summary}\n${effectLine(spec)}`);
  verbSpecs.set(command, spec);
  const add = () => {
    for (const arg of spec.args ?? []) command.addArgument(new ArgOption(arg));
    addFlags(command, spec.flags);
  };
  if (deferring.has(ctx)) unfilled.set(command, add);
  else add();
  command.addHelpText('after', () => helpAfter(spec.about, spec.examples, ctx.io.columns()));
  command.action(async (...params: unknown[]) => {
    const self = params.at(-1) as Command;
    const own = ownGlobals(spec, rawFlags(self), ctx.globals);
    ctx.globals = own.globals;
    const raw = { flags: own.flags, args: rawArguments(spec, self, line) };
    const input = convertInput(spec, raw.flags, raw.args, ctx.now());
    await runVerb(ctx, spec, await load(), input, raw);
  });
  return command;
}

/** A noun: a group of verbs; alone it shows its help. */
function nounCommand(ctx: Pick<Ctx, 'io'>, spec: NounSpec, verbs: Command[]): Command {
  const command = new Command(spec.name).description(spec.summary);
  // Listed among the verbs as mon's own `help` is (commander's default reads "display help for command").
  command.helpCommand('help [command]', 'Show help for a command');
  command.addHelpText('after', () => helpAfter(undefined, spec.examples, ctx.io.columns()));
  for (const verb of verbs) command.addCommand(verb);
  return command;
}

/** "mon incidents update": a commander command as typed. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}
