/**
 * What the suite clears from the environment it starts with, so that every mon it runs (an
 * in-process run, a spawned bin/mon.js, a job mon spawns, a tmux pane) starts from the same
 * clean state whoever runs the suite: the markers a coding agent's shell sets (a developer's
 * own agent sets some of them, and mon will read them to pick its agent mode), MON_MODE, and
 * CI (the suite itself still knows whether it runs under CI: test/tools.ts). A test that needs
 * one sets it on purpose, in the environment of the run it starts.
 */

/** The variables coding agents set in the shells they run (CLAUDECODE for Claude Code, ...). */
export const AGENT_MARKERS = [
  'CLAUDECODE',
  'CURSOR_AGENT',
  'CODEX_SANDBOX',
  'GEMINI_CLI',
  'OPENCODE',
  'AI_AGENT',
  'AGENT',
] as const;

/** Cleared from the suite's environment before any test runs (test/global-setup.ts, test/setup.ts). */
export const CLEARED_VARIABLES = [...AGENT_MARKERS, 'MON_MODE', 'CI'] as const;

/** Removes the cleared variables from `env` (process.env, as a rule); returns what they were. */
export function clearVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of CLEARED_VARIABLES) {
    const value = env[name];
    if (value !== undefined) found[name] = value;
    delete env[name];
  }
  return found;
}
