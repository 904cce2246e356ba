import { sanitize } from '../text/escape';

/*
 * "There may be more": the one wording of every list that showed a page of something longer,
 * said on stderr to a person at a terminal. It names the command to type, as typed to reach
 * the same list (`typed`: the words after `mon`, with the global flags that chose where,
 * such as --sandbox or --profile).
 */

/** The command that shows more of the list: one page on from `nextId`, else every page. */
export interface More {
  /** The list's command line as the user would type it again, without --limit, --next-id and --all: "mon --sandbox incidents list --status all". */
  command: string;
  /** --limit as given (kept in the next page's command). */
  limit?: number;
  /** Where the next page starts, when the list has cursors; without one, the hint offers --all. */
  nextId?: string | null;
}

/** "There may be more: `mon incidents list --limit 5 --next-id ID` shows the next page, --all every one." */
export function moreHint(more: More): string {
  const limit = more.limit === undefined ? '' : ` --limit ${more.limit}`;
  if (more.nextId) {
    return `There may be more: \`${more.command}${limit} --next-id ${sanitize(more.nextId)}\` shows the next page, --all every one.`;
  }
  return `There may be more: \`${more.command} --all\` shows every one.`;
}

/** The same on a screen that stays (--watch), where no command is typed: "There may be more than --limit 20 shows." */
export function moreOnScreen(limit: number): string {
  return `There may be more than --limit ${limit} shows.`;
}
