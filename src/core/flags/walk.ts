import type { Command, Option } from 'commander';

/**
 * A command line read the way commander will read it: global flags anywhere, subcommand
 * words, flags with their values, and `--` ending the flags. Used before commander parses,
 * to refuse a flag given as a value (guard.ts) and to find which help was asked for.
 */
export interface Walked {
  /** The program, then each subcommand named. */
  chain: Command[];
  /** Words that are neither flags, flag values nor subcommands. */
  operands: string[];
  /** Options that no command named so far has (`--bogus`, `-v`), with the command they came after. */
  unknown: { word: string; command: Command }[];
  /** Where in argv each operand is (before `--`). */
  operandAt: number[];
  /** The flags whose values are in argv, by the value's index. */
  valueAt: Map<number, { option: Option; typed: string }>;
}

export interface ValueFlag {
  option: Option;
  /** As typed: `--message`, `-m`, or `-ym`. */
  typed: string;
  /** The next word, which commander would take as the value. */
  next: string | undefined;
  /** Is `next` a flag of the command, or any --word? */
  nextIsFlag: boolean;
}

export function walk(program: Command, argv: readonly string[], onValueFlag?: (flag: ValueFlag) => void): Walked {
  const chain: Command[] = [program];
  const operands: string[] = [];
  const unknown: Walked['unknown'] = [];
  const operandAt: number[] = [];
  const valueAt: Walked['valueAt'] = new Map();
  // The flags of the commands named so far, by name: looked up once per word, so that a long
  // command line (thousands of repeated flags) is read in linear time.
  const known = new Map<string, Option>();
  const learn = (command: Command) => {
    for (const option of [...command.options, helpOption(command)]) {
      for (const name of [option?.short, option?.long]) if (name && !known.has(name)) known.set(name, option!);
    }
  };
  learn(program);
  const find = (word: string) => known.get(word);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    const option = valueTakingFlag(word, find);
    if (option) {
      const next = argv[i + 1];
      onValueFlag?.({
        option,
        typed: word,
        next,
        nextIsFlag: next !== undefined && (next.startsWith('--') || Boolean(find(next))),
      });
      valueAt.set(i + 1, { option, typed: word });
      i++;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      if (!isKnown(word, find)) unknown.push({ word, command: chain.at(-1)! });
      continue;
    }
    const sub = operands.length
      ? undefined
      : chain.at(-1)!.commands.find((command) => command.name() === word || command.aliases().includes(word));
    if (sub) {
      chain.push(sub);
      learn(sub);
    } else {
      operands.push(word);
      operandAt.push(i);
    }
  }
  return { chain, operands, unknown, operandAt, valueAt };
}

/** `--long`, `--long=value`, `-s`, or a group of short switches (`-ys`, `-mText`). */
function isKnown(word: string, find: (word: string) => Option | undefined): boolean {
  if (word.startsWith('--')) return Boolean(find(word.split('=')[0]!));
  if (find(word.slice(0, 2))?.required) return true; // -mText: the value is in the word
  for (let at = 1; at < word.length; at++) {
    const short = find(`-${word[at]}`);
    if (!short) return false;
    if (short.required) return true;
  }
  return true;
}

/** The option whose value the next word would be: `--message`, `-m`, or the last of `-ym`. */
function valueTakingFlag(word: string, find: (word: string) => Option | undefined): Option | undefined {
  if (!word.startsWith('-') || word === '-' || word.includes('=')) return undefined;
  const option = find(word);
  if (option) return option.required ? option : undefined;
  // A group of short flags: switches, and perhaps one that takes a value (its value follows it in the word, or is the next word).
  if (word.startsWith('--') || word.length < 3) return undefined;
  for (let at = 1; at < word.length; at++) {
    const short = find(`-${word[at]}`);
    if (!short) return undefined;
    if (short.required) return at === word.length - 1 ? short : undefined;
  }
  return undefined;
}

function helpOption(command: Command): Option | undefined {
  return (command as unknown as { _getHelpOption(): Option | null })._getHelpOption() ?? undefined;
}

/** "mon incidents update": the command as typed. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}
