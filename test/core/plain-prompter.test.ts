/**
 * Accessible mode's prompts (src/core/plain-prompter.ts), answered with lines on stdin, each
 * when its question is written, as a person types them; lines that come at once (a paste)
 * are one answer. Each question written once as text, a list numbered, a refused answer said
 * and the question asked again. The screen test (test/e2e/plain-prompter-screen.test.ts) types
 * the same at a terminal.
 */
import { describe, expect, it } from 'vitest';
import { answeringPrompter } from '../plain-answers';

const answering = (...answers: (string | string[])[]) => answeringPrompter(answers);

describe('plain prompts (accessible mode), answered from stdin', () => {
  it('a select is a numbered line and takes a number, the start of a name, or Enter for the default', async () => {
    const { io, prompter } = answering('9', 'mon', '', '1');
    const choices = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'].map((value) => ({ name: value, value }));
    expect(await prompter.select({ message: 'Status', choices, default: 'IDENTIFIED' })).toBe('MONITORING');
    expect(await prompter.select({ message: 'Status', choices, default: 'IDENTIFIED' })).toBe('IDENTIFIED');
    expect(await prompter.select({ message: 'Status', choices })).toBe('INVESTIGATING');
    expect(io.stderr.split('\n').slice(0, 4)).toEqual([
      'Status: 1) INVESTIGATING  2) IDENTIFIED  3) MONITORING  4) RESOLVED',
      'Type a number from 1 to 4, or Enter for 2: Type a number from 1 to 4.',
      'Type a number from 1 to 4, or Enter for 2: Status: 1) INVESTIGATING  2) IDENTIFIED  3) MONITORING  4) RESOLVED',
      'Type a number from 1 to 4, or Enter for 2: Status: 1) INVESTIGATING  2) IDENTIFIED  3) MONITORING  4) RESOLVED',
    ]);
  });

  it('a list too wide for the line puts each choice on a line of its own, its description after it', async () => {
    const { io, prompter } = answering('2');
    const picked = await prompter.select({
      message: 'Which open incident?',
      choices: [
        { name: 'Checkout errors · MAJOR · INVESTIGATING · started 5m ago', value: 'a', description: 'ID a' },
        { name: 'Checkout errors · MAJOR · IDENTIFIED · started 1h ago', value: 'b', description: 'ID b' },
      ],
    });
    expect(picked).toBe('b');
    expect(io.stderr).toBe(
      'Which open incident?\n' +
        '  1) Checkout errors · MAJOR · INVESTIGATING · started 5m ago (ID a)\n' +
        '  2) Checkout errors · MAJOR · IDENTIFIED · started 1h ago (ID b)\n' +
        'Type a number from 1 to 2: ',
    );
  });

  it('a yes/no question ends in (y/N) and takes y, yes, n, no or Enter', async () => {
    const { io, prompter } = answering('maybe', 'yes', '');
    expect(await prompter.confirm({ message: 'Notify the status page subscribers?' })).toBe(true);
    expect(await prompter.confirm({ message: 'Notify the status page subscribers?', default: true })).toBe(true);
    expect(io.stderr).toBe(
      'Notify the status page subscribers? (y/N): Type y (yes) or n (no).\n' +
        'Notify the status page subscribers? (y/N): ' +
        'Notify the status page subscribers? (Y/n): ',
    );
  });

  it('a checklist takes numbers separated by spaces or commas, checked through its rule', async () => {
    const { prompter } = answering('', '3, 1');
    const choices = ['us-east-1', 'eu-west-1', 'ap-south-1'].map((value) => ({ name: value, value }));
    const picked = await prompter.checkbox({
      message: 'Locations',
      choices,
      validate: (values) => (values.length ? true : 'Pick at least one location.'),
    });
    expect(picked).toEqual(['ap-south-1', 'us-east-1']);
  });

  it('a text question offers its default, and asks again with the reason when its rule refuses', async () => {
    const { io, prompter } = answering('', 'x'.repeat(6), 'ok');
    const answer = await prompter.input({
      message: 'Name',
      default: 'first',
      validate: (value) => (value.length <= 5 ? true : 'At most 5 characters.'),
    });
    expect(answer).toBe('first');
    expect(
      await prompter.input({ message: 'Name', validate: (value) => (value.length <= 5 ? true : 'Too long.') }),
    ).toBe('ok');
    expect(io.stderr).toBe('Name, or Enter for "first": Name: Too long.\nName: ');
  });

  it('the message: typed as is; "/name" takes a template, which Enter keeps (its name returned, so its status applies)', async () => {
    const templates = [
      { name: 'monitoring', text: 'A fix is deployed.\nWe are watching.', status: 'MONITORING' },
      { name: 'identified', text: 'We found the cause.' },
    ];
    const { io, prompter } = answering('We are still investigating', '/nope', '/mon', '', '/identified', 'Our words.');
    expect(await prompter.message({ message: 'Message', templates })).toEqual({ text: 'We are still investigating' });
    expect(await prompter.message({ message: 'Message', templates })).toEqual({
      text: 'A fix is deployed.\nWe are watching.',
      template: 'monitoring',
    });
    expect(await prompter.message({ message: 'Message', templates })).toEqual({
      text: 'Our words.',
      template: 'identified',
    });
    expect(io.stderr).toContain('No template is named "nope". The templates are: monitoring, identified.\n');
    expect(io.stderr).toContain(
      'Template monitoring (status MONITORING): A fix is deployed. We are watching.\nEnter keeps this message, or type the message instead: ',
    );
    expect(
      io.stderr.startsWith('Message. Templates: monitoring, identified (type / and a name).\nType the message: '),
    ).toBe(true);
  });

  it('the end of the input is a cancelled prompt (Ctrl-D), as @inquirer reports one', async () => {
    const { prompter } = answering();
    await expect(prompter.input({ message: 'Name' })).rejects.toMatchObject({ name: 'ExitPromptError' });
  });

  it('several lines at once (a paste) are the message, its lines kept; where one answer is asked, none of them is taken', async () => {
    const { io, prompter } = answering(['Card payments fail.', '', 'yes', 'We are rolling back.'], ['1', 'yes'], '2');
    expect(await prompter.message({ message: 'Message', templates: [] })).toEqual({
      text: 'Card payments fail.\n\nyes\nWe are rolling back.',
    });
    const choices = ['yes', 'no, send nothing'].map((name) => ({ name, value: name }));
    expect(await prompter.select({ message: 'Post this update?', choices, default: 'no, send nothing' })).toBe(
      'no, send nothing',
    );
    expect(io.stderr).toMatch(
      /Enter for 2: Several lines came at once \(a paste\?\): none of them was taken as the answer\.\sType the answer on a line of its own\.\nType a number from 1 to 2, or Enter for 2: $/,
    );
  });

  it('a line holding keys that type no text (an arrow, Escape, a Ctrl key) is refused, whatever it answers', async () => {
    const { io, prompter } = answering('Fix deployd\x1b[De', '1\x1b', '\x01', 'Fix deployed');
    expect(await prompter.input({ message: 'Message' })).toBe('Fix deployed');
    expect(io.stderr.match(/That line holds keys that type no text/g)).toHaveLength(3);
  });
});
