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
  useState,
} from '@inquirer/core';
import { oneLine, sanitize } from '../text/escape';
import { truncate } from '../text/width';
import { answerShown } from '../text/wrap';
import type { MessageAnswer, MessageOptions, MessageTemplate } from './prompter';

/*
 * The message prompt (@inquirer/core): a text input from the first key, so that what a
 * person types is on the screen and is what gets posted. The stored templates are offered
 * inside it: its hint names them, and Tab (or a `/` typed first) opens their list; choosing
 * one puts its filled-in text in the input, to read and edit before it goes out.
 */

export interface MessagePromptConfig extends MessageOptions {
  /** The terminal's width: a template's line in the list is cut to it. */
  columns: number;
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

export const messagePrompt = createPrompt<MessageAnswer, MessagePromptConfig>((config, done) => {
  const theme = makeTheme({});
  const { templates } = config;
  const [status, setStatus] = useState<'idle' | 'done'>('idle');
  const [line, setLine] = useState(oneLine(config.default ?? ''));
  const [open, setOpen] = useState<Open>(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<MessageTemplate | undefined>(
    templates.find((template) => template.name === config.template),
  );
  const [error, setError] = useState<string | undefined>();
  const prefix = usePrefix({ status, theme });
  const matches = shown(templates, open, line);

  // The default (or the previous answer) is in the input, to edit.
  useEffect((rl) => {
    if (config.default) rl.write(oneLine(config.default));
  }, []);

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    /** The input holds `text` (readline's line is what the person edits). */
    const put = (text: string) => {
      rl.clearLine(0);
      rl.write(text);
      setLine(text);
    };
    if (isEnterKey(key)) {
      // Readline has emptied its line: what was typed is still `line`.
      if (open) {
        const picked = matches[active];
        // Nothing to choose ("/xyz" names no template): the list says so, the text stays.
        if (!picked) return put(line);
        put(oneLine(picked.text));
        setChosen(picked);
        setOpen(false);
        setError(undefined);
        return;
      }
      const typed = line.trim();
      const verdict = config.validate ? config.validate(typed) : true;
      if (verdict !== true) {
        put(line);
        setError(verdict);
        return;
      }
      setStatus('done');
      // A template's text (or the default) as it was, when the person left it as shown: its newlines kept.
      const kept = [chosen?.text, config.default].find((text) => text !== undefined && line === oneLine(text));
      const text = kept ?? typed;
      done({ text, ...(chosen ? { template: chosen.name } : {}) });
      return;
    }
    if (isTabKey(key)) {
      // Readline put a tab in the line: take it out.
      put(line);
      if (!templates.length) return;
      if (open) setActive((active + 1) % Math.max(matches.length, 1));
      else {
        setOpen('tab');
        setActive(0);
      }
      return;
    }
    if (open && (isUpKey(key) || isDownKey(key))) {
      const count = Math.max(matches.length, 1);
      setActive((active + (isUpKey(key) ? count - 1 : 1)) % count);
      return;
    }
    if (key.name === 'escape') {
      setOpen(false);
      setError(undefined);
      return;
    }
    const now = rl.line;
    setLine(now);
    setError(undefined);
    if (now === '') setChosen(undefined);
    if (open === 'slash' && !now.startsWith('/')) setOpen(false);
    else if (!open && templates.length && now.startsWith('/') && !line.startsWith('/')) setOpen('slash');
    if (now !== line) setActive(0);
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') {
    const answer = answerShown(config.columns, config.message, oneLine(line.trim()));
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
  } else if (templates.length) {
    if (chosen) {
      const status = chosen.status ? `: its status ${chosen.status} applies` : '';
      below.push(theme.style.help(truncate(`From template "${sanitize(chosen.name)}"${status}.`, config.columns - 1)));
    }
    const names = templates.map((template) => sanitize(template.name)).join(', ');
    // A leading `/` opens the list from an empty input; with text in it, Tab does.
    const keys = line === '' ? 'Tab or /' : 'Tab';
    below.push(theme.style.help(truncate(`${keys} for a template: ${names}`, config.columns - 1)));
  }
  if (error) below.push(theme.style.error(error));
  return [`${prefix} ${message} ${line}`, below.join('\n') || undefined];
});
