import type { IO } from '../io';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  checked?: boolean;
}

/**
 * Everything a command may ask. Commands receive it through their context, so tests
 * answer with `scriptedPrompter` and the real one (@inquirer/prompts, drawn on stderr so
 * stdout stays data) is loaded only when a question is actually asked.
 */
export interface Prompter {
  input(options: { message: string; default?: string; validate?: (value: string) => true | string }): Promise<string>;
  password(options: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  select<T>(options: { message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  checkbox<T>(options: {
    message: string;
    choices: Choice<T>[];
    validate?: (values: readonly T[]) => true | string;
  }): Promise<T[]>;
  confirm(options: { message: string; default?: boolean }): Promise<boolean>;
}

export function inquirerPrompter(io: IO): Prompter {
  const context = () => ({ input: io.stdin, output: process.stderr, clearPromptOnDone: false });
  const load = () => import('@inquirer/prompts');
  return {
    async input(options) {
      const { input } = await load();
      return input({ ...options, validate: options.validate }, context());
    },
    async password(options) {
      const { password } = await load();
      return password({ ...options, mask: '•' }, context());
    },
    async select<T>(options: { message: string; choices: Choice<T>[]; default?: T }) {
      const { select } = await load();
      return select<T>({ ...options, pageSize: 12 }, context());
    },
    async checkbox<T>(options: {
      message: string;
      choices: Choice<T>[];
      validate?: (values: readonly T[]) => true | string;
    }) {
      const { checkbox } = await load();
      const { validate, ...rest } = options;
      return checkbox<T>(
        {
          ...rest,
          pageSize: 12,
          validate: validate ? (items) => validate(items.map((item) => item.value)) : undefined,
        },
        context(),
      );
    },
    async confirm(options) {
      const { confirm } = await load();
      return confirm(options, context());
    },
  };
}

/** One scripted answer: matched against the question's message, in order. */
export interface ScriptedAnswer {
  /** A substring or pattern of the question this answers. */
  message: string | RegExp;
  answer: unknown;
}

export interface ScriptedPrompter extends Prompter {
  /** Every question asked, with its choices (for select/checkbox) and default. */
  asked: { kind: string; message: string; choices?: string[]; default?: unknown }[];
}

/**
 * A prompter for tests: answers each question from `answers` in order, and fails the test
 * loudly when a question comes that the script does not expect. Validation functions run
 * on the scripted answer, as they would on a typed one.
 */
export function scriptedPrompter(answers: ScriptedAnswer[]): ScriptedPrompter {
  const queue = [...answers];
  const asked: ScriptedPrompter['asked'] = [];
  const next = (kind: string, message: string, extra: { choices?: string[]; default?: unknown } = {}) => {
    asked.push({ kind, message, ...extra });
    const expected = queue.shift();
    if (!expected) throw new Error(`Unexpected ${kind} prompt: ${message}`);
    const matches =
      typeof expected.message === 'string' ? message.includes(expected.message) : expected.message.test(message);
    if (!matches) throw new Error(`Prompt "${message}" asked where "${String(expected.message)}" was scripted`);
    return expected.answer;
  };
  const check = <T>(value: T, validate?: (value: T) => true | string): T => {
    const verdict = validate?.(value);
    if (verdict !== undefined && verdict !== true) throw new Error(`Scripted answer rejected: ${verdict}`);
    return value;
  };
  return {
    asked,
    async input(options) {
      const answer = next('input', options.message, { default: options.default });
      return check(answer === undefined ? (options.default ?? '') : String(answer), options.validate);
    },
    async password(options) {
      return check(String(next('password', options.message)), options.validate);
    },
    async select<T>(options: { message: string; choices: Choice<T>[]; default?: T }) {
      const answer = next('select', options.message, {
        choices: options.choices.map((choice) => choice.name),
        default: options.default,
      });
      return (answer === undefined ? options.default : answer) as T;
    },
    async checkbox<T>(options: {
      message: string;
      choices: Choice<T>[];
      validate?: (values: readonly T[]) => true | string;
    }) {
      const answer = next('checkbox', options.message, { choices: options.choices.map((choice) => choice.name) });
      return check(answer as T[], options.validate);
    },
    async confirm(options) {
      const answer = next('confirm', options.message, { default: options.default });
      return answer === undefined ? Boolean(options.default) : Boolean(answer);
    },
  };
}
