import type { Command, Option } from 'commander';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { shellQuote } from '../../text/shell';
import { closest } from '../../text/similar';
import { commandPath, walk } from './walk';

/**
 * A flag is never a value. Commander gives a value-taking flag the next word whatever it is,
 * so `--message --dry-run` would post the text "--dry-run". Before anything is parsed, the
 * command line is walked as commander will read it (walk.ts): when a flag that takes a value
 * is followed by another flag of the command, or by any word starting with `--`, the command
 * stops (exit 2) naming both. `--message=--text` is how to give a value that starts with
 * dashes; a negative number (`--limit -5`) is left to the flag's own rule.
 */
export function refuseFlagsAsValues(program: Command, argv: readonly string[]): void {
  walk(program, argv, ({ option, typed, next, nextIsFlag }) => {
    if (nextIsFlag) throw flagAsValue(option, typed, next!);
  });
}

function flagAsValue(option: Option, typed: string, next: string): UsageError {
  const name = option.long && typed !== option.long ? `${typed} (${option.long})` : typed;
  const shown = sanitize(next);
  // Quoted for a shell, so that the fix can be pasted as it is (`--message='--force it'`).
  return new UsageError(
    `${name} needs a value, but the next word is ${shown}, which is a flag: nothing was sent.`,
    `Give ${typed} its value (${typed} "...") before ${shown}; for a value that really starts with dashes, write ${option.long ?? typed}=${sanitize(shellQuote(next))}.`,
  );
}

/**
 * An option no command on the line has is exit 2 wherever it is: before the command, on a
 * noun alone (`mon incidents --bogus`, which would otherwise show the help), or on a verb.
 */
export function refuseUnknownOptions(program: Command, argv: readonly string[]): void {
  const [first] = walk(program, argv).unknown;
  if (!first) return;
  const { word, command } = first;
  throw new UsageError(
    `unknown option '${sanitize(word)}'`,
    `${optionSuggestion(word.split('=')[0]!, command)}Run \`${commandPath(command)} --help\` for usage.`,
  );
}

/**
 * `-m Rolled back`: the words after a flag's value that the command has no argument for are
 * most likely the rest of the value. Exit 2 with the line to type, the value quoted (other
 * extra words are left to commander's "too many arguments").
 */
export function refuseUnquotedValues(program: Command, argv: readonly string[]): void {
  const { chain, operands, operandAt, valueAt } = walk(program, argv);
  const command = chain.at(-1)!;
  const declared = command.registeredArguments;
  if (command.commands.length || declared.some((arg) => arg.variadic) || operands.length <= declared.length) return;
  // The extra words follow a flag's value, without a gap.
  const first = operandAt[declared.length]!;
  const last = operandAt.at(-1)!;
  const flag = valueAt.get(first - 1);
  if (!flag || operandAt.slice(declared.length).some((at, index) => at !== first + index)) return;
  const extra = argv.slice(first, last + 1);
  const quoted = `${flag.typed} ${shellQuote(argv.slice(first - 1, last + 1).join(' '))}`;
  throw new UsageError(
    `too many arguments for '${command.name()}': ${sanitize(extra.map((word) => `"${word}"`).join(' '))} (a value of several words needs quotes).`,
    `Did you mean ${sanitize(quoted)}? Run \`${commandPath(command)} --help\` for usage.`,
  );
}

/** "Did you mean --json? ": the closest option of the command and its parents, or what -v usually means elsewhere. */
function optionSuggestion(word: string, command: Command): string {
  if (/^(-v|-V|--verbose|--vers?ion?)$/.test(word))
    return "Did you mean --version (mon's version) or --debug (log each request)? ";
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent)
    for (const option of at.options) if (!option.hidden && option.long) names.push(option.long);
  const [near] = word.startsWith('--') ? closest(word, names, 1) : [];
  return near ? `Did you mean ${near}? ` : '';
}
