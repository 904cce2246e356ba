/**
 * Where an update's message comes from (src/commands/incidents/shared/message.ts): --message,
 * --message-file FILE or -, --template (filled in for the incident, its status applying), or
 * the prompt. Shown through `incidents updates create`, which all the verbs share it with.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../../../../src/core/context';
import { main } from '../../../../src/main';
import type { Sandbox } from '../../../../src/sandbox/server';
import { type CliOptions, frozenClock, memorySandbox, mon, testEnv } from '../../../helpers';
import { answeringPrompter } from '../../../plain-answers';
import { openIncident } from '../fixture';

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
beforeEach(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
  // Its own config directory: the templates stored here are this test's.
  env = testEnv({ sandbox });
  expect(
    (await run('templates add watching -s monitoring -m "A fix for {{name}} is out; we are watching."')).code,
  ).toBe(0);
});
afterEach(async () => {
  await sandbox.close();
});

const run = (line: string | readonly string[], options: CliOptions = {}) =>
  mon(line, { sandbox, env, now: () => sandbox.clock.now(), ...options });
/** The bodies of what reached the server other than reads. */
const sent = () => sandbox.requests.filter((request) => request.method !== 'GET').map((request) => request.body);
const messageFile = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'mon-message-')), 'message.txt');
  writeFileSync(file, text);
  return file;
};

describe('--template', () => {
  it('without a terminal: the template filled in for the incident is posted, with its status', async () => {
    const incident = await openIncident(sandbox, 'Search down');
    const result = await run(`incidents updates create ${incident.id} --template watching`);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([
      {
        description: 'A fix for Search down is out; we are watching.',
        status: 'MONITORING',
        notifySubscribers: false,
      },
    ]);
  });

  it('beside --message: the message is posted as given, and the template still gives the status', async () => {
    const incident = await openIncident(sandbox, 'Search down');
    const result = await run(`incidents updates create ${incident.id} -m "Our own words." --template watching`);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([{ description: 'Our own words.', status: 'MONITORING', notifySubscribers: false }]);
  });

  it('chosen at the prompt and kept when the answers are edited at the confirmation: its status still applies', async () => {
    const incident = await openIncident(sandbox, 'Search down');
    const result = await run(`incidents updates create ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: { template: 'watching' } },
        { message: 'Post this update?', answer: 'edit' },
        // Enter: the message as it was, from the template.
        { message: 'Message', answer: undefined },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([
      {
        description: 'A fix for Search down is out; we are watching.',
        status: 'MONITORING',
        notifySubscribers: false,
      },
    ]);
  });
});

/**
 * mon with accessible mode's prompts (src/core/plain-prompter.ts), each answered with the next
 * line once its question is written; what it wrote to stderr.
 */
async function plainPrompts(argv: string[], answers: string[]) {
  const { io, prompter } = answeringPrompter(answers, { columns: 200 });
  const code = await main(argv, createContext({ io, env, prompter }));
  return { code, stderr: stripVTControlCharacters(io.stderr) };
}

describe('a template chosen at the prompt', () => {
  it('says the status it brings, except where the command sets the status itself (resolve)', async () => {
    const incident = await openIncident(sandbox, 'Search down');
    const filled = 'A fix for Search down is out; we are watching.';
    // "/watching" chooses the template, Enter keeps its text, 1 posts.
    const posted = await plainPrompts(['incidents', 'updates', 'create', incident.id], ['/watching', '', '1']);
    expect(posted.code, posted.stderr).toBe(0);
    expect(posted.stderr).toContain(`Template watching (status MONITORING): ${filled}\n`);

    const resolved = await plainPrompts(['incidents', 'resolve', incident.id], ['/watching', '', 'n', '1']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stderr).toContain(`Template watching: ${filled}\n`);
    expect(sent()).toEqual([
      { description: filled, status: 'MONITORING', notifySubscribers: false },
      { description: filled, status: 'RESOLVED', notifySubscribers: false },
    ]);
  });
});

describe('--message-file', () => {
  const cases: { file: string; posted: string }[] = [
    { file: 'Cause found.\n', posted: 'Cause found.' },
    { file: 'Cause found.\n\n\n', posted: 'Cause found.' },
    { file: 'Cause found. \t\r\n  \n', posted: 'Cause found.' },
    { file: '  Indented first line.\n\nSecond paragraph.\n', posted: '  Indented first line.\n\nSecond paragraph.' },
  ];
  it.each(cases)('a file holding $file posts $posted: trailing blank lines and spaces are left out', async (row) => {
    const incident = await openIncident(sandbox, 'DB slow');
    const result = await run(['incidents', 'updates', 'create', incident.id, '--message-file', messageFile(row.file)]);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([{ description: row.posted, notifySubscribers: false }]);
  });

  it('a file of blank lines holds no message: exit 2 naming the file, nothing sent', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const file = messageFile(' \n\n\t\n');
    const result = await run(['incidents', 'updates', 'create', incident.id, '--message-file', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--message-file ${file} holds no message.`);
    expect(sent()).toEqual([]);
  });

  it('a file that cannot be read: exit 2 naming --message-file and the path, nothing sent', async () => {
    const incident = await openIncident(sandbox, 'DB slow');
    const missing = join(mkdtempSync(join(tmpdir(), 'mon-message-')), 'absent.txt');
    const result = await run(['incidents', 'updates', 'create', incident.id, '--message-file', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--message-file ${missing}: cannot read it`);
    expect(sent()).toEqual([]);
  });

  it('- reads stdin, which leaves nothing to answer a picker with: on a terminal, INCIDENT_ID is then required', async () => {
    const fromStdin = await run('incidents updates create --message-file -', { tty: true, stdin: 'Cause found.\n' });
    expect(fromStdin.code).toBe(2);
    expect(stripVTControlCharacters(fromStdin.stderr)).toContain(
      'INCIDENT_ID is required (prompts are off, so no picker can be shown).',
    );
    expect(sent()).toEqual([]);

    // A FILE leaves the terminal to the prompts: the picker of open incidents is shown.
    const incident = await openIncident(sandbox, 'DB slow');
    const fromFile = await run(['incidents', 'updates', 'create', '--message-file', messageFile('Cause found.\n')], {
      tty: true,
      answers: [
        { message: 'Which open incident?', answer: incident.id },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(sent()).toEqual([{ description: 'Cause found.', notifySubscribers: false }]);
  });
});
