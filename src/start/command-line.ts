import { earlyFacts } from '../core/flags/early';
import { GLOBAL_FLAGS } from '../core/flags/globals';
import { flagName } from '../core/flags/spec';

/*
 * What the start-up must know of the command line before the bundle is loaded, as the bundle
 * reads it (core/flags/early.ts, from the global flag table: a global flag's value is never
 * taken for the command, `mon --profile config incidents list` runs `incidents list`). This is
 * the one place the start-up asks it.
 */

export interface LineFacts {
  /** --debug, or MON_DEBUG set. */
  debug: boolean;
  /** -h or --help, or `mon help ...`. */
  help: boolean;
  /** --json, --jq or -q: the output is JSON. */
  json: boolean;
  /** --jq or -q: jq's engine (WebAssembly) may run. */
  jq: boolean;
  /** The words that are neither flags nor a global flag's value: the command path first. */
  words: readonly string[];
}

const JQ_FLAG = flagName('jq', GLOBAL_FLAGS.jq);
/** A group of short switches that holds jq's letter (`-q`, `-yq`, `-q.[0]`). */
const JQ_SHORT = new RegExp(`^-[A-Za-z]*${GLOBAL_FLAGS.jq.short}`);

export function lineFacts(argv: readonly string[], env: NodeJS.ProcessEnv): LineFacts {
  const { debug, help, json, words } = earlyFacts(argv, env);
  const end = argv.indexOf('--');
  const jq =
    json &&
    (end < 0 ? argv : argv.slice(0, end)).some(
      (word) => word === JQ_FLAG || word.startsWith(`${JQ_FLAG}=`) || JQ_SHORT.test(word),
    );
  return { debug, help, json, jq, words };
}

/**
 * The name of a way of running a command, which its code caches are kept under: its first
 * two words (`incidents.list`; `mon` for none), and `.help` or `.json` when it prints its
 * help or JSON (each runs code of its own).
 */
export function commandName(facts: LineFacts): string {
  const words: string[] = [];
  for (const word of facts.words.slice(0, 2)) {
    // A command's words; not an argument (`mon api /v1/...`; a typo is still a word).
    if (!/^[a-z][a-z-]{0,39}$/.test(word)) break;
    words.push(word);
  }
  return (words.join('.') || 'mon') + (facts.help ? '.help' : facts.json ? '.json' : '');
}
