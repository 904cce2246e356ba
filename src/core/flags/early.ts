import { envFlag } from '../../env';
import type { Where } from '../../text/next';
import { GLOBAL_FLAGS } from './globals';
import { flagName, takesValue } from './spec';

/*
 * The command line read once, before commander parses it: what has to be known before
 * there is a command tree, or when commander stops early with a parse error (its error is
 * JSON with --json, in colour unless --no-color, with a stack under --debug). Read from
 * the global flag table, so a global flag that takes a value never hides the command word
 * (`mon --profile config incidents list` runs `incidents list`). bin/mon.js reads --debug,
 * help and the words the same way in a few lines of its own, before the bundle is loaded
 * (test/core/flags/early.test.ts holds the two together).
 */

/** The help option of every command (commander's; not a global flag of the table). */
export const HELP_FLAGS = { short: '-h', long: '--help' } as const;

export interface EarlyFacts {
  /** --json, --jq or -q: output, and errors, are JSON. */
  json: boolean;
  /** --no-color. */
  noColor: boolean;
  /** --debug, or MON_DEBUG set. */
  debug: boolean;
  /**
   * The words that are neither flags nor a global flag's value, in order: the command path
   * first (`incidents updates create`), then its arguments (a verb's own flags are unknown
   * here, so the value of one may be among them: only the leading words are the command).
   */
  words: string[];
  /** -h or --help, or `mon help ...`. */
  help: boolean;
  /** --sandbox, --profile NAME...: where the command line goes, for the commands a hint names (text/next.ts). */
  where: Where;
}

/** Global flags whose value is the next word (`--profile NAME`), and the letters of those with a short form (`-q`). */
const VALUE_FLAGS: ReadonlySet<string> = new Set(
  Object.entries(GLOBAL_FLAGS).flatMap(([key, flag]) => (takesValue(flag) ? [flagName(key, flag)] : [])),
);
const VALUE_LETTERS: ReadonlySet<string> = new Set(
  Object.values(GLOBAL_FLAGS).flatMap((flag) => (takesValue(flag) && 'short' in flag ? [flag.short] : [])),
);

/** Is the next word this flag's value: `--profile NAME`, `-q EXPR`, or a group of short flags ending in one (`-yq EXPR`)? */
const takesNext = (word: string) =>
  VALUE_FLAGS.has(word) || (/^-[A-Za-z]+$/.test(word) && VALUE_LETTERS.has(word.at(-1)!));
const JSON_FLAG = flagName('json', GLOBAL_FLAGS.json);
const JQ_FLAG = flagName('jq', GLOBAL_FLAGS.jq);
/** A group of short switches that holds jq's letter (`-q`, `-yq`). */
const JQ_SHORT = new RegExp(`^-[A-Za-z]*${GLOBAL_FLAGS.jq.short}`);
const NO_COLOR_FLAG = flagName('color', GLOBAL_FLAGS.color);
const DEBUG_FLAG = flagName('debug', GLOBAL_FLAGS.debug);
/** The global flags of text/next.ts's Where, by how they are typed. */
const WHERE_FLAGS = (['sandbox', 'profile', 'baseUrl', 'account', 'pingUrl', 'insecure'] as const).map(
  (key) => [key, flagName(key, GLOBAL_FLAGS[key])] as const,
);

/** The facts of `argv` (the words after `mon`); everything after `--` is an operand, never a flag. */
export function earlyFacts(argv: readonly string[], env: NodeJS.ProcessEnv): EarlyFacts {
  const facts: EarlyFacts = {
    json: false,
    noColor: false,
    debug: envFlag(env.MON_DEBUG),
    words: [],
    help: false,
    where: {},
  };
  for (let at = 0; at < argv.length; at++) {
    const word = argv[at]!;
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') {
      facts.words.push(word);
      continue;
    }
    // A flag where a value belongs is the flag (commander is told so: core/flags/guard.ts).
    const value = takesNext(word) && !(argv[at + 1] ?? '-').startsWith('-') ? argv[++at] : undefined;
    for (const [key, name] of WHERE_FLAGS) {
      if (key === 'sandbox' || key === 'insecure') {
        if (word === name) facts.where[key] = true;
      } else if (word === name && value !== undefined) facts.where[key] = value;
      else if (word.startsWith(`${name}=`)) facts.where[key] = word.slice(name.length + 1);
    }
    if (word === JSON_FLAG || word === JQ_FLAG || word.startsWith(`${JQ_FLAG}=`) || JQ_SHORT.test(word))
      facts.json = true;
    else if (word === NO_COLOR_FLAG) facts.noColor = true;
    else if (word === DEBUG_FLAG) facts.debug = true;
    else if (word === HELP_FLAGS.short || word === HELP_FLAGS.long) facts.help = true;
  }
  if (facts.words[0] === 'help') facts.help = true;
  return facts;
}

/** The top-level command a command line asks for (`help incidents` asks for incidents). */
export function invokedCommand(facts: EarlyFacts): string | undefined {
  return facts.words[0] === 'help' ? facts.words[1] : facts.words[0];
}
