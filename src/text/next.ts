import { shellQuote } from './shell';

/*
 * "The command to type next", written once for every hint: a command mon suggests must reach
 * the same place as the command line that led to it, so the global flags that chose that place
 * on the command line are kept (`--sandbox`, `--profile staging`, `--base-url URL`...). What
 * the environment chose (MON_SANDBOX=1, MON_PROFILE) carries over by itself. The command is
 * written in backticks, which the terminal's wrapper (text/wrap.ts) never breaks: it is one
 * line, to be pasted as it is.
 */

/** The global flags, as given on the command line, that say where mon talks to. */
export interface Where {
  sandbox?: boolean;
  profile?: string;
  baseUrl?: string;
  account?: string;
  pingUrl?: string;
  insecure?: boolean;
}

/** A hint's way of naming a command: `next('incidents list')` → "`mon --sandbox incidents list`". */
export type NextCommand = (words: string) => string;

/** The global flags of `where`, as they are typed after `mon` (each value quoted for a shell); none that `words` gives itself. */
export function whereFlags(where: Where, words = ''): string[] {
  // The words are read only when there is a flag to keep: most command lines have none, and
  // then no regular expression is compiled (~0.1 M instructions on every API call's hint).
  let given: Set<string> | undefined;
  const flags: string[] = [];
  const add = (flag: string, value?: string) => {
    given ??= new Set(words.split(/\s+/).map((word) => word.replace(/=.*$/, '')));
    if (!given.has(flag)) flags.push(...(value === undefined ? [flag] : [flag, shellQuote(value)]));
  };
  if (where.sandbox) add('--sandbox');
  if (where.profile !== undefined) add('--profile', where.profile);
  if (where.baseUrl !== undefined) add('--base-url', where.baseUrl);
  if (where.account !== undefined) add('--account', where.account);
  if (where.pingUrl !== undefined) add('--ping-url', where.pingUrl);
  if (where.insecure) add('--insecure');
  return flags;
}

/** `mon WORDS` with the flags of `where`, unquoted: for an example line of its own. */
export function commandLine(where: Where, words: string): string {
  return ['mon', ...whereFlags(where, words), words].join(' ');
}

/** `mon WORDS` with the flags of `where`, in backticks: for a hint. */
export function nextCommand(where: Where, words: string): string {
  return `\`${commandLine(where, words)}\``;
}

/** The hint-writer for `where`. */
export function nextCommandFor(where: Where): NextCommand {
  return (words) => nextCommand(where, words);
}

/**
 * What to do next after an error: plain text, or a function of the command-writer when it
 * names a command (written where the command line is not known, then worded where it is).
 */
export type Hint = string | ((next: NextCommand) => string);

/** A hint as text, its commands written for `where`. */
export function hintText(hint: Hint | undefined, where: Where): string | undefined {
  return typeof hint === 'function' ? hint(nextCommandFor(where)) : hint;
}

/** Hints said one after the other, on one line. */
export function joinHints(...hints: (Hint | undefined)[]): Hint {
  return (next) =>
    hints
      .map((hint) => (typeof hint === 'function' ? hint(next) : hint))
      .filter(Boolean)
      .join(' ');
}
