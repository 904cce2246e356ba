/**
 * Issue 39, item 5: `mon heartbeats exec` at a real terminal (tmux, 80x24). The job runs in a
 * process group of its own, in the terminal's foreground: --max-runtime stops the children it
 * started too (they used to run on, re-parented, while mon said the job "was stopped"), Ctrl-C
 * reaches the job once, Ctrl-Z stops the job with mon and `fg` continues both, and the
 * terminal is given back after (a shell script that reads the terminal after mon still can).
 * Each runs with Perl (the launcher of shared/launch.ts) and without it (Node alone: the job
 * in a session of its own, mon passing the terminal's signals on).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from './harness';
import { hostileServer, until, type Hostile } from './hostile';
import { openScreen, requireScreen, type ScreenRun } from './screen';

const TOKEN = 'hb_exec_terminal_token_0123456789';

let pings: Hostile;
beforeAll(async () => {
  pings = await hostileServer((_req, res) => res.writeHead(200).end());
});
afterAll(() => pings.close());

/** Processes a test found running, and its terminals: ended after it, whatever it asserted. */
const leftovers: number[] = [];
const screens: ScreenRun[] = [];
async function terminal(...args: Parameters<typeof openScreen>): Promise<ScreenRun> {
  const screen = await openScreen(...args);
  screens.push(screen);
  return screen;
}
afterEach(() => {
  for (const screen of screens.splice(0)) screen.close();
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
});

/** Is the process running (a zombie, ended but not reaped by the process it was left to, is not)? */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

/** A PATH with what the tests and their jobs use, and no Perl. */
function pathWithoutPerl(): string {
  const dir = join(tempDir('mon-bin-'), 'bin');
  mkdirSync(dir);
  for (const tool of ['sh', 'bash', 'sleep', 'tmux']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(dir, tool));
  }
  return dir;
}

const WAYS = [
  ['with Perl (the launcher)', () => process.env.PATH],
  ['without Perl (Node alone)', pathWithoutPerl],
] as const;

const env = (path: string | undefined) =>
  cleanEnv({ MON_PING_URL: pings.url, MON_PING_TOKEN: TOKEN, NO_COLOR: '1', PATH: path });

describe.runIf(process.platform === 'linux')('heartbeats exec at a terminal', () => {
  describe.each(WAYS)('%s', (_way, path) => {
    it("--max-runtime stops the job's whole process group: no child of the job is left running; exit 124", async (context) => {
      requireScreen(context);
      const dir = tempDir();
      const screen = await terminal(
        ['heartbeats', 'exec', '--max-runtime', '1s', '--', 'sh', '-c', `sleep 60 & echo $! > ${dir}/child; sleep 60`],
        env(path()),
      );
      const { code } = await screen.done();
      const child = Number(readFileSync(join(dir, 'child'), 'utf8'));
      if (running(child)) leftovers.push(child);
      expect(code, screen.text()).toBe(124);
      expect(running(child), `the job's child ${child} runs on`).toBe(false);
      expect(screen.text().replace(/\s+/g, ' ')).toContain(
        'ran longer than --max-runtime 1s and was stopped (SIGTERM to its process group); no ping was sent.',
      );
      expect(pings.received).toEqual([]);
    });

    it('Ctrl-C reaches the job once; mon ends with its status, and sends no ping', async (context) => {
      requireScreen(context);
      const screen = await terminal(
        [
          'heartbeats',
          'exec',
          '--',
          'sh',
          '-c',
          "trap 'echo got INT; exit 130' INT; echo ready; while :; do sleep 0.1; done",
        ],
        env(path()),
      );
      await screen.waitFor('ready');
      await screen.press('C-c');
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(130);
      // The job's line, not mon's message that quotes the command.
      expect(screen.lines().filter((line) => line.endsWith('got INT'))).toHaveLength(1);
      expect(screen.text()).toContain('exited with code 130; no ping was sent.');
      expect(pings.received).toEqual([]);
    });

    it('a command that does not exist is exit 127, and one that cannot run 126; nothing is pinged', async (context) => {
      requireScreen(context);
      const missing = await terminal(['heartbeats', 'exec', '--', 'no-such-command-here'], env(path()));
      expect((await missing.done()).code, missing.text()).toBe(127);
      expect(missing.text()).toContain(
        'error: Cannot run "no-such-command-here": command not found; no ping was sent.',
      );
      const notExecutable = await terminal(['heartbeats', 'exec', '--', tempDir()], env(path()));
      expect((await notExecutable.done()).code, notExecutable.text()).toBe(126);
      expect(notExecutable.text()).toContain('permission denied; no ping was sent.');
      expect(pings.received).toEqual([]);
    });

    it('the terminal is given back after the job: a script that reads it after mon can', async (context) => {
      requireScreen(context);
      // A script without job control: mon's process group is the script's, and had the
      // terminal stayed the job's (ended) group's, `read` would stop the script (SIGTTIN).
      const screen = await terminal([], env(path()), undefined, {
        command: [
          '/bin/sh',
          '-c',
          '"$0" "$@"; echo "mon said $?"; printf "next? "; read answer; echo "the script read $answer"',
          process.execPath,
          BIN,
          'heartbeats',
          'exec',
          '--',
          'sh',
          '-c',
          'printf "job? "; read answer; echo "the job read $answer"',
        ],
      });
      await screen.waitFor('job?');
      await screen.type('first');
      await screen.press('Enter');
      await screen.waitFor('next?');
      await screen.type('second');
      await screen.press('Enter');
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(0);
      expect(screen.lines()).toEqual(
        expect.arrayContaining([
          'job? first',
          'the job read first',
          'mon said 0',
          'next? second',
          'the script read second',
        ]),
      );
      expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
      pings.received.length = 0;
    });

    it('Ctrl-Z stops the job with mon, as one job of the shell; `fg` continues both, and the job reads the terminal', async (context) => {
      requireScreen(context);
      const dir = tempDir();
      writeFileSync(join(dir, 'bashrc'), "PS1='shell>'\n");
      const screen = await terminal([], env(path()), undefined, {
        command: ['bash', '--rcfile', join(dir, 'bashrc'), '--noprofile', '-i'],
      });
      await screen.waitFor(/^shell>$/m);
      await screen.type(
        `${process.execPath} ${BIN} heartbeats exec -- sh -c 'echo $$ > ${dir}/job && echo "job $((40 + 2)) runs" && read answer && echo "the job read $answer"'`,
      );
      await screen.press('Enter');
      // (The command line on the screen says "$((40 + 2))": this is the job's.)
      await screen.waitFor('job 42 runs');
      await screen.press('C-z');
      // (Typed with && between its commands: tmux's send-keys takes a lone ; for its own.)
      await screen.waitFor('Stopped');
      const job = Number(readFileSync(join(dir, 'job'), 'utf8'));
      leftovers.push(job);
      const state = () => readFileSync(`/proc/${job}/stat`, 'utf8').split(') ')[1]!.charAt(0);
      await until(() => state() === 'T', 'the job to be stopped');
      await screen.type('fg');
      await screen.press('Enter');
      // Continued, it waits in `read` again (typing sooner could reach the shell instead).
      await until(() => state() === 'S', 'the job to be continued');
      await screen.type('yes');
      await screen.press('Enter');
      await screen.waitFor('the job read yes');
      await screen.waitFor(/the job read yes\n[^]*ping sent to[^]*\nshell>$/);
      await screen.type('exit');
      await screen.press('Enter');
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(0);
      expect(pings.received.map((ping) => ping.url)).toEqual([`/${TOKEN}`]);
      pings.received.length = 0;
    });
  });
});
