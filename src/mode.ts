import { envFlag } from './env';
import { UsageError } from './errors';

/*
 * Who is calling: a person at a terminal, a script, or a coding agent. One table decides
 * (docs/CLI.md lists it, test/mode.test.ts holds the two together), and the mode decides what
 * a run does by default: an agent gets JSON, no colour, no prompt, no spinner, errors as
 * JSON, and a plan (exit 9) for a write it did not confirm with --yes or a plan token.
 */

export const MODES = ['interactive', 'ci', 'agent'] as const;
export type Mode = (typeof MODES)[number];

export interface ModeDecision {
  mode: Mode;
  /** Why, in words: "MON_MODE=agent", "CLAUDECODE is set (Claude Code)", "stdin is not a terminal". */
  reason: string;
}

/** Variables any agent may set to say it is one: the AGENT proposal of agents.md, and AI_AGENT of @vercel/detect-agent. */
export const GENERIC_AGENT_VARIABLES = ['AI_AGENT', 'AGENT'] as const;

/**
 * The variables coding agents set in the shells they run commands in, each cited from the
 * agent's own documentation or from a detector that reads it. A variable an editor sets in
 * every terminal it opens (a person types there too) is not one: Windsurf's
 * CODEIUM_EDITOR_APP_ROOT, Replit's REPL_ID, VS Code's TERM_PROGRAM are left out.
 */
export const AGENT_MARKERS = [
  // CLAUDECODE=1 in every shell Claude Code runs (ascorbic/am-i-vibing src/providers.ts; vercel/vercel packages/detect-agent/src/index.ts).
  { variable: 'CLAUDECODE', agent: 'Claude Code' },
  // The Cursor CLI agent sets CURSOR_AGENT when it runs commands (vercel/vercel packages/detect-agent/src/index.ts).
  { variable: 'CURSOR_AGENT', agent: 'Cursor' },
  // Codex CLI runs commands under its sandbox with CODEX_SANDBOX set (vercel/vercel packages/detect-agent/src/index.ts)...
  { variable: 'CODEX_SANDBOX', agent: 'Codex CLI' },
  // ...and with CODEX_THREAD_ID outside it (@vercel/detect-agent 1.2.0; am-i-vibing 0.2.0).
  { variable: 'CODEX_THREAD_ID', agent: 'Codex CLI' },
  // GEMINI_CLI=1 in the shell commands Gemini CLI runs (gitlab-org/cli merge request 3293 shows it; am-i-vibing 0.2.0).
  { variable: 'GEMINI_CLI', agent: 'Gemini CLI' },
  // OPENCODE=1 in opencode's shells (am-i-vibing's changeset "use OPENCODE env var").
  { variable: 'OPENCODE', agent: 'opencode' },
  // Auggie, Augment Code's CLI: AUGMENT_AGENT=1 (@vercel/detect-agent 1.1.0; am-i-vibing's changeset for Amp, Auggie, Qwen Code).
  { variable: 'AUGMENT_AGENT', agent: 'Auggie (Augment Code)' },
  // Amp: AMP_CURRENT_THREAD_ID (am-i-vibing's changeset for Amp, Auggie, Qwen Code).
  { variable: 'AMP_CURRENT_THREAD_ID', agent: 'Amp' },
  // Qwen Code: QWEN_CODE=1 (the same changeset).
  { variable: 'QWEN_CODE', agent: 'Qwen Code' },
  // Google Antigravity's agent: ANTIGRAVITY_AGENT (@vercel/detect-agent 1.2.0).
  { variable: 'ANTIGRAVITY_AGENT', agent: 'Antigravity' },
  // Crush: CRUSH=1 (am-i-vibing 0.2.0).
  { variable: 'CRUSH', agent: 'Crush' },
  // Warp's agent: OZ_RUN_ID while it runs an agent task, not in Warp's every window (am-i-vibing's changeset "warp-agent-detection").
  { variable: 'OZ_RUN_ID', agent: 'Warp (agent)' },
] as const;

/**
 * The mode of this run: MON_MODE when set (another value is exit 2 naming it), else agent when
 * AI_AGENT, AGENT or an agent's marker is set, else ci when CI is set or stdin is not a
 * terminal, else interactive. "Set" means not empty and not 0 or false.
 */
export function detectMode(env: NodeJS.ProcessEnv, stdinIsTTY: boolean): ModeDecision {
  const chosen = env.MON_MODE;
  if (chosen !== undefined && chosen !== '') {
    const mode = MODES.find((name) => name === chosen.trim().toLowerCase());
    if (!mode) {
      throw new UsageError(
        `MON_MODE must be interactive, ci or agent (got ${JSON.stringify(chosen.slice(0, 40))}).`,
        (next) => `Unset it to let mon decide from the environment (${next('auth status')} says which mode and why).`,
      );
    }
    return { mode, reason: `MON_MODE=${mode}` };
  }
  for (const variable of GENERIC_AGENT_VARIABLES)
    if (envFlag(env[variable])) return { mode: 'agent', reason: `${variable} is set` };
  for (const { variable, agent } of AGENT_MARKERS)
    if (envFlag(env[variable])) return { mode: 'agent', reason: `${variable} is set (${agent})` };
  if (envFlag(env.CI)) return { mode: 'ci', reason: 'CI is set' };
  if (!stdinIsTTY) return { mode: 'ci', reason: 'stdin is not a terminal' };
  return { mode: 'interactive', reason: 'a terminal' };
}
