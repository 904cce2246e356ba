/**
 * The screen harness: the real bin/mon.js on a pseudo-terminal of a fixed size (a tmux pane
 * of its own server), typed at with keystrokes, and the screen read back as a person sees it
 * (tmux renders the terminal: a spinner frame that was not cleared, a line that wrapped in the
 * middle of a word, a prompt that threw typing away are all on it). Every prompt and every
 * screen of mon is tested here; the scripted prompter of the in-process tests cannot see them.
 *
 *   const screen = await openScreen('incidents update', sandbox.env(), { columns: 80, rows: 24 });
 *   await screen.waitFor('? Message');
 *   await screen.type('Rolled back');
 *   await screen.press('Enter');
 *   const { code } = await screen.done();
 *   expect(screen.lines()).toContain(...);
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'vitest';
import { requireTool } from '../tools';
import { WAIT_MS } from '../timeouts';
import { argv } from '../words';
import { BIN, leakedSecrets, tempDir } from './harness';

export interface ScreenSize {
  columns: number;
  rows: number;
}

/** Keys by the names tmux's send-keys knows (Enter, Tab, Up, Down, BSpace, Escape, C-c, ...). */
export type KeyName =
  | 'Enter'
  | 'Tab'
  | 'BTab'
  | 'Up'
  | 'Down'
  | 'Left'
  | 'Right'
  | 'BSpace'
  | 'Escape'
  | 'Space'
  | 'C-c'
  | 'C-z'
  | 'C-d'
  | 'C-u'
  | 'Home'
  | 'End'
  | 'PPage'
  | 'NPage'
  | 'C-a'
  | 'C-x'
  | 'C-g';

export interface ScreenRun {
  /** The visible screen now, one string per row, trailing spaces removed (rows past the last written one dropped). */
  lines(): string[];
  /** The visible screen as one string. */
  text(): string;
  /**
   * Everything the terminal ever showed (scrollback and screen), as logical lines: a line the
   * terminal wrapped is joined back (so its length says whether it was wider than the screen).
   */
  history(): string[];
  /** Resolves once the screen shows `text` (or matches it); fails with the screen after `timeoutMs`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Types text literally, as a person would (every character one keystroke). */
  type(text: string): Promise<void>;
  /** Presses named keys, in order. */
  press(...keys: KeyName[]): Promise<void>;
  /**
   * Pastes `text` as a terminal does: all of it written at once. `bracketed`: marked with
   * ESC [200~ and ESC [201~ when mon asked for bracketed paste (tmux's paste-buffer -p; a
   * newline arrives as Enter, CR); without it, tmux's send-keys -l of the whole text (a
   * newline arrives as LF), as a terminal without bracketed paste writes it.
   */
  paste(text: string, options?: { bracketed?: boolean }): Promise<void>;
  /** Sends a signal to mon's process (not to the terminal). */
  kill(signal: NodeJS.Signals): void;
  /** Waits for mon to exit: its exit code (or the signal that ended it) and the last screen. */
  done(timeoutMs?: number): Promise<{ code: number | null; signal: string | null; screen: string[] }>;
  /** Stops the terminal (called by done(); safe to call twice). */
  close(): void;
}

const DEFAULT_SIZE: ScreenSize = { columns: 80, rows: 24 };

/** Call first in a test that uses the screen harness: tmux must be there (CI installs it; missing under CI fails). */
export function requireScreen(context: Pick<TestContext, 'skip'>): void {
  if (process.platform === 'win32') context.skip('tmux (the screen harness) does not run on Windows');
  requireTool(context, 'tmux', { install: 'apt-get install tmux' });
}

const shellQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Starts `mon ARGS` in a tmux pane of `size` (80x24 unless told), with `env` (from
 * `cleanEnv()` or `sandbox.env()`; TERM becomes xterm-256color, as in a real terminal).
 * The pane stays after mon exits, so the last screen can be read.
 */
export async function openScreen(
  line: string | readonly string[],
  env: NodeJS.ProcessEnv,
  size: ScreenSize = DEFAULT_SIZE,
  options: { command?: string[] } = {},
): Promise<ScreenRun> {
  const args = argv(line);
  const dir = tempDir('mon-screen-');
  const socket = join(dir, 'tmux.sock');
  const config = join(dir, 'tmux.conf');
  writeFileSync(
    config,
    [
      'set -g remain-on-exit on',
      'set -g default-terminal "xterm-256color"',
      'set -g history-limit 20000',
      'set -g status off',
      // Keys go to mon as typed: no prefix key, no escape delay to wait for.
      'set -g prefix None',
      'set -g escape-time 0',
      '',
    ].join('\n'),
  );
  const tmuxEnv: NodeJS.ProcessEnv = { ...env, TERM: 'xterm-256color' };
  delete tmuxEnv.TMUX;
  const tmux = (...tmuxArgs: string[]) => {
    const result = spawnSync('tmux', ['-S', socket, '-f', config, ...tmuxArgs], { env: tmuxEnv, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${tmuxArgs.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  // tmux records a pane's exit status only when it reaps the process before it sees the
  // terminal close (a race): a small parent that outlives mon writes mon's exit code or signal
  // to a file instead. It is in the terminal's process group, as a shell running mon in the
  // foreground would be, and lets every signal pass it by (mon starts with all at their default).
  const statusFile = join(dir, 'status');
  const command = [
    process.execPath,
    '-e',
    STATUS_KEEPER,
    statusFile,
    ...(options.command ?? [process.execPath, BIN, ...args]),
  ];
  tmux(
    'new-session',
    '-d',
    '-s',
    'mon',
    '-x',
    String(size.columns),
    '-y',
    String(size.rows),
    command.map(shellQuote).join(' '),
  );
  let closed = false;
  const keeperPid = Number(tmux('display-message', '-p', '-t', 'mon', '#{pane_pid}').trim());
  /** mon's process: the status keeper's child. */
  const monPid = () => {
    const children = readFileSync(`/proc/${keeperPid}/task/${keeperPid}/children`, 'utf8').trim();
    if (!children) throw new Error('mon is not running');
    return Number(children.split(' ')[0]);
  };
  const exitStatus = () => {
    try {
      const text = readFileSync(statusFile, 'utf8');
      if (!text.endsWith('\n')) return undefined;
      const [code, signal] = text.trim().split(' ');
      return { code: code === 'null' ? null : Number(code), signal: signal === 'null' ? null : signal! };
    } catch {
      return undefined;
    }
  };

  /**
   * What tmux holds (scrollback and screen), rows as written. tmux's own "Pane is dead" line
   * never shows: the pane lives until close() (see STATUS_KEEPER).
   */
  const capture = (join: boolean) => {
    const rows = tmux('capture-pane', '-p', ...(join ? ['-J'] : []), '-S', '-', '-E', '-', '-t', 'mon').split('\n');
    if (rows.at(-1) === '') rows.pop();
    return rows;
  };
  const trimEnd = (rows: string[]) => {
    const out = rows.map((row) => row.replace(/\s+$/, ''));
    while (out.length && out.at(-1) === '') out.pop();
    return out;
  };
  let last: string[] = [];
  const lines = () => {
    if (closed) return last;
    last = trimEnd(capture(false).slice(-size.rows));
    return last;
  };
  let lastHistory: string[] = [];
  const history = () => {
    if (closed) return lastHistory;
    lastHistory = trimEnd(capture(true));
    return lastHistory;
  };
  const text = () => lines().join('\n');
  const secretsCheck = () => {
    const leaked = leakedSecrets(history().join('\n'));
    if (leaked.length) throw new Error(`mon ${args.join(' ')} showed a secret on the terminal:\n${text()}`);
  };

  const run: ScreenRun = {
    lines,
    text,
    history,
    async waitFor(wanted, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      const matches = () => {
        const shown = text();
        return typeof wanted === 'string' ? shown.includes(wanted) : wanted.test(shown);
      };
      while (!matches()) {
        if (Date.now() > deadline) {
          throw new Error(`The screen never showed ${String(wanted)} (${timeoutMs} ms). It shows:\n${text()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async type(typed) {
      // One send-keys per character, so a prompt that reacts to each key sees each key.
      for (const char of typed) tmux('send-keys', '-t', 'mon', '-l', char);
    },
    async press(...keys) {
      for (const key of keys) tmux('send-keys', '-t', 'mon', key);
    },
    async paste(text, { bracketed = false } = {}) {
      if (!bracketed) {
        tmux('send-keys', '-t', 'mon', '-l', text);
        return;
      }
      tmux('set-buffer', '-b', 'paste', '--', text);
      tmux('paste-buffer', '-b', 'paste', '-d', '-p', '-t', 'mon');
    },
    kill(signal) {
      process.kill(monPid(), signal);
    },
    async done(timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = exitStatus();
        if (
          status !== undefined &&
          tmux('display-message', '-p', '-t', 'mon', '#{pane_title}').trim() === EXITED_TITLE
        ) {
          const screen = lines();
          history();
          secretsCheck();
          run.close();
          return { ...status, screen };
        }
        if (Date.now() > deadline) {
          const screen = text();
          run.close();
          throw new Error(`mon ${args.join(' ')} did not exit within ${timeoutMs} ms. The screen:\n${screen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close() {
      if (closed) return;
      try {
        lines();
        history();
      } catch {
        // Already gone.
      }
      closed = true;
      spawnSync('tmux', ['-S', socket, 'kill-server'], { env: tmuxEnv });
    },
  };
  open.add(run);
  return run;
}

/** The pane's title the status keeper sets after mon exits (tmux reads a terminal's output in order). */
const EXITED_TITLE = 'mon-has-exited';

/** The parent of mon in the pane: runs it, passes no signal on (mon gets the terminal's own), writes how it ended. */
const STATUS_KEEPER = `
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const [file, command, ...args] = process.argv.slice(1);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGTSTP']) process.on(signal, () => {});
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  writeFileSync(file, code + ' ' + signal + '\\n');
  // The terminal has mon's output before this title: once tmux shows it, the screen is whole.
  // Staying until the harness ends the terminal keeps tmux's "Pane is dead" line off that screen.
  process.removeAllListeners('SIGHUP');
  process.stdout.write('\\x1b]2;${EXITED_TITLE}\\x07');
  setTimeout(() => process.exit(0), 60000);
});
`;

const open = new Set<ScreenRun>();
process.on('exit', () => {
  for (const run of open) run.close();
});

/** Rows of `lines` wider than `columns` (logical lines from `history()`): each is a line that wrapped. */
export function overWidth(lines: string[], columns: number): string[] {
  return lines.filter((line) => [...line].length > columns);
}
