import {
  createPrompt,
  makeTheme,
  useKeypress,
  usePagination,
  usePrefix,
  useState,
  type KeypressEvent,
} from '@inquirer/core';
import { truncate } from '../text/width';

/*
 * The prompts that choose (a list, a list of boxes to tick, a yes/no question), drawn with
 * @inquirer/core as @inquirer/prompts draws them, and every one under the same rule (keyIntent,
 * below): only a key that names a move or an answer does anything. @inquirer/select runs its
 * type-ahead on every key it does not handle, and an empty term matches the first item: Escape,
 * ←, →, Home or End moved the cursor of "Post this update?" from "no, send nothing" to "yes".
 * Here those keys, and every other key that does not choose, leave the cursor where it is.
 * Escape never answers and never cancels; Ctrl-C cancels any question (exit 130, nothing sent).
 */

type Theme = ReturnType<typeof makeTheme>;

/** A key as readline decodes it (the type @inquirer gives names only two of its fields). */
type Key = KeypressEvent & { meta?: boolean; sequence?: string };

/** What a key asks of a list. */
export type KeyIntent =
  | { kind: 'move'; by: -1 | 1 }
  | { kind: 'take' }
  | { kind: 'tick' }
  | { kind: 'erase' }
  | { kind: 'type'; char: string }
  | { kind: 'nothing' };

/** One printable character, typed without Ctrl or Alt: a letter, a digit, a sign. */
const PRINTABLE = /^[^\p{C}\s]$/u;

/**
 * The one rule of every list mon draws: ↑ and ↓ move, Enter takes the answer under the cursor,
 * Space ticks a box, Backspace forgets what was typed, a printable character is typed (a
 * digit goes to that item, letters to the first item whose name starts with them). Every
 * other key (Escape, ←, →, Home, End, Page Up/Down, Tab, Insert, Delete, F1–F12, a key with
 * Ctrl, a character with Alt, which is also Escape then that character) does nothing.
 */
export function keyIntent(key: Key): KeyIntent {
  if (key.name === 'return' || key.name === 'enter') return { kind: 'take' };
  if (key.ctrl) return { kind: 'nothing' };
  if (key.name === 'up') return { kind: 'move', by: -1 };
  if (key.name === 'down') return { kind: 'move', by: 1 };
  if (key.meta) return { kind: 'nothing' };
  if (key.name === 'space') return { kind: 'tick' };
  if (key.name === 'backspace') return { kind: 'erase' };
  const char = key.sequence ?? '';
  return PRINTABLE.test(char) ? { kind: 'type', char } : { kind: 'nothing' };
}

/**
 * Where typing `term` goes in `names`: a number is the item of that number (from 1), other
 * text the first name that starts with it (in any case). undefined: nowhere (an empty term
 * included, so that no key goes to the first item by matching nothing).
 */
export function typedTarget(names: readonly string[], term: string): number | undefined {
  if (term === '') return undefined;
  if (/^\d+$/.test(term)) {
    const number = Number(term);
    return number >= 1 && number <= names.length ? number - 1 : undefined;
  }
  const lower = term.toLowerCase();
  const index = names.findIndex((name) => name.toLowerCase().startsWith(lower));
  return index === -1 ? undefined : index;
}

/**
 * What is typed so far, and where it goes: the term grows while it names an item; a
 * character that would make it name none starts it again ("y" is yes, then "n" is no).
 */
function typeAhead(names: readonly string[], term: string, char: string): { term: string; target?: number } {
  const longer = typedTarget(names, term + char);
  if (longer !== undefined) return { term: term + char, target: longer };
  const alone = typedTarget(names, char);
  return alone === undefined ? { term: '' } : { term: char, target: alone };
}

/** The choice as the terminal prompter gives it: its name fitted to the screen already. */
export interface DrawnChoice<T> {
  name: string;
  value: T;
  /** The answer line's text once chosen. */
  short: string;
  description?: string;
  checked?: boolean;
}

interface ListConfig<T> {
  message: string;
  choices: readonly DrawnChoice<T>[];
  /** The width of the terminal: the help and description lines are cut to it. */
  columns: number;
  pageSize: number;
}

/** "↑↓ navigate • ⏎ select • Ctrl-C cancel", cut to the screen. */
const helpLine = (theme: Theme, keys: [string, string][], columns: number) =>
  theme.style.help(truncate(keys.map(([key, action]) => `${key} ${action}`).join(' • '), Math.max(columns - 1, 1)));

/** The active item's description, under the list, cut to the screen. */
const descriptionLine = (theme: Theme, description: string | undefined, columns: number) =>
  description ? theme.style.help(truncate(description, Math.max(columns - 1, 1))) : '';

const CANCEL: [string, string] = ['Ctrl-C', 'cancel'];
/** Hides the terminal's cursor while a list is shown (the screen manager shows it again when done). */
const CURSOR_HIDE = '\x1b[?25l';

/** A list to choose one from: the cursor starts on `default` (or the first), and only moves when a key says so. */
const select = createPrompt<unknown, ListConfig<unknown> & { default?: unknown }>((config, done): string => {
  const theme = makeTheme({});
  const { choices } = config;
  const [status, setStatus] = useState<'idle' | 'done'>('idle');
  const [active, setActive] = useState(() =>
    Math.max(
      choices.findIndex((c) => c.value === config.default),
      0,
    ),
  );
  const [term, setTerm] = useState('');
  const prefix = usePrefix({ status, theme });
  const names = choices.map((choice) => choice.name);

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    // What readline collected is not the answer: the list is.
    rl.clearLine(0);
    const intent = keyIntent(key);
    if (intent.kind === 'take') {
      setStatus('done');
      done(choices[active]!.value);
    } else if (intent.kind === 'move') {
      setTerm('');
      setActive(Math.min(Math.max(active + intent.by, 0), choices.length - 1));
    } else if (intent.kind === 'erase') {
      setTerm('');
    } else if (intent.kind === 'type') {
      const typed = typeAhead(names, term, intent.char);
      setTerm(typed.term);
      if (typed.target !== undefined) setActive(typed.target);
    }
  });

  const message = theme.style.message(config.message, status);
  const chosen = choices[active]!;
  if (status === 'done') return `${prefix} ${message} ${theme.style.answer(chosen.short)}`;
  const page = usePagination({
    items: choices,
    active,
    renderItem: ({ item, isActive }) => (isActive ? theme.style.highlight(`❯ ${item.name}`) : `  ${item.name}`),
    pageSize: config.pageSize,
    loop: false,
  });
  const description = descriptionLine(theme, chosen.description, config.columns);
  const help = helpLine(theme, [['↑↓', 'navigate'], ['⏎', 'select'], CANCEL], config.columns);
  return `${[`${prefix} ${message}`, page, ' ', description, help].filter(Boolean).join('\n')}${CURSOR_HIDE}`;
});

interface CheckboxConfig<T> extends ListConfig<T> {
  validate?: (values: readonly T[]) => true | string;
  /** The ticked ones, joined as one answer line. */
  answer: (picked: readonly DrawnChoice<T>[]) => string;
}

/** Boxes to tick: Space ticks the one under the cursor, a its all (or none), i inverts, Enter submits. */
const checkbox = createPrompt<unknown[], CheckboxConfig<unknown>>((config, done): string => {
  const theme = makeTheme({});
  const [status, setStatus] = useState<'idle' | 'done'>('idle');
  const [items, setItems] = useState(() => config.choices.map((choice) => ({ ...choice, checked: !!choice.checked })));
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const prefix = usePrefix({ status, theme });

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    rl.clearLine(0);
    const intent = keyIntent(key);
    const ticked = (index: number) =>
      items.map((item, at) => (at === index ? { ...item, checked: !item.checked } : item));
    if (intent.kind === 'take') {
      const picked = items.filter((item) => item.checked);
      const verdict = config.validate ? config.validate(picked.map((item) => item.value)) : true;
      if (verdict !== true) return setError(verdict);
      setStatus('done');
      done(picked.map((item) => item.value));
      return;
    }
    setError(undefined);
    if (intent.kind === 'move') setActive(Math.min(Math.max(active + intent.by, 0), items.length - 1));
    else if (intent.kind === 'tick') setItems(ticked(active));
    else if (intent.kind === 'type') {
      const number = typedTarget(
        items.map((item) => item.name),
        /\d/.test(intent.char) ? intent.char : '',
      );
      if (number !== undefined) {
        setActive(number);
        setItems(ticked(number));
      } else if (intent.char === 'a') {
        const all = items.some((item) => !item.checked);
        setItems(items.map((item) => ({ ...item, checked: all })));
      } else if (intent.char === 'i') {
        setItems(items.map((item) => ({ ...item, checked: !item.checked })));
      }
    }
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') {
    return `${prefix} ${message} ${theme.style.answer(config.answer(items.filter((item) => item.checked)))}`;
  }
  const page = usePagination({
    items,
    active,
    renderItem: ({ item, isActive }) => {
      const line = `${isActive ? '❯' : ' '}${item.checked ? '◉' : '◯'} ${item.name}`;
      return isActive ? theme.style.highlight(line) : line;
    },
    pageSize: config.pageSize,
    loop: false,
  });
  const description = items[active]!.description;
  const help = helpLine(
    theme,
    [['↑↓', 'navigate'], ['space', 'select'], ['a', 'all'], ['i', 'invert'], ['⏎', 'submit'], CANCEL],
    config.columns,
  );
  return `${[
    `${prefix} ${message}`,
    page,
    ' ',
    descriptionLine(theme, description, config.columns),
    error ? theme.style.error(error) : '',
    help,
  ]
    .filter(Boolean)
    .join('\n')}${CURSOR_HIDE}`;
});

/** The context @inquirer's prompts take: the streams, and whether to clear the prompt when done. */
type Context = Parameters<typeof select>[1];

export const selectPrompt = <T>(config: ListConfig<T> & { default?: T }, context?: Context) =>
  select(config, context) as Promise<T>;

export const checkboxPrompt = <T>(config: CheckboxConfig<T>, context?: Context) =>
  checkbox(config as CheckboxConfig<unknown>, context) as Promise<T[]>;

/** y or n, typed; Enter alone takes the default. Anything else is refused and asked again; Tab does nothing. */
export const confirmPrompt = createPrompt<boolean, { message: string; default?: boolean }>(
  (config, done): string | [string, string] => {
    const theme = makeTheme({});
    const fallback = config.default ?? false;
    const [status, setStatus] = useState<'idle' | 'done'>('idle');
    const [value, setValue] = useState('');
    const [error, setError] = useState<string | undefined>();
    const prefix = usePrefix({ status, theme });

    useKeypress((key, rl) => {
      if (status !== 'idle') return;
      if (key.name === 'tab') {
        // Readline put a tab in the line: take it out (it answers nothing).
        rl.clearLine(0);
        rl.write(value);
        return;
      }
      if (key.name !== 'return' && key.name !== 'enter') {
        setValue(rl.line);
        setError(undefined);
        return;
      }
      const typed = value.trim().toLowerCase();
      const answer =
        typed === '' ? fallback : /^(y|yes)$/.test(typed) ? true : /^(n|no)$/.test(typed) ? false : undefined;
      if (answer === undefined) {
        // Readline emptied its line: what was typed stays, to correct.
        rl.write(value);
        setError('Type y (yes) or n (no).');
        return;
      }
      setValue(answer ? 'Yes' : 'No');
      setStatus('done');
      done(answer);
    });

    const message = theme.style.message(config.message, status);
    if (status === 'done') return `${prefix} ${message} ${theme.style.answer(value)}`;
    const line = `${prefix} ${message} ${theme.style.defaultAnswer(fallback ? 'Y/n' : 'y/N')} ${value}`;
    return error ? [line, theme.style.error(error)] : line;
  },
);
