import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { shellQuote } from '../../text/shell';
import { closest } from '../../text/similar';
import { commandPathAt, named, VERSION_FLAG, type Reading } from './read';
import { spellingsOf } from './spec';

/*
 * What the command line read (read.ts) is refused for before anything runs (exit 2), in
 * this order: a flag where a value belongs, an option no command on the line has, and the
 * words of a value that needed quotes.
 */

/**
 * A flag is never a value. Commander gives a value-taking flag the next word whatever it is,
 * so `--message --dry-run` would post the text "--dry-run": when a flag that takes a value is
 * followed by another flag of the command, or by any word starting with `--`, the command
 * stops naming both. `--message=--text` is how to give a value that starts with dashes; a
 * negative number (`--limit -5`) is left to the flag's own rule.
 */
export function refuseFlagsAsValues(reading: Reading): void {
  const [first] = reading.swallowed;
  if (!first) return;
  const { typed, long, next } = first;
  const name = typed !== long ? `${typed} (${long})` : typed;
  const shown = sanitize(next);
  // Quoted for a shell, so that the fix can be pasted as it is (`--message='--force it'`).
  throw new UsageError(
    `${name} needs a value, but the next word is ${shown}, which is a flag: nothing was sent.`,
    `Give ${typed} its value (${typed} "...") before ${shown}; for a value that really starts with dashes, write ${long}=${sanitize(shellQuote(next))}.`,
  );
}

/**
 * An option no command on the line has is exit 2 wherever it is: before the command, on a
 * noun alone (`mon incidents --bogus`, which would otherwise show the help), or on a verb.
 */
export function refuseUnknownOptions(reading: Reading): void {
  const [first] = reading.unknown;
  if (!first) return;
  const { word, depth } = first;
  const typed = word.split('=')[0]!;
  const usage = `Run \`${commandPathAt(reading, depth)} --help\` for usage.`;
  const spelling = optionsUpTo(reading, depth)
    .flat()
    .find((option) => option.long === typed);
  // `--json=yes`: a switch (or --version) takes no value.
  if (spelling?.sets !== undefined) {
    throw new UsageError(
      `${typed} is a switch: it takes no value (got '${sanitize(word)}').`,
      `Write ${typed} alone. ${usage}`,
    );
  }
  throw new UsageError(`unknown option '${sanitize(word)}'`, `${optionSuggestion(typed, reading, depth)}${usage}`);
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
export function refuseUnquotedValues(reading: Reading): void {
  const node = named(reading);
  const declared = node.spec.args ?? [];
  const { argv, operands } = reading;
  if (node.children?.length || declared.some((arg) => arg.kind === 'words')) return;
  const notAnId = (word: string, index: number) => {
    const arg = declared[index];
    return arg?.kind === 'id' && arg.optional === true && !ID_WORD.test(word);
  };
  const last = operands.at(-1)?.at;
  // The extra words: a run of operands that follows a flag's value without a gap, to the end of
  // the operands, when there are more operands than arguments or the run starts where an ID
  // that may be left out goes with a word that is no ID.
  const from = operands.findIndex(
    ({ word, at }, index) =>
      reading.valueAt.has(at - 1) &&
      at + (operands.length - 1 - index) === last &&
      (operands.length > declared.length || notAnId(word, index)),
  );
  if (from < 0) return;
  const first = operands[from]!.at;
  const flag = reading.valueAt.get(first - 1)!;
  const extra = argv.slice(first, last! + 1);
  const quoted = `${flag} ${shellQuote(argv.slice(first - 1, last! + 1).join(' '))}`;
  // The whole line to type: what came before the flag, the flag and its value quoted, what came after.
  const line = ['mon', ...argv.slice(0, first - 2).map(shellQuote), quoted, ...argv.slice(last! + 1).map(shellQuote)];
  const words = sanitize(extra.map((word) => `"${word}"`).join(' '));
  throw new UsageError(
    operands.length <= declared.length
      ? `${words} is no ${declared[from]!.label} (IDs are hex digits and dashes): it reads as the rest of ${flag}'s value, which needs quotes; nothing was sent.`
      : `too many arguments for '${node.spec.name}': ${words} (a value of several words needs quotes).`,
    `Did you mean ${sanitize(quoted)}? Type \`${sanitize(line.join(' '))}\` (see \`${commandPathAt(reading)} --help\`).`,
  );
}

/** The options of each command of the chain up to `depth`, the program's first (commander lists --version before the global flags). */
function optionsUpTo(reading: Reading, depth: number) {
  return reading.chain
    .slice(0, depth + 1)
    .map((node, at) => [
      ...(at === 0 ? [{ long: VERSION_FLAG, sets: true, hidden: false }] : []),
      ...Object.entries(node.spec.flags ?? {}).flatMap(([key, flag]) => spellingsOf(key, flag)),
    ]);
}

/** "Did you mean --json? ": the closest option of the command and its parents, or what -v usually means elsewhere. */
function optionSuggestion(word: string, reading: Reading, depth: number): string {
  if (/^(-v|-V|--verbose|--vers?ion?)$/.test(word))
    return "Did you mean --version (mon's version) or --debug (log each request)? ";
  // The command's own first: of two options as close, it is the one suggested.
  const options = optionsUpTo(reading, depth)
    .reverse()
    .flat()
    .filter((option) => !option.hidden);
  // A long name typed with one dash (-json) is compared as the long name it was meant to be.
  const long = word.startsWith('--') ? word : /^-[^-]{2,}$/.test(word) ? `-${word}` : undefined;
  const [near] = long
    ? closest(
        long,
        options.map((option) => option.long),
        1,
      )
    : [];
  if (!near) return '';
  // --activate, --color: not the opposite (but --nocolor meant the --no- spelling). The positive
  // spelling where there is one (hidden or not), else the default is what was asked for.
  const negation = options.find((option) => option.long === near && option.sets === false);
  if (negation && 'flag' in negation && !long!.startsWith('--no')) {
    if (negation.flag.kind === 'bool' && negation.flag.forms === 'negative')
      return `That is the default already; ${near} turns it off. `;
    return `Did you mean ${near.replace(/^--no-/, '--')}? `;
  }
  return `Did you mean ${near}? `;
}
