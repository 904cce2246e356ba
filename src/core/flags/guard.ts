import type { Command, Option } from 'commander';
import { UsageError } from '../../errors';
import { sanitize } from '../../text/escape';
import { walk } from './walk';

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
  return new UsageError(
    `${name} needs a value, but the next word is ${shown}, which is a flag: nothing was sent.`,
    `Give ${typed} its value (${typed} "...") before ${shown}; for a value that really starts with dashes, write ${option.long ?? typed}=${shown}.`,
  );
}
