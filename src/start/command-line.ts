import { readEarly, type EarlyReading } from '../core/flags/read';

/*
 * What the start-up must know of the command line before the bundle is loaded: the bundle's
 * own early reading (core/flags/read.ts's readEarly, over the global flag table: a global
 * flag's value is never taken for the command, `mon --profile config incidents list` runs
 * `incidents list`). This is the one place the start-up asks it.
 */

/** --debug (or MON_DEBUG), the help, JSON, jq's engine (--jq, -q) and the words (the command path first). */
export type LineFacts = Pick<EarlyReading, 'debug' | 'help' | 'json' | 'jq' | 'words'>;

export function lineFacts(argv: readonly string[], env: NodeJS.ProcessEnv): LineFacts {
  const { debug, help, json, jq, words } = readEarly(argv, env);
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
    if (!isCommandWord(word)) break;
    words.push(word);
  }
  return (words.join('.') || 'mon') + (facts.help ? '.help' : facts.json ? '.json' : '');
}

/** A lower-case letter, then up to 39 lower-case letters and dashes (`incidents`, `create-dns`). */
export function isCommandWord(word: string): boolean {
  const first = word.charAt(0);
  if (word.length > 40 || !(first >= 'a' && first <= 'z')) return false;
  for (const char of word) if (!((char >= 'a' && char <= 'z') || char === '-')) return false;
  return true;
}
