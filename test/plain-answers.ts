import { PassThrough } from 'node:stream';
import { plainPrompter } from '../src/core/plain-prompter';
import { testIO, type IO } from '../src/io';

/**
 * Accessible mode's prompter (src/core/plain-prompter.ts) reading `answers` from stdin, as a
 * person types them: the next one each time a question is written (a write that does not end a
 * line), an array being lines that arrive together (a paste). After the last, the input ends.
 * `io`: a terminal of `columns` holding what was written.
 */
export function answeringPrompter(answers: (string | string[])[], options: { columns?: number } = {}) {
  const io = testIO({ tty: true, columns: options.columns ?? 80 });
  const stdin = new PassThrough();
  const asking = Object.assign(Object.create(io) as IO, {
    stdin,
    err(text: string) {
      io.err(text);
      if (text.endsWith('\n')) return;
      const next = answers.shift();
      if (next === undefined) stdin.end();
      else
        stdin.write(
          [next]
            .flat()
            .map((line) => `${line}\n`)
            .join(''),
        );
    },
  });
  return { io, prompter: plainPrompter(asking) };
}
