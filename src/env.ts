/** A boolean environment variable is on when set and not "", "0" or "false". */
export function envFlag(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** The pager when none is chosen (less: quit when it fits one screen, keep colours, leave the screen as it was). */
export const DEFAULT_PAGER = 'less -FRX';

/**
 * The pager command as words (MON_PAGER, then PAGER, then `less -FRX` except on Windows), or
 * undefined when there is none to use: MON_PAGER or PAGER set empty, or `cat`.
 */
export function pagerCommand(env: NodeJS.ProcessEnv, platform: string = process.platform): string[] | undefined {
  // Windows has no less to count on: a pager there is one the user names.
  const chosen = env.MON_PAGER ?? env.PAGER ?? (platform === 'win32' ? '' : DEFAULT_PAGER);
  const words = chosen.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words[0] === 'cat') return undefined;
  return words;
}
