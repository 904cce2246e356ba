import type { Command, Option } from 'commander';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';

/**
 * A flag is never a value. Commander gives a value-taking flag the next word whatever it is,
 * so `--message --dry-run` would post the text "--dry-run". Before anything is parsed, the
 * command line is walked as commander will read it (global flags anywhere, subcommand
 * words, `--` ending the flags): when a flag that takes a value is followed by another flag
 * of the command, or by any word starting with `--`, the command stops (exit 2) naming
 * both. `--message=--text` is how to give a value that starts with dashes; a negative
 * number (`--limit -5`) is left to the flag's own rule.
 */
export function refuseFlagsAsValues(program: Command, argv: readonly string[]): void {
  const chain: Command[] = [program];
  const known = () => chain.flatMap((command) => [...command.options, helpOption(command)].filter(Boolean) as Option[]);
  const find = (word: string) => known().find((option) => option.short === word || option.long === word);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return;
    const valueFlag = valueTakingFlag(word, find);
    if (valueFlag) {
      const next = argv[i + 1];
      if (next !== undefined && (next.startsWith('--') || find(next))) throw flagAsValue(valueFlag, word, next);
      i++;
      continue;
    }
    if (word.startsWith('-')) continue;
    const sub = chain.at(-1)!.commands.find((command) => command.name() === word || command.aliases().includes(word));
    if (sub) chain.push(sub);
  }
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

function flagAsValue(option: Option, typed: string, next: string): UsageError {
  const name = option.long && typed !== option.long ? `${typed} (${option.long})` : typed;
  const shown = sanitize(next);
  return new UsageError(
    `${name} needs a value, but the next word is ${shown}, which is a flag: nothing was sent.`,
    `Give ${typed} its value (${typed} "...") before ${shown}; for a value that really starts with dashes, write ${option.long ?? typed}=${shown}.`,
  );
}
