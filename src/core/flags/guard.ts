import type { Command, Option } from 'commander';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { shellQuote } from '../../text/shell';
import { closest } from '../../text/similar';
import { ArgOption } from './commander';
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

/** What an ID argument (an incident's, an update's) is made of: hex digits and dashes, whole or its first characters. */
const ID_WORD = /^[0-9a-f][0-9a-f-]*$/i;

/**
 * `-m Rolled back`: the words after a flag's value that the command has no argument for are
 * most likely the rest of the value, and so is a word no ID has where an ID argument that may
 * be left out goes (`incidents update -m Deploy reverted` is no incident "reverted"). Exit 2
 * with the line to type, the value quoted (other extra words are left to commander's "too
 * many arguments").
 */
export function refuseUnquotedValues(program: Command, argv: readonly string[]): void {
  const { chain, operands, operandAt, valueAt } = walk(program, argv);
  const command = chain.at(-1)!;
  const declared = command.registeredArguments;
  if (command.commands.length || declared.some((arg) => arg.variadic)) return;
  const notAnId = (word: string, index: number) => {
    const arg = declared[index];
    return arg instanceof ArgOption && arg.spec.kind === 'id' && !arg.required && !ID_WORD.test(word);
  };
  const last = operandAt.at(-1);
  // The extra words: a run of operands that follows a flag's value without a gap, to the end of
  // the operands, when there are more operands than arguments or the run starts where an ID
  // that may be left out goes with a word that is no ID.
  const from = operands.findIndex(
    (word, index) =>
      valueAt.has(operandAt[index]! - 1) &&
      operandAt[index]! + (operands.length - 1 - index) === last &&
      (operands.length > declared.length || notAnId(word, index)),
  );
  if (from < 0) return;
  const first = operandAt[from]!;
  const flag = valueAt.get(first - 1)!;
  const extra = argv.slice(first, last! + 1);
  const quoted = `${flag.typed} ${shellQuote(argv.slice(first - 1, last! + 1).join(' '))}`;
  // The whole line to type: what came before the flag, the flag and its value quoted, what came after.
  const line = ['mon', ...argv.slice(0, first - 2).map(shellQuote), quoted, ...argv.slice(last! + 1).map(shellQuote)];
  const words = sanitize(extra.map((word) => `"${word}"`).join(' '));
  throw new UsageError(
    operands.length <= declared.length
      ? `${words} is no ${declared[from]!.name()} (IDs are hex digits and dashes): it reads as the rest of ${flag.typed}'s value, which needs quotes; nothing was sent.`
      : `too many arguments for '${command.name()}': ${words} (a value of several words needs quotes).`,
    `Did you mean ${sanitize(quoted)}? Type \`${sanitize(line.join(' '))}\` (see \`${commandPath(command)} --help\`).`,
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
