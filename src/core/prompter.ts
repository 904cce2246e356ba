import { isDeepStrictEqual } from 'node:util';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  checked?: boolean;
}

/** A stored template as the message prompt offers it: its text already filled in for this incident. */
export interface MessageTemplate {
  name: string;
  text: string;
  status?: string;
}

/** What the message prompt gives: the text to post, and the template it came from (its status then applies). */
export interface MessageAnswer {
  text: string;
  template?: string;
}

export interface MessageOptions {
  message: string;
  /** Text already in the input, to edit (a default message, or the previous answer). */
  default?: string;
  /** Offered inside the input (Tab, or a leading `/`), never instead of it. */
  templates: MessageTemplate[];
  /** The template the previous answer came from (an edit round keeps it). */
  template?: string;
  validate?: (value: string) => true | string;
}

/**
 * Everything a command may ask. Commands receive it through their context, so tests
 * answer with `scriptedPrompter` (below) and the real one (terminal-prompter.ts:
 * @inquirer/prompts, drawn on stderr so stdout stays data) is loaded only when a question
 * is actually asked.
 */
export interface Prompter {
  /**
   * A line of text. `default` is taken by Enter on an empty line; with `editable` it is in the
   * input already, to edit (the previous answer of an edit round).
   */
  input(options: {
    message: string;
    default?: string;
    editable?: boolean;
    validate?: (value: string) => true | string;
  }): Promise<string>;
  /**
   * The message of an incident update: a text input from the first key (what is typed is
   * what is posted), with the stored templates offered inside it.
   */
  message(options: MessageOptions): Promise<MessageAnswer>;
  password(options: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  select<T>(options: { message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  checkbox<T>(options: {
    message: string;
    choices: Choice<T>[];
    validate?: (values: readonly T[]) => true | string;
  }): Promise<T[]>;
  confirm(options: { message: string; default?: boolean }): Promise<boolean>;
}

/** One scripted answer: matched against the question's message, in order. */
export interface ScriptedAnswer {
  /** A substring or pattern of the question this answers. */
  message: string | RegExp;
  /**
   * The answer. For a select, one of the choices' values; for a checkbox, an array of them;
   * for the message prompt, the text typed, or `{ template: NAME }` for a template chosen
   * (with `text` when it was then edited). `undefined` takes the question's default.
   */
  answer: unknown;
  /** Done while the question is open, before its answer is given (another client acting meanwhile). */
  meanwhile?: () => Promise<void>;
}

export interface AskedQuestion {
  kind: string;
  message: string;
  choices?: string[];
  default?: unknown;
  /** An input whose default is in it already, to edit (an edit round's previous answer), not only taken by Enter. */
  editable?: boolean;
  /** What the prompt's validation said of answers it refused (the question was then asked again). */
  rejected?: string[];
}

export interface ScriptedPrompter extends Prompter {
  /** Every question asked, with its choices (for select/checkbox) and default. */
  asked: AskedQuestion[];
  /** Where the command departed from the script (an unexpected question, an answer that is not a choice). */
  violations: string[];
  /** Answers the command never asked for. */
  unused(): ScriptedAnswer[];
  /**
   * Throws a ScriptViolation describing every departure from the script: a question that
   * was not expected, an answer that is not among a question's choices, answers left
   * unused. Test helpers call it when the command ends, so the TEST fails, whatever the
   * command did with the error it was given.
   */
  verify(): void;
}

/** The script did not match what the command asked: a failure of the test, not of the command. */
export class ScriptViolation extends Error {
  override name = 'ScriptViolation';
}

/**
 * A prompter for tests: answers each question from `answers` in order. A question the
 * script does not expect, or an answer that is not among a select's or checkbox's choices,
 * is recorded (see `verify`) and thrown into the command. Validation functions run on the
 * scripted answer, as they would on a typed one.
 */
export function scriptedPrompter(answers: ScriptedAnswer[]): ScriptedPrompter {
  const queue = [...answers];
  const asked: AskedQuestion[] = [];
  const violations: string[] = [];
  const violate = (message: string): never => {
    violations.push(message);
    throw new ScriptViolation(message);
  };
  /** The next scripted answer, which must be for this question. */
  const take = (question: AskedQuestion): unknown => {
    const expected = queue[0];
    if (!expected) {
      const again = question.rejected?.length ? ` again after refusing an answer (${question.rejected.at(-1)})` : '';
      return violate(`Unexpected ${question.kind} prompt: "${question.message}"${again} (no scripted answer left)`);
    }
    const matches =
      typeof expected.message === 'string'
        ? question.message.includes(expected.message)
        : expected.message.test(question.message);
    if (!matches) {
      return violate(
        `Prompt "${question.message}" (${question.kind}) asked where "${String(expected.message)}" was scripted`,
      );
    }
    queue.shift();
    meanwhile = expected.meanwhile;
    return expected.answer;
  };
  let meanwhile: (() => Promise<void>) | undefined;
  /** The answer, given once what happens meanwhile (if anything) is done. */
  const answered = async <T>(value: T): Promise<T> => {
    const work = meanwhile;
    meanwhile = undefined;
    await work?.();
    return value;
  };
  /**
   * Asks one question: the scripted answer goes through the prompt's validation as a typed
   * one would; a refused answer is recorded and the question asked again (the next
   * scripted answer), as the real prompt shows the message and waits for another.
   */
  const ask = <T>(
    question: AskedQuestion,
    convert: (answer: unknown) => T,
    validate?: (value: T) => true | string,
  ): T => {
    asked.push(question);
    for (;;) {
      const value = convert(take(question));
      const verdict = validate?.(value);
      if (verdict === undefined || verdict === true) return value;
      (question.rejected ??= []).push(verdict);
    }
  };
  const among = <T>(kind: string, message: string, value: unknown, choices: Choice<T>[]): T => {
    const choice = choices.find((candidate) => isDeepStrictEqual(candidate.value, value));
    if (!choice) {
      const values = choices.map((candidate) => JSON.stringify(candidate.value)).join(', ');
      return violate(
        `The ${kind} "${message}" was answered ${JSON.stringify(value)}, which is not among its choices (${values})`,
      );
    }
    return choice.value;
  };
  return {
    asked,
    violations,
    unused: () => [...queue],
    verify() {
      const problems = [...violations];
      if (queue.length) {
        problems.push(
          `Scripted answers left unused: ${queue.map((answer) => `"${String(answer.message)}"`).join(', ')}`,
        );
      }
      if (problems.length) {
        const questions = asked.map((question) => `  ${question.kind}: ${question.message}`).join('\n');
        throw new ScriptViolation(`${problems.join('\n')}\nQuestions asked:\n${questions || '  (none)'}`);
      }
    },
    async input(options) {
      return answered(
        ask(
          { kind: 'input', message: options.message, default: options.default, editable: options.editable },
          (answer) => (answer === undefined ? (options.default ?? '') : String(answer)),
          options.validate,
        ),
      );
    },
    async message(options) {
      return answered(
        ask(
          {
            kind: 'message',
            message: options.message,
            choices: options.templates.map((template) => template.name),
            default: options.default,
          },
          (answer): MessageAnswer => {
            if (answer === undefined) {
              return { text: options.default ?? '', ...(options.template ? { template: options.template } : {}) };
            }
            if (typeof answer === 'string') return { text: answer.trim() };
            const { template: name, text } = answer as { template?: unknown; text?: unknown };
            const template = options.templates.find((candidate) => candidate.name === name);
            if (!template) {
              const names = options.templates.map((candidate) => JSON.stringify(candidate.name)).join(', ');
              return violate(
                `The message prompt "${options.message}" was answered with the template ${JSON.stringify(name)}, which it does not offer (${names || 'none'})`,
              );
            }
            return { text: typeof text === 'string' ? text : template.text, template: template.name };
          },
          options.validate && ((answer) => options.validate!(answer.text.trim())),
        ),
      );
    },
    async password(options) {
      return answered(
        ask({ kind: 'password', message: options.message }, (answer) => String(answer), options.validate),
      );
    },
    async select<T>(options: { message: string; choices: Choice<T>[]; default?: T }) {
      return answered(
        ask(
          {
            kind: 'select',
            message: options.message,
            choices: options.choices.map((choice) => choice.name),
            default: options.default,
          },
          (answer) =>
            among('select', options.message, answer === undefined ? options.default : answer, options.choices),
        ),
      );
    },
    async checkbox<T>(options: {
      message: string;
      choices: Choice<T>[];
      validate?: (values: readonly T[]) => true | string;
    }) {
      return answered(
        ask(
          { kind: 'checkbox', message: options.message, choices: options.choices.map((choice) => choice.name) },
          (answer) => {
            const picked =
              answer === undefined
                ? options.choices.filter((choice) => choice.checked).map((choice) => choice.value)
                : answer;
            if (!Array.isArray(picked)) {
              return violate(`The checkbox "${options.message}" was answered ${JSON.stringify(answer)}, not an array`);
            }
            return picked.map((value) => among('checkbox', options.message, value, options.choices));
          },
          options.validate,
        ),
      );
    },
    async confirm(options) {
      return answered(
        ask({ kind: 'confirm', message: options.message, default: options.default }, (answer) => {
          if (answer === undefined) return Boolean(options.default);
          if (typeof answer !== 'boolean') {
            return violate(
              `The confirm "${options.message}" was answered ${JSON.stringify(answer)}, not true or false`,
            );
          }
          return answer;
        }),
      );
    },
  };
}
