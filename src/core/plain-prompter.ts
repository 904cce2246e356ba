import { createInterface } from 'node:readline';
import type { IO } from '../io';
import { oneLine, sanitize } from '../text/escape';
import { quietWatch, type QuietWatch } from './paste';
import type { Choice, MessageAnswer, MessageOptions, Prompter } from './prompter';

/*
 * Accessible mode's prompts: plain questions a screen reader reads in order, each written
 * once as a line of text and answered with a typed line (the terminal echoes it; nothing is
 * redrawn, nothing moves). A list is numbered and answered with a number; a yes/no question
 * ends in "(y/N)". The terminal hands over a line as typed: ← does not move back in it but adds
 * ESC [ D, so a line holding a key that types no text (an arrow, Home, End, Escape, a Ctrl
 * key) is refused and the question asked again, as the drawn prompts do nothing with those keys.
 */

/** Named as @inquirer names a prompt closed by the user, so that every caller treats it alike (errors.ts). */
class PlainPromptCancel extends Error {
  override name = 'ExitPromptError';
}

/**
 * Reads what is typed after a question: its first line, with the lines that arrived together
 * with it (paste.ts): a paste of several lines is one answer, never the answers to the
 * questions that follow, and nothing typed before a question is read before it is asked.
 */
function burstReader(io: IO, signal: AbortSignal | undefined) {
  let ended = false;
  return (): Promise<string[]> => {
    if (ended || signal?.aborted) return Promise.reject(new PlainPromptCancel('The input ended.'));
    return new Promise((resolve, reject) => {
      const rl = createInterface({ input: io.stdin, terminal: false });
      const lines: string[] = [];
      let watch: QuietWatch | undefined;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        watch?.stop();
        signal?.removeEventListener('abort', onAbort);
        rl.close();
        outcome();
      };
      const onAbort = () => settle(() => reject(new PlainPromptCancel('Cancelled.')));
      signal?.addEventListener('abort', onAbort, { once: true });
      rl.on('line', (line) => {
        lines.push(line);
        if (watch) watch.stir();
        else watch = quietWatch(() => settle(() => resolve(lines)));
      });
      rl.on('close', () => {
        if (settled) return;
        ended = true;
        settle(() => (lines.length ? resolve(lines) : reject(new PlainPromptCancel('The input ended.'))));
      });
    });
  };
}

/** Said when several lines came at once where one answer was asked for. */
const SEVERAL_LINES =
  'Several lines came at once (a paste?): none of them was taken as the answer. Type the answer on a line of its own.';

/** Characters a key that types no text leaves in a line: ESC and its sequences, other control characters (not Tab). */
const UNTYPED = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/;

const UNTYPED_LINE =
  'That line holds keys that type no text (an arrow, Home, End, Escape or a Ctrl key): the line is read as typed, so type it again without them.';

/** A line typed without being shown (a terminal's echo off): the API key. */
function hiddenLine(io: IO, signal: AbortSignal | undefined): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  return new Promise((resolve, reject) => {
    let typed = '';
    /** Inside an escape sequence (an arrow, Home, End): its characters are not typed text. */
    let sequence: 'none' | 'start' | 'body' = 'none';
    const finish = () => {
      stdin.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
      stdin.setRawMode(false);
      stdin.pause();
      io.err('\n');
    };
    const onAbort = () => {
      finish();
      reject(new PlainPromptCancel('Cancelled.'));
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (sequence === 'start') {
          sequence = char === '[' || char === 'O' ? 'body' : 'none';
          if (sequence === 'body') continue;
        }
        if (sequence === 'body') {
          if (char >= '@' && char <= '~') sequence = 'none';
          continue;
        }
        if (char === '\x1b') {
          sequence = 'start';
          continue;
        }
        if (char === '\r' || char === '\n') {
          finish();
          return resolve(typed);
        }
        if (char === '\x03' || char === '\x04') return onAbort();
        if (char === '\x7f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** The question before its list: "Status:", "Post this update?". */
const heading = (message: string) => (/[?:]$/.test(message) ? message : `${message}:`);

/** The choice a typed line names: its number, or the start of its name when only one starts so ("y" for yes). */
function named<T>(choices: Choice<T>[], line: string): Choice<T> | undefined {
  if (/^\d+$/.test(line)) return choices[Number(line) - 1];
  const typed = line.toLowerCase();
  const starting = choices.filter((choice) => choice.name.toLowerCase().startsWith(typed));
  return starting.length === 1 ? starting[0] : undefined;
}

/** "1) INVESTIGATING (current)": a choice as it is read out, its description after it. */
const numbered = <T>(choice: Choice<T>, index: number) =>
  `${index + 1}) ${choice.name}${choice.description ? ` (${choice.description})` : ''}`;

/** An answer taken, or why not (the question is asked again). */
type Verdict<T> = { value: T } | { problem: string };
const taken = <T>(verdict: Verdict<T>): verdict is { value: T } => 'value' in verdict;

export function plainPrompter(io: IO, signal?: AbortSignal): Prompter {
  const readBurst = burstReader(io, signal);
  /**
   * Writes the question, reads the answer; asks again, saying why, until `accept` takes it.
   * Several lines at once are refused, unless `several` takes them (the message).
   */
  const ask = async <T>(
    question: string,
    accept: (line: string) => Verdict<T>,
    several?: (lines: string[]) => Verdict<T>,
  ): Promise<T> => {
    for (;;) {
      io.err(question);
      const lines = await readBurst();
      io.lineTyped();
      if (lines.some((line) => UNTYPED.test(line))) {
        io.err(`${UNTYPED_LINE}\n`);
        continue;
      }
      if (lines.length > 1 && !several) {
        io.err(`${SEVERAL_LINES}\n`);
        continue;
      }
      const verdict = lines.length > 1 ? several!(lines) : accept(lines[0]!.trim());
      if (taken(verdict)) return verdict.value;
      io.err(`${verdict.problem}\n`);
    }
  };
  const checked = <T>(value: T, validate: ((value: T) => true | string) | undefined): Verdict<T> => {
    const verdict = validate ? validate(value) : true;
    return verdict === true ? { value } : { problem: verdict };
  };
  /** The list of choices, on the question's line when it fits, else one per line. */
  const list = <T>(message: string, choices: Choice<T>[]) => {
    const items = choices.map(numbered);
    const line = `${heading(message)} ${items.join('  ')}`;
    io.err(
      line.length <= io.columns() ? `${line}\n` : `${heading(message)}\n${items.map((item) => `  ${item}\n`).join('')}`,
    );
  };
  const orEnter = (value: string | undefined) => (value ? `, or Enter for "${sanitize(value)}"` : '');

  return {
    async input({ message, default: fallback, validate }) {
      return ask<string>(`${message}${orEnter(fallback)}: `, (line) => checked(line || (fallback ?? ''), validate));
    },

    async message(options: MessageOptions): Promise<MessageAnswer> {
      const { templates } = options;
      const names = templates.map((template) => sanitize(template.name)).join(', ');
      const shownDefault = options.default === undefined ? undefined : oneLine(options.default);
      // With templates, they are named on a line of their own, and the question follows.
      const question = templates.length
        ? `${options.message}. Templates: ${names} (type / and a name).\nType the message${orEnter(shownDefault)}: `
        : `${options.message}${orEnter(shownDefault)}: `;
      for (;;) {
        // A paste of several lines is the message, its lines kept.
        const line = await ask(
          question,
          (typed) => ({ value: typed }),
          (lines) => ({ value: lines.join('\n').trim() }),
        );
        if (line === '' && options.default !== undefined) {
          return { text: options.default, ...(options.template ? { template: options.template } : {}) };
        }
        if (!(templates.length && line.startsWith('/') && !line.includes('\n'))) {
          const verdict = checked(line, options.validate);
          if (taken(verdict)) return { text: line };
          io.err(`${verdict.problem}\n`);
          continue;
        }
        const wanted = line.slice(1).trim().toLowerCase();
        const found =
          templates.find((template) => template.name.toLowerCase() === wanted) ??
          templates.filter((template) => template.name.toLowerCase().startsWith(wanted)).at(0);
        if (!found) {
          io.err(`No template is named "${sanitize(line.slice(1))}". The templates are: ${names}.\n`);
          continue;
        }
        const status = found.status ? ` (status ${found.status})` : '';
        io.err(`Template ${sanitize(found.name)}${status}: ${oneLine(found.text)}\n`);
        const text = await ask<string>('Enter keeps this message, or type the message instead: ', (typed) =>
          typed === '' ? { value: found.text } : checked(typed, options.validate),
        );
        return { text, template: found.name };
      }
    },

    async password({ message, validate }) {
      for (;;) {
        io.err(`${message} (typing is not shown): `);
        const verdict = checked((await hiddenLine(io, signal)).trim(), validate);
        if (taken(verdict)) return verdict.value;
        io.err(`${verdict.problem}\n`);
      }
    },

    async select<T>({ message, choices, default: fallback }: { message: string; choices: Choice<T>[]; default?: T }) {
      list(message, choices);
      const preset = choices.findIndex((choice) => choice.value === fallback);
      return ask<T>(
        `Type a number from 1 to ${choices.length}${preset >= 0 ? `, or Enter for ${preset + 1}` : ''}: `,
        (line) => {
          const choice = line === '' ? choices[preset] : named(choices, line);
          return choice ? { value: choice.value } : { problem: `Type a number from 1 to ${choices.length}.` };
        },
      );
    },

    async checkbox<T>({
      message,
      choices,
      validate,
    }: {
      message: string;
      choices: Choice<T>[];
      validate?: (values: readonly T[]) => true | string;
    }) {
      list(message, choices);
      const preset = choices.flatMap((choice, index) => (choice.checked ? [index + 1] : []));
      const enter = preset.length ? `, or Enter for ${preset.join(' ')}` : '';
      return ask<T[]>(`Type the numbers of your choices, separated by spaces${enter}: `, (line) => {
        const picked =
          line === ''
            ? preset.map((number) => choices[number - 1])
            : line.split(/[\s,]+/).map((word) => named(choices, word));
        if (picked.some((choice) => !choice)) return { problem: `Type numbers from 1 to ${choices.length}.` };
        return checked(
          [...new Set(picked)].map((choice) => choice!.value),
          validate,
        );
      });
    },

    async confirm({ message, default: fallback = false }) {
      return ask<boolean>(`${message} (${fallback ? 'Y/n' : 'y/N'}): `, (line) => {
        const answer = line.toLowerCase();
        if (answer === '') return { value: fallback };
        if (answer === 'y' || answer === 'yes') return { value: true };
        if (answer === 'n' || answer === 'no') return { value: false };
        return { problem: 'Type y (yes) or n (no).' };
      });
    },
  };
}
