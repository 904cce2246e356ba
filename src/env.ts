/*
 * Every environment variable mon reads, with what it means: the README's table
 * (## Environment) is this list, row for row (test/env.test.ts holds them together, and
 * fails on a variable the code reads that is missing here).
 */
export const ENVIRONMENT = [
  { name: 'MON_API_KEY', meaning: 'API key (sent as `Authorization: Bearer`); there is no flag for it' },
  { name: 'MON_ACCOUNT_ID', meaning: 'account ID (`--account`), sent as `x-service-account`' },
  { name: 'MON_BASE_URL', meaning: 'API base URL (`--base-url`)' },
  { name: 'MON_PING_URL', meaning: 'base of heartbeat ping URLs (`--ping-url`)' },
  {
    name: 'MON_PING_TOKEN',
    meaning:
      'the ping token of `heartbeats ping` and `heartbeats exec` when TOKEN is left out (kept out of `ps`); never passed on to the job of `exec`',
  },
  { name: 'MON_PROFILE', meaning: 'stored profile to use (`--profile`, default `default`)' },
  {
    name: 'MON_TIMEOUT',
    meaning: 'overall deadline per request in seconds, retries included (`--timeout`, default 30)',
  },
  { name: 'MON_NO_INPUT', meaning: '`1`: never prompt (`--no-input`)' },
  { name: 'CI', meaning: 'set (as CI services do): ci mode, never prompt, as with `MON_NO_INPUT=1`' },
  {
    name: 'MON_MODE',
    meaning:
      '`interactive`, `ci` or `agent`: who mon takes the caller for (prompts, output, plans); unset, mon decides ([Modes](#modes-people-scripts-and-agents))',
  },
  {
    name: 'AI_AGENT',
    meaning:
      'set (not empty, `0` or `false`): agent mode, as the variables coding agents set do ([Modes](#modes-people-scripts-and-agents))',
  },
  { name: 'AGENT', meaning: 'the same as `AI_AGENT`' },
  { name: 'MON_DEBUG', meaning: '`1`: log requests and responses to stderr, Authorization redacted (`--debug`)' },
  { name: 'MON_SANDBOX', meaning: '`1`: use the embedded sandbox (`--sandbox`)' },
  {
    name: 'MON_ACCESSIBLE',
    meaning: '`1`: accessible mode: no animation, plain numbered questions (setting `accessible`; `0` turns it off)',
  },
  { name: 'MON_CONFIG_DIR', meaning: 'where profiles are stored' },
  { name: 'MON_DATA_DIR', meaning: "where the embedded sandbox's data goes" },
  {
    name: 'MON_CACHE_DIR',
    meaning:
      "where mon's caches go (the V8 code cache of its start-up, and the helps and completion scripts it printed)",
  },
  {
    name: 'XDG_CONFIG_HOME',
    meaning:
      'with `XDG_DATA_HOME` and `XDG_CACHE_HOME`: on Linux, where those three directories go (a `mon` folder in each) when the `MON_*_DIR` variables are not set',
  },
  { name: 'XDG_DATA_HOME', meaning: 'see `XDG_CONFIG_HOME`' },
  { name: 'XDG_CACHE_HOME', meaning: 'see `XDG_CONFIG_HOME`' },
  { name: 'NO_COLOR', meaning: 'set and not empty: no colour (`--no-color`)' },
  { name: 'FORCE_COLOR', meaning: '`0`: no colour; any other value: colour even when piped' },
  { name: 'TERM', meaning: '`dumb`: no colour' },
  {
    name: 'MON_PAGER',
    meaning:
      'pager for tables taller than the terminal (before `PAGER`; default `less -FRX`); empty or `cat`: none. Never when piped or with `--json`',
  },
  { name: 'PAGER', meaning: 'the pager when `MON_PAGER` is not set' },
  {
    name: 'VISUAL',
    meaning:
      'the editor Ctrl-G opens at the message prompt, to write a long message (before `EDITOR`); run by the shell, as git runs it',
  },
  { name: 'EDITOR', meaning: 'the editor when `VISUAL` is not set' },
  {
    name: 'DISPLAY',
    meaning:
      'Linux: with neither it nor `WAYLAND_DISPLAY` set, `status-pages open` and `--web` print the page URL instead of starting a browser',
  },
  { name: 'WAYLAND_DISPLAY', meaning: 'see `DISPLAY`' },
  {
    name: 'MON_MAX_PAGES',
    meaning: 'the most pages `--all` and `api --paginate` read of one list (default 1,000); see [Security](#security)',
  },
  {
    name: 'MON_MAX_ENTRIES',
    meaning: 'the most entries `--all` and `api --paginate` read of one list (default 100,000)',
  },
  {
    name: 'MON_MAX_BYTES',
    meaning:
      'the most bytes of answers `--all` and `api --paginate` read of one list (default `128MiB`; a number of bytes, or with `KiB`, `MiB`, `GiB`)',
  },
  { name: 'HTTPS_PROXY', meaning: 'the proxy for https:// requests (also `https_proxy`)' },
  { name: 'HTTP_PROXY', meaning: 'the proxy for http:// requests (also `http_proxy`)' },
  { name: 'NO_PROXY', meaning: 'hosts reached without the proxy (also `no_proxy`)' },
  {
    name: 'NODE_EXTRA_CA_CERTS',
    meaning:
      "a PEM file of extra certificate authorities (Node.js's own variable): for a server whose certificate a private CA signed",
  },
] as const;

/** The name of a variable of ENVIRONMENT. */
export type EnvName = (typeof ENVIRONMENT)[number]['name'];

/** Read as the operating system means them, not settings of mon: left out of the table. */
export const SYSTEM_VARIABLES = ['HOME', 'APPDATA', 'LOCALAPPDATA', 'PATH', 'PATHEXT', 'COMSPEC', 'LESS'] as const;

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

/** The editor of a long message: VISUAL, then EDITOR (a command line, run by the shell); undefined when neither is set. */
export function editorCommand(env: NodeJS.ProcessEnv): string | undefined {
  return [env.VISUAL, env.EDITOR].map((value) => value?.trim()).find(Boolean);
}
