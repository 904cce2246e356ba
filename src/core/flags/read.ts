import { envFlag } from '../../env';
import type { Where } from '../../text/next';
import { GLOBAL_FLAGS } from './globals';
import { flagName, spellingsOf, type ArgSpec, type FlagTable, type Spelling } from './spec';

/*
 * The command line, read once, over the command tree, the way commander reads it: the
 * commands it names, the global flags anywhere, each command's flags (`--flag value`,
 * `--flag=value`, `--no-x`, `-s value`, `-svalue`, a group of short switches `-ym TEXT`, a
 * flag given again), its arguments, and the words after `--`, which are never flags. The one
 * result says what everything before a command runs needs: which command, JSON or colour
 * for its errors, --debug, the help asked for, what the guards refuse (guard.ts: an unknown
 * option, a flag where a value belongs, a value of several words), and, for a line that
 * reads cleanly, the verb's input: such a line runs from it without commander (main.ts), and
 * test/core/flags/read.test.ts holds the two readings together on every verb.
 *
 * This is the only place the end of options, `--`, is read. The module imports the global
 * table and nothing heavy: `readEarly` is the start-up's reading, before the tree is loaded
 * (early.test.ts holds it to what it may import).
 */

/** What the reader knows of a command. tree.ts's nodes are ReadNodes. */
export interface ReadNode {
  spec: { name: string; flags?: FlagTable; args?: readonly ArgSpec[] };
  /** A verb's run function, loaded when it runs: the node runs. Without it, it groups the commands under it. */
  load?: unknown;
  /** The commands under it; none known (a top-level command not loaded, or the early reading) when undefined. */
  children?: readonly ReadNode[];
}

/** A flag's value as typed: its text, each text of a repeated flag in order, or a switch's state. */
export type RawValue = string | string[] | boolean;

/** The help option of every command and the program's version option (commander's; not in the global table). */
export const HELP_FLAGS = { short: '-h', long: '--help' } as const;
export const VERSION_FLAG = '--version';

/** A word of the command line, and where it is in argv. */
export interface Placed {
  word: string;
  at: number;
}

export interface Reading {
  /** The words read (after `mon`). */
  argv: readonly string[];
  /** The commands named after `mon`: `['incidents', 'list']`. */
  path: string[];
  /** The node of `mon`, then of each command named. */
  chain: ReadNode[];
  /** What each node of `chain` was given of its own flags, keyed as in its table (a flag two commands of the chain have is the first's, as commander gives it). */
  given: Record<string, RawValue>[];
  /** The words that are neither commands, flags nor flags' values, before `--`. */
  operands: Placed[];
  /** The words after `--`; undefined without one. */
  afterEnd: string[] | undefined;
  /** Options no command named so far has (`--bogus`, `-v`, `--json=yes`), with the depth in `chain` of the command they came after. */
  unknown: { word: string; depth: number }[];
  /** A flag that takes a value followed by a flag (read as the flag it is, not as the value). */
  swallowed: { typed: string; long: string; next: string }[];
  /** A flag that takes a value, last on the line, without one. */
  valueMissing: { typed: string; long: string } | undefined;
  /** The flags whose values are in argv, as typed, by the value's index. */
  valueAt: Map<number, string>;
  /** -h or --help, or `mon help ...`. */
  help: boolean;
  /** `mon help A B`: the command whose help is asked for, as typed. */
  helpTopic: string[] | undefined;
  /** --version. */
  version: boolean;
}

/** A table entry's spelling, or the help or version option; `depth`: the command in the chain that has it. */
interface Known {
  depth: number;
  spelling?: Spelling;
  option?: 'help' | 'version';
}

const HELP: Known = { depth: 0, option: 'help' };

/** `argv` (the words after `mon`) read over the tree under `root` (the program: the global flags, the top-level commands). */
export function readLine(argv: readonly string[], root: ReadNode): Reading {
  const reading: Reading = {
    argv,
    path: [],
    chain: [],
    given: [],
    operands: [],
    afterEnd: undefined,
    unknown: [],
    swallowed: [],
    valueMissing: undefined,
    valueAt: new Map(),
    help: false,
    helpTopic: undefined,
    version: false,
  };
  const { chain, given } = reading;
  // Every spelling of the commands named so far, the first to have it keeping it: one
  // look-up a word, so that thousands of repeated flags are read in linear time.
  const known = new Map<string, Known>();
  // Each command's short forms: the letters of a group are all its first letter's command's.
  const letters: Map<string, Known>[] = [];
  // The commands' spellings are learnt when the line's first flag is read, in the commands'
  // order (the same map as learning each as it is named): a line of words only (`mon status`,
  // `mon completion bash`) makes none.
  let learnt = 0;
  const learnSpellings = () => {
    for (; learnt < chain.length; learnt++) {
      const depth = learnt;
      const own = new Map<string, Known>();
      letters.push(own);
      const add = (name: string, entry: Known) => {
        if (!known.has(name)) known.set(name, entry);
      };
      add(HELP_FLAGS.short, HELP);
      add(HELP_FLAGS.long, HELP);
      if (depth === 0) add(VERSION_FLAG, { depth, option: 'version' });
      for (const [key, flag] of Object.entries(chain[depth]!.spec.flags ?? {})) {
        for (const spelling of spellingsOf(key, flag)) {
          add(spelling.long, { depth, spelling });
          if (spelling.short) {
            add(spelling.short, { depth, spelling });
            own.set(spelling.short, { depth, spelling });
          }
        }
      }
    }
  };
  const learn = (node: ReadNode) => {
    chain.push(node);
    given.push({});
    if (learnt > 0) learnSpellings();
  };
  learn(root);

  let at = 0;
  const give = ({ depth, spelling }: Known, value: string | boolean) => {
    const { key, flag } = spelling!;
    const values = given[depth]!;
    if (typeof value === 'string' && 'repeatable' in flag && flag.repeatable) {
      const list = values[key];
      if (Array.isArray(list)) list.push(value);
      else values[key] = [value];
    } else values[key] = value;
  };
  /** A flag's option: the help, the version, a switch, or a flag that takes its value from `inline` or the next word. */
  const take = (typed: string, entry: Known, inline: string | undefined) => {
    const { spelling } = entry;
    if (entry.option === 'help') reading.help = true;
    else if (entry.option === 'version') reading.version = true;
    else if (spelling!.sets !== undefined) give(entry, spelling!.sets);
    else if (inline !== undefined) give(entry, inline);
    else {
      const next = argv[at + 1];
      if (next === undefined) reading.valueMissing ??= { typed, long: spelling!.long };
      // A flag is never a value: commander would take it as one (guard.ts refuses the line).
      else if (next.startsWith('--') || known.has(next)) reading.swallowed.push({ typed, long: spelling!.long, next });
      else {
        reading.valueAt.set(++at, typed);
        give(entry, next);
      }
    }
  };
  const unknown = (word: string) => reading.unknown.push({ word, depth: chain.length - 1 });

  for (; at < argv.length; at++) {
    const word = argv[at]!;
    if (word === '--') {
      reading.afterEnd = argv.slice(at + 1);
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      // A command's name, under the one before it, comes before any other word.
      const child = reading.operands.length ? undefined : chain.at(-1)!.children?.find((c) => c.spec.name === word);
      if (child) {
        reading.path.push(word);
        learn(child);
      } else reading.operands.push({ word, at });
      continue;
    }
    // The help's own spellings are every command's, first (`mon incidents --help` learns no other).
    if (word === HELP_FLAGS.long || word === HELP_FLAGS.short) {
      take(word, HELP, undefined);
      continue;
    }
    learnSpellings();
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const entry = known.get(equals < 0 ? word : word.slice(0, equals));
      // `--json=yes`: a switch takes no value (nor do --help and --version).
      if (!entry || (equals >= 0 && (entry.option || entry.spelling!.sets !== undefined))) unknown(word);
      else take(word, entry, equals < 0 ? undefined : word.slice(equals + 1));
      continue;
    }
    // `-s`, `-svalue`, or a group of switches perhaps ending with one that takes a value
    // (`-ym TEXT`, `-ymTEXT`): every letter is read by the command that has the first. As
    // commander does, -h is the help only as a word of its own or at the end of a group.
    const first = known.get(word.slice(0, 2));
    if (!first || (first.option && word.length > 2)) {
      unknown(word);
      continue;
    }
    for (let letter = 1; letter < word.length; letter++) {
      const rest = `-${word.slice(letter)}`;
      const entry =
        letter === 1 ? first : rest === HELP_FLAGS.short ? HELP : letters[first.depth]!.get(rest.slice(0, 2));
      if (!entry) {
        unknown(rest);
        break;
      }
      if (entry.option || entry.spelling!.sets !== undefined) take(word, entry, undefined);
      else {
        take(word, entry, letter + 1 < word.length ? word.slice(letter + 1) : undefined);
        break;
      }
    }
  }
  if (reading.path.length === 0 && reading.operands[0]?.word === 'help') {
    reading.help = true;
    reading.helpTopic = reading.operands.slice(1).map(({ word }) => word);
  }
  return reading;
}

/** The global flags as commander's program.opts() has them: a switch with only its `--no-` form is true unless given. */
export function globalsOf(reading: Reading): Record<string, RawValue> {
  const globals: Record<string, RawValue> = {};
  for (const [key, flag] of Object.entries(GLOBAL_FLAGS))
    if (flag.kind === 'bool' && 'forms' in flag && flag.forms === 'negative') globals[key] = true;
  return Object.assign(globals, reading.given[0]);
}

/** The node the command line names (a verb, a group, or the program). */
export const named = (reading: Reading): ReadNode => reading.chain.at(-1)!;

/** "mon incidents update": the command at `depth` of the chain (by default the one named), as typed. */
export function commandPathAt(reading: Reading, depth = reading.path.length): string {
  return ['mon', ...reading.path.slice(0, depth)].join(' ');
}

/** Does the node run (a verb), or only group others? */
export const runs = (node: ReadNode): boolean => node.load !== undefined;

/**
 * Words typed before `--` that a last list marked `afterDashDash` would take: it takes the
 * words after `--` only, and these are refused by the list's converter (convert.ts), never run.
 */
export interface SpilledWords {
  beforeEnd: string[];
  afterEnd: string[];
}

/**
 * A verb's arguments from the words typed before `--` and after it, by position, as commander
 * fills them (a list of words takes all that are left); except that a last list marked
 * `afterDashDash` takes the words after `--` only (`exec -- pg_dump mydb` leaves TOKEN out;
 * `exec TOKEN backup.sh -- --full` is refused, where it ran `backup.sh --full`), which
 * commander cannot tell apart.
 */
export function argumentsOf(
  declared: readonly ArgSpec[],
  before: readonly string[],
  after: readonly string[] = [],
): (string | string[] | SpilledWords | undefined)[] {
  if (declared.at(-1)?.afterDashDash) {
    const list = declared.length - 1;
    const spilled = before.slice(list);
    return declared.map((_, index) =>
      index < list ? before[index] : spilled.length ? { beforeEnd: spilled, afterEnd: [...after] } : [...after],
    );
  }
  const words = [...before, ...after];
  return declared.map((arg, index) => (arg.kind !== 'words' ? words[index] : words.slice(index)));
}

/**
 * What the named verb was given, as commander hands it over: its flags by table key (a flag
 * it shares with a command above it, as `mon sandbox info --data` does with `mon sandbox`,
 * is the one given to that command), and its arguments (argumentsOf).
 */
export function rawInput(reading: Reading): {
  flags: Record<string, RawValue>;
  args: ReturnType<typeof argumentsOf>;
} {
  const depth = reading.chain.length - 1;
  const node = reading.chain[depth]!;
  const flags: Record<string, RawValue> = { ...reading.given[depth] };
  for (const [key, flag] of Object.entries(node.spec.flags ?? {})) {
    const longs = spellingsOf(key, flag).map((spelling) => spelling.long);
    for (let above = depth - 1; flags[key] === undefined && above >= 0; above--) {
      const same = Object.entries(reading.chain[above]!.spec.flags ?? {}).find(([otherKey, other]) =>
        spellingsOf(otherKey, other).some((spelling) => longs.includes(spelling.long)),
      );
      const value = same && reading.given[above]![same[0]];
      if (value !== undefined) flags[key] = value;
    }
  }
  const before = reading.operands.map(({ word }) => word);
  return { flags, args: argumentsOf(node.spec.args ?? [], before, reading.afterEnd) };
}

/**
 * Is the line one commander would run as it is: a verb, no option it does not know, every
 * flag with its value, each argument it requires given and none too many, no help or
 * version asked? Anything else is commander's to word (guard.ts words some of it first).
 */
export function readsCleanly(reading: Reading): boolean {
  const node = named(reading);
  if (!runs(node) || reading.help || reading.version || reading.valueMissing) return false;
  if (reading.unknown.length || reading.swallowed.length) return false;
  const declared = node.spec.args ?? [];
  const count = reading.operands.length + (reading.afterEnd?.length ?? 0);
  const values = rawInput(reading).args;
  const missing = declared.some((arg, index) => {
    const value = values[index];
    return !arg.optional && (value === undefined || (Array.isArray(value) && value.length === 0));
  });
  return !missing && (count <= declared.length || declared.at(-1)?.kind === 'words');
}

/* The start-up's reading. */

/** What is read of a command line before the command tree is loaded. */
export interface EarlyReading {
  /**
   * The words that are neither flags nor a global flag's value, in order: the command first
   * (`incidents updates create`), then its arguments (a verb's own flags are unknown here, so
   * the value of one may be among them: only the leading words are the command).
   */
  words: string[];
  /** The top-level command asked for (`help incidents` asks for incidents). */
  command: string | undefined;
  /** -h or --help, or `mon help ...`. */
  help: boolean;
  /** --json, --jq (-q) or --format json: output, and errors, are JSON. */
  json: boolean;
  /** --jq (-q): the jq engine runs. */
  jq: boolean;
  /** --no-color. */
  noColor: boolean;
  /** --debug, or MON_DEBUG set. */
  debug: boolean;
  /** --version. */
  version: boolean;
  /** --sandbox, --profile NAME...: where the command line goes, for the commands a hint names (text/next.ts). */
  where: Where;
}

const JQ_FLAG = flagName('jq', GLOBAL_FLAGS.jq);

/** `--format json`, in any case, is `--json`. */
const isJsonFormat = (format: RawValue | undefined) =>
  typeof format === 'string' && format.trim().toLowerCase() === 'json';

/** The program's node: the global flags, and the top-level commands under it (none known to the start-up's reading). */
export function programNode(commands?: readonly ReadNode[]): ReadNode {
  return { spec: { name: 'mon', flags: GLOBAL_FLAGS }, children: commands };
}

const EARLY_ROOT = programNode();

/** The facts of a reading that the global flags give (they are the program's: depth 0). */
export function earlyFacts(reading: Reading, env: NodeJS.ProcessEnv): EarlyReading {
  const globals = reading.given[0]!;
  // `--jq` without its expression asks for JSON all the same: the error that says so is JSON.
  const jqTyped = [reading.valueMissing, ...reading.swallowed].some((flag) => flag?.long === JQ_FLAG);
  const words = [...reading.path, ...reading.operands.map(({ word }) => word)];
  return {
    words,
    command: words[0] === 'help' ? words[1] : words[0],
    help: reading.help,
    json: globals.json === true || globals.jq !== undefined || jqTyped || isJsonFormat(globals.format),
    jq: globals.jq !== undefined,
    noColor: globals.color === false,
    debug: globals.debug === true || envFlag(env.MON_DEBUG),
    version: reading.version,
    where: whereOf(globals),
  };
}

/** The global flags of text/next.ts's Where, as given (a value as typed, a switch when on). */
function whereOf(globals: Record<string, RawValue>): Where {
  const where: Where = {};
  for (const key of ['sandbox', 'insecure'] as const) if (globals[key] === true) where[key] = true;
  for (const key of ['profile', 'baseUrl', 'account', 'pingUrl'] as const) {
    const value = globals[key];
    if (typeof value === 'string') where[key] = value;
  }
  return where;
}

/**
 * `argv` read with the global flags only, before anything else is loaded (the start-up's,
 * src/start/command-line.ts, and main.ts's to know which command to load): cheap to import and to run.
 */
export function readEarly(argv: readonly string[], env: NodeJS.ProcessEnv): EarlyReading {
  return earlyFacts(readLine(argv, EARLY_ROOT), env);
}
