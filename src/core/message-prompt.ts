import {
  createPrompt,
  isDownKey,
  isEnterKey,
  isTabKey,
  isUpKey,
  makeTheme,
  useEffect,
  useKeypress,
  usePrefix,
  useRef,
  useState,
} from '@inquirer/core';
import { CliError, DeclinedError } from '../errors';
import { oneLine, sanitize } from '../text/escape';
import { truncate } from '../text/width';
import { answerShown } from '../text/wrap';
import type { Edited } from './editor';
import { BRACKETED_PASTE, quietWatch, type QuietWatch } from './paste';
import type { MessageAnswer, MessageOptions, MessageTemplate } from './prompter';

/*
 * The message prompt (@inquirer/core): a text input from the first key, so that what a
 * person types is on the screen and is what gets posted. The stored templates are offered
 * inside it: its hint names them, and Tab (or a `/` typed first) opens their list; choosing
 * one puts its filled-in text in the input, to read and edit before it goes out.
 *
 * A message can have several lines: a paste keeps its lines (paste.ts tells a paste's
 * newlines from Enter), each shown on a row of its own, and Backspace at the start of an
 * empty line goes back up to the one before. Ctrl-G opens the text in $VISUAL or $EDITOR,
 * as `git commit` does; what the editor leaves comes back into the input, to read before
 * it goes out. An editor that fails, or leaves nothing, ends the command: nothing is sent.
 */

export interface MessagePromptConfig extends MessageOptions {
  /** The terminal's width: a template's line in the list is cut to it. */
  columns: number;
  /** Writes to the terminal (the bracketed paste mode, on while the prompt is). */
  terminal?: (sequence: string) => void;
  /** Ctrl-G's editor: its name for the hint, and the run (editor.ts); undefined when neither VISUAL nor EDITOR is set. */
  editor?: { name: string; edit: (text: string) => Edited };
}

/** The list is closed, opened with Tab (every template), or by a leading `/` (filtered by the name typed after it). */
type Open = false | 'tab' | 'slash';

/** The templates the list shows: for `/mon`, those whose name starts with "mon" (any case). */
function shown(templates: MessageTemplate[], open: Open, line: string): MessageTemplate[] {
  if (!open) return [];
  if (open === 'tab') return templates;
  const typed = line.slice(1).toLowerCase();
  return templates.filter((template) => template.name.toLowerCase().startsWith(typed));
}

/** A text as the input's rows: one per line, control characters escaped (so that the row is what is typed over). */
const rowsOf = (text: string) => text.split(/\r?\n/).map((row) => sanitize(row));

/** A multi-line answer on its one line: its first line, and how many follow. */
function answerLine(rows: string[]): string {
  const first = rows.find((row) => row.trim()) ?? '';
  const more = rows.length - 1;
  return more ? `${first.trim()} (+${more} more line${more === 1 ? '' : 's'})` : first.trim();
}

export const messagePrompt = createPrompt<MessageAnswer, MessagePromptConfig>((config, done) => {
  const theme = makeTheme({});
  const { templates } = config;
  const [status, setStatus] = useState<'idle' | 'done'>('idle');
  const initial = rowsOf(config.default ?? '');
  /** The rows above the one being typed in (a paste's first lines, an editor's). */
  const [above, setAbove] = useState<string[]>(initial.slice(0, -1));
  /** The row being typed in: readline's line. */
  const [line, setLine] = useState(initial.at(-1)!);
  const [open, setOpen] = useState<Open>(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<MessageTemplate | undefined>(
    templates.find((template) => template.name === config.template),
  );
  /** A text put in whole (the default, a template's, an editor's): sent as it was when its rows are left as shown. */
  const [source, setSource] = useState<string | undefined>(config.default);
  const [error, setError] = useState<string | undefined>();
  /** Why the command ends here (the editor failed, or left nothing): thrown when drawn, so the prompt rejects with it. */
  const [failure, setFailure] = useState<Error | undefined>();
  const prefix = usePrefix({ status, theme });
  const matches = shown(templates, open, line);
  /** Inside a bracketed paste: Enter is a newline. */
  const pasting = useRef(false);
  /** An Enter not yet known to be the person's: what was on its row, and the watch for more input. */
  const pending = useRef<{ row: string; watch: QuietWatch } | undefined>(undefined);

  // The default (or the previous answer) is in the input, to edit; the terminal marks pastes while the prompt is up.
  useEffect((rl) => {
    if (initial.at(-1)) rl.write(initial.at(-1)!);
    config.terminal?.(BRACKETED_PASTE.on);
    return () => {
      pending.current?.watch.stop();
      config.terminal?.(BRACKETED_PASTE.off);
    };
  }, []);

  /** The rows now: those above, then the one being typed in. */
  const rows = (last = line, upper = above) => [...upper, last];

  /** The answer: the text put in whole when its rows are as shown, else the rows typed. false: refused (the reason shown). */
  const submit = (all: string[]): boolean => {
    const typed = all.join('\n').trim();
    const verdict = config.validate ? config.validate(typed) : true;
    if (verdict !== true) {
      setError(verdict);
      return false;
    }
    setStatus('done');
    const kept = source !== undefined && all.join('\n') === rowsOf(source).join('\n') ? source : undefined;
    done({ text: kept ?? typed, ...(chosen ? { template: chosen.name } : {}) });
    return true;
  };

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    /** The input holds `text` (readline's line is the last row). */
    const put = (text: string, from?: string) => {
      const all = rowsOf(text);
      rl.clearLine(0);
      rl.write(all.at(-1)!);
      setAbove(all.slice(0, -1));
      setLine(all.at(-1)!);
      if (from !== undefined) setSource(from);
    };
    // An Enter followed by more input before the person could have typed it was a newline of a paste.
    let upper = above;
    let current = line;
    if (pending.current) {
      pending.current.watch.stop();
      upper = [...above, pending.current.row];
      current = '';
      setAbove(upper);
      setLine(rl.line);
      pending.current = undefined;
    }
    if (key.name === 'paste-start' || key.name === 'paste-end') {
      pasting.current = key.name === 'paste-start';
      return;
    }
    if (isEnterKey(key)) {
      // Readline has emptied its line: what was typed is still `current`.
      if (pasting.current) {
        setAbove([...upper, current]);
        setLine('');
        return;
      }
      if (open) {
        const picked = matches[active];
        // Nothing to choose ("/xyz" names no template): the list says so, the text stays.
        if (!picked) return put(current);
        put(picked.text, picked.text);
        setChosen(picked);
        setOpen(false);
        setError(undefined);
        return;
      }
      // Taken once nothing more arrived with it: the Enter that ends a paste of lines does not post it.
      const row = current;
      pending.current = {
        row,
        watch: quietWatch(() => {
          pending.current = undefined;
          // Refused: the row is back in readline's line, to correct.
          if (!submit(rows(row, upper))) rl.write(row);
        }),
      };
      return;
    }
    if (key.ctrl && key.name === 'g') {
      if (!config.editor) {
        setError('Ctrl-G opens $VISUAL or $EDITOR: neither is set (export EDITOR=nano, say).');
        return;
      }
      const input = rl.input as NodeJS.ReadStream;
      input.setRawMode?.(false);
      rl.pause();
      const edited = config.editor.edit(rows(rl.line, upper).join('\n').trim());
      rl.resume();
      input.setRawMode?.(true);
      if ('failed' in edited) {
        setFailure(
          new CliError(
            'failure',
            `The editor (${config.editor.name}) ${edited.failed}: nothing was sent.`,
            'Write the message with --message-file FILE, or type it at the prompt.',
          ),
        );
      } else if ('empty' in edited) {
        setFailure(new DeclinedError(`The editor (${config.editor.name}) left the message empty: nothing was sent.`));
      } else {
        put(edited.text, edited.text);
        setError(undefined);
      }
      return;
    }
    if (isTabKey(key)) {
      // Readline put a tab in the line: take it out.
      rl.clearLine(0);
      rl.write(current);
      if (!templates.length) return;
      if (open) setActive((active + 1) % Math.max(matches.length, 1));
      else {
        setOpen('tab');
        setActive(0);
      }
      return;
    }
    if (isUpKey(key) || isDownKey(key)) {
      if (open) {
        const count = Math.max(matches.length, 1);
        setActive((active + (isUpKey(key) ? count - 1 : 1)) % count);
      } else {
        // Readline's history (the rows a paste entered) is not the message: the row stays as it was.
        rl.clearLine(0);
        rl.write(current);
      }
      return;
    }
    if (key.name === 'escape') {
      setOpen(false);
      setError(undefined);
      return;
    }
    // Backspace at the start of an empty row: back to the end of the row above.
    if (key.name === 'backspace' && current === '' && rl.line === '' && upper.length) {
      rl.write(upper.at(-1)!);
      setLine(upper.at(-1)!);
      setAbove(upper.slice(0, -1));
      return;
    }
    const now = rl.line;
    setLine(now);
    setError(undefined);
    if (now === '' && !upper.length) setChosen(undefined);
    if (open === 'slash' && !now.startsWith('/')) setOpen(false);
    else if (!open && templates.length && !upper.length && now.startsWith('/') && !current.startsWith('/')) {
      setOpen('slash');
    }
    if (now !== current) setActive(0);
  });

  if (failure) throw failure;
  const message = theme.style.message(config.message, status);
  if (status === 'done') {
    const answer = answerShown(config.columns, config.message, oneLine(answerLine(rows())));
    return `${prefix} ${message} ${theme.style.answer(answer)}`;
  }

  const below: string[] = [];
  if (open) {
    const nameWidth = Math.max(...matches.map((template) => template.name.length), 0);
    for (const [index, template] of matches.entries()) {
      const item = `${index === active ? '❯' : ' '} ${sanitize(template.name).padEnd(nameWidth)}  ${oneLine(template.text)}`;
      const fitted = truncate(item, config.columns - 1);
      below.push(index === active ? theme.style.highlight(fitted) : fitted);
    }
    if (!matches.length) {
      below.push(
        theme.style.help(`  No template's name starts with "${sanitize(line.slice(1))}"; Esc keeps the text.`),
      );
    }
    below.push(theme.style.help('↑↓ choose • ⏎ put it in the message, to edit • Esc close'));
  } else {
    if (chosen) {
      const status = chosen.status ? `: its status ${chosen.status} applies` : '';
      below.push(theme.style.help(truncate(`From template "${sanitize(chosen.name)}"${status}.`, config.columns - 1)));
    }
    const editor = `Ctrl-G: edit in ${config.editor ? sanitize(config.editor.name) : '$EDITOR'}`;
    if (templates.length) {
      const names = templates.map((template) => sanitize(template.name)).join(', ');
      // A leading `/` opens the list from an empty input; with text in it, Tab does.
      const keys = line === '' && !above.length ? 'Tab or /' : 'Tab';
      const offer = truncate(`${keys} for a template: ${names}`, Math.max(config.columns - 4 - editor.length, 10));
      below.push(theme.style.help(truncate(`${offer} · ${editor}`, config.columns - 1)));
    } else {
      below.push(theme.style.help(truncate(editor, config.columns - 1)));
    }
  }
  if (error) below.push(theme.style.error(error));
  const [first, ...rest] = rows();
  const input = [`${prefix} ${message} ${first}`, ...rest.map((row) => `  ${row}`)].join('\n');
  return [input, below.join('\n') || undefined];
});
