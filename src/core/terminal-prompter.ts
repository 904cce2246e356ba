import type { IO } from '../io';
import type { Cancellation } from '../signals';
import { answerShown, wrapText } from '../text/wrap';
import type { Choice, Prompter } from './prompter';

/*
 * The real prompts of a terminal: text drawn by @inquirer/prompts, choices by choice-prompts.ts
 * (where a key that does not choose does nothing), or plain numbered questions.
 */

/**
 * A choice's name fitted to the terminal: its rows after the first start under its text, past
 * the `prefix` cells a list draws before it ("❯ "); the answer line shows it whole, fitted too.
 */
function fitted<T>(io: IO, prefix: number, message?: string) {
  return (choice: Choice<T>) => ({
    ...choice,
    name: wrapText(`${' '.repeat(prefix)}${choice.name}`, io.errColumns(), prefix).slice(prefix),
    short: message === undefined ? choice.name : answerShown(io.errColumns(), message, choice.name),
  });
}

/** What decides how the real prompts are drawn. */
export interface TerminalPrompterOptions {
  /** Accessible mode (MON_ACCESSIBLE, `mon config set accessible true`): plain numbered questions, read as lines. */
  accessible?: () => boolean;
  /** Aborted on Ctrl-C and SIGTERM: a plain question waiting for its line ends. */
  cancel?: Cancellation;
  /** The editor Ctrl-G opens at the message prompt (VISUAL, then EDITOR), when one is set. */
  editor?: () => string | undefined;
}

/**
 * The prompts of a terminal: @inquirer/prompts, or in accessible mode the plain questions of
 * plain-prompter.ts (decided at the first question, when the profile can be read).
 */
export function terminalPrompter(io: IO, options: TerminalPrompterOptions = {}): Prompter {
  const drawn = inquirerPrompter(io, options.editor);
  let plain: Prompter | undefined;
  const pick = async (): Promise<Prompter> => {
    if (!options.accessible?.()) return drawn;
    plain ??= (await import('./plain-prompter')).plainPrompter(io, options.cancel?.signal);
    return plain;
  };
  return {
    input: async (question) => (await pick()).input(question),
    message: async (question) => (await pick()).message(question),
    password: async (question) => (await pick()).password(question),
    select: async (question) => (await pick()).select(question),
    checkbox: async (question) => (await pick()).checkbox(question),
    confirm: async (question) => (await pick()).confirm(question),
  };
}

/** The prompts @inquirer draws (on stderr, so stdout stays data); loaded when a question is first asked. */
export function inquirerPrompter(io: IO, editor: () => string | undefined = () => undefined): Prompter {
  const context = () => ({ input: io.stdin, output: process.stderr, clearPromptOnDone: false });
  const load = () => import('@inquirer/prompts');
  // The prompts that choose: every one under the same rule of keys (choice-prompts.ts).
  const choices = () => import('./choice-prompts');
  return {
    async input({ editable, ...options }) {
      const { input } = await load();
      return input(
        {
          ...options,
          prefill: editable ? 'editable' : 'tab',
          transformer: (value, { isFinal }) => (isFinal ? answerShown(io.errColumns(), options.message, value) : value),
        },
        context(),
      );
    },
    async message(options) {
      const { messagePrompt } = await import('./message-prompt');
      const command = editor();
      const { editText, editorName } = await import('./editor');
      return messagePrompt(
        {
          ...options,
          columns: io.columns(),
          terminal: (sequence) => process.stderr.write(sequence),
          ...(command ? { editor: { name: editorName(command), edit: (text) => editText(command, text) } } : {}),
        },
        context(),
      );
    },
    async password(options) {
      const { password } = await load();
      return password({ ...options, mask: '•' }, context());
    },
    async select<T>(options: { message: string; choices: Choice<T>[]; default?: T }) {
      const { selectPrompt } = await choices();
      return selectPrompt<T>(
        {
          ...options,
          choices: options.choices.map(fitted<T>(io, 2, options.message)),
          columns: io.errColumns(),
          pageSize: 12,
        },
        context(),
      );
    },
    async checkbox<T>(options: {
      message: string;
      choices: Choice<T>[];
      validate?: (values: readonly T[]) => true | string;
    }) {
      const { checkboxPrompt } = await choices();
      return checkboxPrompt<T>(
        {
          ...options,
          choices: options.choices.map(fitted<T>(io, 3)),
          // The picked ones, joined and fitted as one answer.
          answer: (picked) =>
            answerShown(io.errColumns(), options.message, picked.map((choice) => choice.short).join(', ')),
          columns: io.errColumns(),
          pageSize: 12,
        },
        context(),
      );
    },
    async confirm(options) {
      const { confirmPrompt } = await choices();
      return confirmPrompt(options, context());
    },
  };
}
