/** What was prompted is confirmed before it is posted (core/confirm.ts): yes, no (nothing sent) or edit (the questions again, with the answers in them). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { type CliOptions, memorySandbox, mon, TEST_ACCOUNT } from '../helpers';
import { openIncident } from '../commands/incidents/fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const run = (line: string, options: CliOptions = {}) => mon(`--no-color ${line}`, { sandbox, ...options });
const posts = () => sandbox.requests.filter((request) => request.method !== 'GET');
const open = (name: string) => openIncident(sandbox, name);

describe('confirm what was prompted', () => {
  it('resolve with a picked incident shows what will be posted and sends nothing on "no" (exit 1)', async () => {
    const incident = await open('Checkout errors');
    const result = await run('incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `About to resolve an incident:\n  Incident: Checkout errors (MAJOR, on Checkout)\n  ID:       ${incident.id}\n`,
    );
    expect(result.stderr).toMatch(
      /Status: +INVESTIGATING → RESOLVED\n {2}Message: +This incident has been resolved\.\n {2}Notify: +no, subscribers are not notified/,
    );
    expect(result.stderr).toContain('Nothing was posted.');
    expect(result.stderr).not.toContain('error:');
    expect(posts()).toEqual([]);
  });

  it('--yes (-y) posts a picked incident without asking', async () => {
    const incident = await open('Webhooks late');
    for (const yes of ['--yes', '-y']) {
      sandbox.requests.length = 0;
      const result = await run(`incidents update --status monitoring -m Watching. ${yes}`, {
        tty: true,
        answers: [{ message: 'Which open incident', answer: incident.id }],
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.prompter.asked.map((question) => question.message)).toEqual(['Which open incident?']);
      expect(posts()).toEqual([
        expect.objectContaining({ body: { description: 'Watching.', status: 'MONITORING', notifySubscribers: false } }),
      ]);
    }
  });

  it('asks nothing when every value came from flags, even on a terminal', async () => {
    const incident = await open('DB slow');
    const result = await run(`incidents update ${incident.id} -s identified -m "Found it."`, {
      tty: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked).toEqual([]);
    expect(posts()).toHaveLength(1);
  });

  it('a change of the incident alone, picked on a terminal, is confirmed with its before → after', async () => {
    const incident = await open('Queue backlog');
    const result = await run('incidents update --severity critical', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Save these changes?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /About to change an incident:\n {2}Incident: +Queue backlog \(MAJOR, on Checkout\)\n {2}ID: +\S+\n {2}Severity: +MAJOR → CRITICAL\n/,
    );
    expect(posts()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: {
          name: 'Queue backlog',
          severity: 'CRITICAL',
          services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
        },
      }),
    ]);
  });

  it('a dry run shows the request and asks for no confirmation', async () => {
    const incident = await open('Slow search');
    const result = await run('incidents resolve --dry-run', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: 'Fine again.' },
        { message: 'Notify', answer: true },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`POST ${sandbox.url}/v1/status-pages/incidents/${incident.id}/incident-updates`);
    expect(result.stdout).toContain('"description": "Fine again."');
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['select', 'message', 'confirm']);
    expect(posts()).toEqual([]);
  });

  it('server text in the summary is escaped', async () => {
    const incident = await open('Evil \u001b]0;pwned\u0007 name');
    const result = await run('incidents resolve', {
      tty: true,
      answers: [
        { message: 'Which open incident', answer: incident.id },
        { message: 'Message', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Post this update?', answer: 'no' },
      ],
    });
    expect(result.stderr).toContain('Incident: Evil \\x1b]0;pwned\\x07 name');
    expect(result.stderr).not.toContain('\u001b]0;');
  });
});

describe('edit at the confirmation', () => {
  it('asks the questions again with the previous answers in them; only the corrected values are posted', async () => {
    const incident = await open('Queue stuck');
    const result = await run(`incidents update ${incident.id}`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Workers restrating.' },
        { message: 'Status', answer: 'IDENTIFIED' },
        { message: 'Notify', answer: false },
        { message: 'Post this update?', answer: 'edit' },
        { message: 'Message', answer: 'Workers restarting.' },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: true },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    const again = result.prompter.asked.slice(4);
    expect(again[0]).toMatchObject({ kind: 'message', default: 'Workers restrating.' });
    expect(again[1]).toMatchObject({ kind: 'select', default: 'IDENTIFIED' });
    expect(again[2]).toMatchObject({ kind: 'confirm', default: false });
    expect(posts()).toEqual([
      expect.objectContaining({
        body: { description: 'Workers restarting.', status: 'IDENTIFIED', notifySubscribers: true },
      }),
    ]);
  });

  it('at create, every answer is put back: the typed name in the input, the services checked', async () => {
    const result = await run('incidents create --severity minor --message Slow.', {
      tty: true,
      answers: [
        { message: 'Incident name', answer: 'Serach slow' },
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'edit' },
        { message: 'Incident name', answer: 'Search slow' },
        { message: 'Affected services', answer: undefined },
        { message: 'Notify', answer: undefined },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked[4]).toMatchObject({ kind: 'input', default: 'Serach slow' });
    expect(posts()).toEqual([
      expect.objectContaining({
        body: {
          name: 'Search slow',
          severity: 'MINOR',
          services: [{ id: SEED_SERVICES.api, name: 'Public API', accountId: TEST_ACCOUNT }],
          incidentUpdates: [{ description: 'Slow.', status: 'INVESTIGATING', notifySubscribers: false }],
        },
      }),
    ]);
  });

  it('--yes answers the confirmation and nothing else: every value not given is still asked', async () => {
    const incident = await open('Slow logins');
    const result = await run(`incidents update ${incident.id} -y`, {
      tty: true,
      answers: [
        { message: 'Message', answer: 'Looking into it.' },
        { message: 'Status', answer: undefined },
        { message: 'Notify', answer: undefined },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompter.asked.map((question) => question.kind)).toEqual(['message', 'select', 'confirm']);
    expect(posts()).toHaveLength(1);
  });
});

describe('Ctrl-C at a prompt', () => {
  // What @inquirer/prompts rejects with on Ctrl-C, while the question is open.
  const ctrlC = () =>
    Promise.reject(Object.assign(new Error('User force closed the prompt with SIGINT'), { name: 'ExitPromptError' }));

  it.each([
    [
      'a verb that sends something says nothing was sent',
      'incidents create',
      'Incident name',
      'Cancelled. Nothing was sent.\n',
    ],
    ['a verb that sends nothing says it was cancelled', 'templates add deploy', 'Message', 'Cancelled.\n'],
  ])('%s (exit 130): mon %s', async (_what, line, question, said) => {
    const result = await run(line, { tty: true, answers: [{ message: question, answer: 'x', meanwhile: ctrlC }] });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(said);
    expect(result.stdout).toBe('');
    expect(posts()).toEqual([]);
  });
});
