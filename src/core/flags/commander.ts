import { Argument, Command, Option } from 'commander';
import { nothingSentIfCancelled } from '../confirm';
import type { Ctx } from '../context';
import { helpAfter, markNoun } from '../help';
import {
  canonicalValue,
  kebab,
  orList,
  type ArgSpec,
  type Flag,
  type FlagTable,
  type Input,
  type NounSpec,
  type VerbSpec,
} from './spec';

/** A commander option that keeps its table entry: completions and the flag guard read it. */
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

/** The commander options of one table entry (a switch with both forms has two). */
export function optionsFor(key: string, flag: Flag): FlagOption[] {
  const long = flag.long ?? kebab(key);
  const short = flag.short ? `-${flag.short}, ` : '';
  if (flag.kind === 'bool') {
    const forms = flag.forms ?? 'positive';
    const positive = new FlagOption(`${short}--${long}`, describeFlag(flag), key, flag);
    const negative = new FlagOption(`--no-${long}`, describeFlag(flag), key, flag);
    // The positive form goes first: defined alone, `--no-x` would make the value true by default.
    const options = forms === 'positive' ? [positive] : forms === 'negative' ? [negative] : [positive, negative];
    for (const option of options) {
      const hidden =
        (option === positive && flag.hide === 'positive') || (option === negative && flag.hide === 'negative');
      if (hidden || flag.hidden) option.hideHelp();
    }
    if (forms === 'both' && !flag.hide) negative.description = flag.negativeHelp ?? `the opposite of --${long}`;
    return options;
  }
  const option = new FlagOption(
    `${short}--${long} <${flag.value ?? VALUE_NAMES[flag.kind]}>`,
    describeFlag(flag),
    key,
    flag,
  );
  if ('repeatable' in flag && flag.repeatable) {
    // Appended in place: copying the list for each value made 40,000 values take seconds.
    option.argParser((value: string, previous: string[] | undefined) => {
      if (!previous) return [value];
      previous.push(value);
      return previous;
    });
  }
  if (flag.hidden) option.hideHelp();
  return [option];
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
function rawFlags(command: Command): Record<string, unknown> {
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

/** A verb's work: its validated input (and what it may use) → output. */
export type Run<S extends VerbSpec> = (ctx: Ctx, input: Input<S>) => Promise<void>;

/**
 * The input of a command line whose every value is plain (`mon incidents list --status all
 * --limit 20 --json`, `mon completion bash`): switches, enum values typed as one of their
 * values, whole numbers written as digits within their range, defaults for the rest. Nothing
 * to word an error for, so the validator (zod, ~10 ms to load) is not loaded. undefined for
 * anything else: parse.ts checks that input and words its errors.
 */
export function plainInput<S extends VerbSpec>(
  spec: S,
  rawFlags: Record<string, unknown>,
  rawArgs: unknown[],
): Input<S> | undefined {
  const flags: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(spec.flags)) {
    const raw = rawFlags[key];
    if (raw === undefined) {
      if ('default' in flag && flag.default !== undefined) flags[key] = flag.default;
      continue;
    }
    if ('repeatable' in flag && flag.repeatable) return undefined;
    if (flag.kind === 'bool' && typeof raw === 'boolean') flags[key] = raw;
    else if (flag.kind === 'enum' && !flag.numeric && typeof raw === 'string') {
      const value = canonicalValue(flag.values, raw);
      if (value === undefined) return undefined;
      flags[key] = value;
    } else if (flag.kind === 'int' && typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)) {
      const value = Number(raw);
      if (value < flag.min || value > (flag.max ?? Number.MAX_SAFE_INTEGER)) return undefined;
      flags[key] = value;
    } else return undefined;
  }
  const args: Record<string, string> = {};
  for (const [index, arg] of (spec.args ?? []).entries()) {
    const raw = rawArgs[index];
    const value = arg.kind === 'enum' && typeof raw === 'string' ? canonicalValue(arg.values ?? [], raw) : undefined;
    if (value === undefined) return undefined;
    args[arg.key] = value;
  }
  return { flags, args } as Input<S>;
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
 * A verb from its table. Options and help are built now (commander only; see deferVerbs); the
 * run function and the validation (zod) are loaded when the verb runs, so `mon --help` loads
 * neither.
 */
export function verbCommand<S extends VerbSpec>(ctx: Ctx, spec: S, load: () => Promise<Run<S>>): Command {
  const command = new Command(spec.name).description(spec.summary);
  const add = () => {
    for (const arg of spec.args ?? []) command.addArgument(new ArgOption(arg));
    addFlags(command, spec.flags);
  };
  if (deferring.has(ctx)) unfilled.set(command, add);
  else add();
  command.addHelpText('after', () => helpAfter(spec.about, spec.examples, ctx.io.columns()));
  command.action(async (...params: unknown[]) => {
    const self = params.at(-1) as Command;
    const raw = rawFlags(self);
    const plain = plainInput(spec, raw, self.processedArgs);
    const [parse, run] = await Promise.all([plain ? undefined : import('./parse'), load()]);
    const work = () => run(ctx, plain ?? parse!.parseInput(spec, raw, self.processedArgs, ctx.now()));
    // A verb that changes something (it has --dry-run) says so when a prompt is cancelled.
    await ('dryRun' in spec.flags ? nothingSentIfCancelled(work) : work());
  });
  return command;
}

/** A noun: a group of verbs; alone it shows its help. */
export function nounCommand(ctx: Pick<Ctx, 'io'>, spec: NounSpec, verbs: Command[]): Command {
  const command = markNoun(new Command(spec.name).description(spec.summary));
  // Listed among the verbs as mon's own `help` is (commander's default reads "display help for command").
  command.helpCommand('help [command]', 'Show help for a command');
  command.addHelpText('after', () => helpAfter(undefined, spec.examples, ctx.io.columns()));
  for (const verb of verbs) command.addCommand(verb);
  return command;
}
