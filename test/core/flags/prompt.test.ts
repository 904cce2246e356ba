/**
 * The prompts built from a flag's table (core/flags/prompt.ts), as a terminal shows them: the
 * question (the flag's `prompt`, else its help), the choices with the current value marked,
 * the answer Enter takes, and the value the command is given. The verbs that ask: the
 * incidents tests; the terminal itself: test/e2e.
 */
import { describe, expect, it } from 'vitest';
import { askChoice, askText, askYesNo } from '../../../src/core/flags/prompt';
import { scriptedPrompter, type ScriptedAnswer } from '../../../src/core/prompter';
import type { BoolFlag, EnumFlag, TextFlag } from '../../../src/core/flags/spec';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

/** A question asked on a terminal, the answers typed; what it asked and what it gave. */
async function asking<T>(answers: ScriptedAnswer[], ask: (ctx: Parameters<typeof askText>[0]) => Promise<T>) {
  const prompter = scriptedPrompter(answers);
  const value = await ask({ prompter, now: () => NOW });
  prompter.verify();
  return { asked: prompter.asked, value };
}

const NAME: TextFlag = { kind: 'text', max: 10, help: 'the name', prompt: 'Incident name' };
const LEVEL: EnumFlag<'low' | 'mid' | 'high'> = {
  kind: 'enum',
  values: ['low', 'mid', 'high'],
  default: 'mid',
  help: 'the level',
  prompt: 'Level',
};
const NOTIFY: BoolFlag = { kind: 'bool', help: 'notify them', prompt: 'Notify?' };

describe('a text value asked for', () => {
  it("asks the flag's question and gives the answer without the spaces around it", async () => {
    const { asked, value } = await asking([{ message: 'Incident name', answer: '  API down ' }], (ctx) =>
      askText(ctx, NAME),
    );
    expect(asked).toEqual([{ kind: 'input', message: 'Incident name', default: undefined }]);
    expect(value).toBe('API down');
  });

  it("asks with the flag's help when the table has no question", async () => {
    const { asked } = await asking([{ message: 'the name', answer: 'x' }], (ctx) =>
      askText(ctx, { kind: 'text', help: 'the name' }),
    );
    expect(asked.map((question) => question.message)).toEqual(['the name']);
  });

  it('an edit round puts the answer given before in the input, to edit; Enter keeps it', async () => {
    const { asked, value } = await asking([{ message: 'Incident name', answer: undefined }], (ctx) =>
      askText(ctx, NAME, { previous: 'API down' }),
    );
    expect(asked).toEqual([{ kind: 'input', message: 'Incident name', default: 'API down', editable: true }]);
    expect(value).toBe('API down');
  });

  it("an answer the flag's rule refuses is asked again, saying why (10 characters taken, 11 not)", async () => {
    const { asked, value } = await asking(
      [
        { message: 'Incident name', answer: 'x'.repeat(11) },
        { message: 'Incident name', answer: 'x'.repeat(10) },
      ],
      (ctx) => askText(ctx, NAME),
    );
    expect(asked[0]?.rejected).toEqual([expect.stringMatching(/^It .*10/)]);
    expect(value).toBe('x'.repeat(10));
  });
});

describe("a value picked among the flag's values", () => {
  it.each([
    ["nothing known: the table's default under the cursor", {}, ['low', 'mid', 'high'], 'mid'],
    ['the current value marked, and under the cursor', { current: 'high' }, ['low', 'mid', 'high (current)'], 'high'],
    [
      'a value preselected (an edit round) under the cursor, the current one still marked',
      { current: 'high', preselected: 'low' },
      ['low', 'mid', 'high (current)'],
      'low',
    ],
    ['a value preselected, no current one', { preselected: 'low' }, ['low', 'mid', 'high'], 'low'],
  ] as const)('%s', async (_what, options, choices, enter) => {
    const { asked, value } = await asking([{ message: 'Level', answer: undefined }], (ctx) =>
      askChoice(ctx, LEVEL, options),
    );
    expect(asked).toEqual([{ kind: 'select', message: 'Level', choices, default: enter }]);
    expect(value).toBe(enter);
  });

  it('a flag with no default and nothing known: nothing under the cursor; the help is the question', async () => {
    const { asked, value } = await asking([{ message: 'the level', answer: 'high' }], (ctx) =>
      askChoice(ctx, { kind: 'enum', values: ['low', 'high'], help: 'the level' }),
    );
    expect(asked).toEqual([{ kind: 'select', message: 'the level', choices: ['low', 'high'], default: undefined }]);
    expect(value).toBe('high');
  });
});

describe('a switch asked as yes or no', () => {
  it.each([
    ['no unless told', {}, false],
    ['yes when told', { default: true }, true],
    ['no when told', { default: false }, false],
  ] as const)('Enter says %s', async (_what, options, enter) => {
    const { asked, value } = await asking([{ message: 'Notify?', answer: undefined }], (ctx) =>
      askYesNo(ctx, NOTIFY, options),
    );
    expect(asked).toEqual([{ kind: 'confirm', message: 'Notify?', default: enter }]);
    expect(value).toBe(enter);
  });

  it("asks with the flag's help when the table has no question", async () => {
    const { asked, value } = await asking([{ message: 'notify them', answer: true }], (ctx) =>
      askYesNo(ctx, { kind: 'bool', help: 'notify them' }),
    );
    expect(asked.map((question) => question.message)).toEqual(['notify them']);
    expect(value).toBe(true);
  });
});
