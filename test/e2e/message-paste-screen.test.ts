/**
 * Issue 39, item 3, at a real terminal (80x24): a message pasted with several lines keeps
 * them all (src/core/message-prompt.ts; paste.ts tells a paste's newlines from Enter), is shown
 * whole before it is posted, and no line of it answers a later question. Pasted bracketed
 * (tmux's paste-buffer -p, the prompt asks the terminal for it) and not (send-keys of the whole
 * text at once), and in accessible mode, whose lines the terminal hands over one by one.
 * Ctrl-G writes the message in $EDITOR, as `git commit` does; an editor that fails or leaves
 * nothing sends nothing. What the sandbox received is checked, not only the screen.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openIncident, startSandbox, tempDir, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox?.clearRequests();
});

const changes = async () =>
  (await sandbox.requests()).filter((request) => request.method !== 'GET').map((request) => request.body);

const JOBS = { id: '4fbcae70-5d1f-4c2a-9e8b-1a2b3c4d5e05', name: 'Job queue' };
const open = async (name: string) => (await openIncident(sandbox, { name, severity: 'MINOR', service: JOBS })).id;

/** Three lines and a "yes" that must never answer "Post this update?". */
const PASTED = ['Jobs are delayed by about 10 minutes.', '', 'yes', 'We are adding workers.'];

describe('a message pasted with several lines', () => {
  it('without bracketed paste: every line is kept, shown whole before it is posted, and posted whole', async (context) => {
    requireScreen(context);
    const id = await open('Pasted, unbracketed');
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'identified', '--no-notify'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await screen.waitFor('? Message (what subscribers read)');
    await screen.paste(PASTED.join('\n'));
    await screen.waitFor('  We are adding workers.');
    expect(screen.lines().slice(0, 4)).toEqual([
      '? Message (what subscribers read) Jobs are delayed by about 10 minutes.',
      '',
      '  yes',
      '  We are adding workers.',
    ]);
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    expect(screen.text()).toContain(
      [
        '  Message:  Jobs are delayed by about 10 minutes.',
        '',
        '            yes',
        '            We are adding workers.',
        '  Notify:   no, subscribers are not notified',
      ].join('\n'),
    );
    expect(await changes()).toEqual([]);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect(await changes()).toEqual([
      { description: PASTED.join('\n'), status: 'IDENTIFIED', notifySubscribers: false },
    ]);
    expect(overWidth(screen.history(), 80)).toEqual([]);
  });

  it('bracketed, ending in a newline: the paste posts nothing by itself, and its "yes" answers nothing', async (context) => {
    requireScreen(context);
    const id = await open('Pasted, bracketed');
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'identified', '--no-notify'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await screen.waitFor('? Message (what subscribers read)');
    await screen.paste(`${PASTED.join('\n')}\n`, { bracketed: true });
    await screen.waitFor('  We are adding workers.');
    // Still in the input, on an empty row: Backspace goes back up to the end of the line above.
    expect(screen.text()).not.toContain('Post this update?');
    await screen.press('BSpace', 'BSpace');
    await screen.waitFor(/^ {2}We are adding workers$/m);
    await screen.type('.');
    await screen.press('Enter');
    await screen.waitFor('❯ no, send nothing');
    expect(screen.text()).toMatch(
      /Message: +Jobs are delayed by about 10 minutes\.\n\n {12}yes\n {12}We are adding workers\.\n/,
    );
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(1);
    expect(screen.text()).toContain('Nothing was posted.');
    expect(await changes()).toEqual([]);
  });

  it('accessible mode: the lines that arrive together are the message, and none of them answers "Post this update?"', async (context) => {
    requireScreen(context);
    const id = await open('Pasted, accessible');
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'identified', '--no-notify'],
      sandbox.env({ NO_COLOR: '1', MON_ACCESSIBLE: '1' }),
    );
    await screen.waitFor(/Message \(what subscribers read\):$/m);
    await screen.paste(`${PASTED.join('\n')}\n`);
    await screen.waitFor('Type a number from 1 to 3, or Enter for 2:');
    expect(screen.text()).toMatch(
      /Message: +Jobs are delayed by about 10 minutes\.\n\n {12}yes\n {12}We are adding workers\.\n/,
    );
    expect(await changes()).toEqual([]);
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(1);
    expect(screen.text()).toContain('Nothing was posted.');
    expect(await changes()).toEqual([]);
  });
});

describe('Ctrl-G: the message written in $EDITOR', () => {
  /** An editor: a script run on the message's file, which notes the file's path and what it held. */
  function editor(body: string): { path: string; seen: () => { file: string; held: string } } {
    const dir = tempDir('mon-editor-');
    const path = join(dir, 'editor.sh');
    const notes = join(dir, 'notes');
    writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$1" > '${notes}'\ncat "$1" >> '${notes}'\n${body}\n`);
    chmodSync(path, 0o755);
    return {
      path,
      seen: () => {
        const [file, ...held] = readFileSync(notes, 'utf8').split('\n');
        return { file: file!, held: held.join('\n') };
      },
    };
  }

  it('opens the text typed so far; what the editor leaves comes back into the input, and is posted whole; its file is removed', async (context) => {
    requireScreen(context);
    const id = await open('Edited in an editor');
    const written = editor(`printf 'Workers were added.\\nThe queue is draining.\\n' > "$1"`);
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'monitoring', '--no-notify'],
      sandbox.env({ NO_COLOR: '1', EDITOR: 'vi', VISUAL: written.path }),
    );
    await screen.waitFor('Ctrl-G: edit in editor.sh');
    await screen.type('A first draft');
    await screen.press('C-g');
    await screen.waitFor('  The queue is draining.');
    expect(screen.lines()[0]).toBe('? Message (what subscribers read) Workers were added.');
    const seen = written.seen();
    expect(seen.held).toBe('A first draft\n');
    expect(existsSync(seen.file)).toBe(false);
    await screen.press('Enter');
    await screen.waitFor('? Post this update?');
    expect(screen.text()).toMatch(/Message: +Workers were added\.\n {12}The queue is draining\.\n/);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect(await changes()).toEqual([
      { description: 'Workers were added.\nThe queue is draining.', status: 'MONITORING', notifySubscribers: false },
    ]);
  });

  it.for([
    ['exits non-zero', 'exit 3', 'The editor (editor.sh) exited with status 3: nothing was sent.'],
    ['leaves the file empty', ': > "$1"', 'The editor (editor.sh) left the message empty: nothing was sent.'],
  ] as const)(
    'an editor that %s ends the command: it says so, exit 1, nothing is sent',
    async ([, body, said], context) => {
      requireScreen(context);
      const id = await open(`Editor that ${body}`);
      const screen = await openScreen(
        ['incidents', 'update', id, '--status', 'monitoring', '--no-notify'],
        sandbox.env({ NO_COLOR: '1', EDITOR: editor(body).path }),
      );
      await screen.waitFor('Ctrl-G: edit in editor.sh');
      await screen.type('A first draft');
      await screen.press('C-g');
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(1);
      expect(screen.text()).toContain(said);
      expect(await changes()).toEqual([]);
    },
  );

  it('with neither VISUAL nor EDITOR set, Ctrl-G says so and the text stays', async (context) => {
    requireScreen(context);
    const id = await open('No editor set');
    const screen = await openScreen(
      ['incidents', 'update', id, '--status', 'monitoring', '--no-notify'],
      sandbox.env({ NO_COLOR: '1' }),
    );
    await screen.waitFor('Ctrl-G: edit in $EDITOR');
    await screen.type('Typed here');
    await screen.press('C-g');
    await screen.waitFor('> Ctrl-G opens $VISUAL or $EDITOR: neither is set (export EDITOR=nano, say).');
    expect(screen.lines()[0]).toBe('? Message (what subscribers read) Typed here');
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
    expect(await changes()).toEqual([]);
  });
});
