import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A long message written in the person's editor, as `git commit` does: the text so far in a
 * file of its own (readable by its owner only), the editor ($VISUAL, then $EDITOR) run by the
 * shell on it with the terminal handed over, the file read back and removed.
 */

/** What the editor left: the text, or why there is none (it failed, or left the file empty). */
export type Edited = { text: string } | { failed: string } | { empty: true };

/** "vim" for "/usr/bin/vim -u NONE": what the hint names. */
export const editorName = (command: string) => command.split(/\s+/)[0]!.split(/[\\/]/).pop()!;

/**
 * Opens `text` in `command` and waits for it to exit (the terminal is its until then). The
 * text comes back without its trailing blank lines; a non-zero exit, a signal, or an editor
 * that could not start is `failed`, saying which.
 */
export function editText(command: string, text: string): Edited {
  const dir = mkdtempSync(join(tmpdir(), 'mon-message-'));
  const file = join(dir, 'MESSAGE.txt');
  try {
    writeFileSync(file, text ? `${text}\n` : '', { mode: 0o600 });
    const ran =
      process.platform === 'win32'
        ? spawnSync(`${command} "${file}"`, { stdio: 'inherit', shell: true })
        : spawnSync('/bin/sh', ['-c', `${command} "$@"`, command, file], { stdio: 'inherit' });
    if (ran.error) return { failed: `could not be started (${ran.error.message})` };
    if (ran.signal) return { failed: `was stopped by ${ran.signal}` };
    if (ran.status !== 0) return { failed: `exited with status ${ran.status}` };
    const edited = readFileSync(file, 'utf8').replace(/\r\n/g, '\n').replace(/\s+$/, '');
    return edited.trim() ? { text: edited } : { empty: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
