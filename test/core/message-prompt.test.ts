/** The message prompt offers the stored templates: one chosen is filled in for the incident, and its status applies. */
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import { memorySandbox, mon, testEnv } from '../helpers';
import { openIncident, seedService } from '../commands/incidents/fixture';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const posts = () => sandbox.requests.filter((request) => request.method !== 'GET');
const open = (name: string) => openIncident(sandbox, name);

describe('the message prompt offers the stored templates', () => {
  it('a typed message is posted as typed; a template chosen there is filled in for this incident, and its status applies', async () => {
    const incident = await open('Search down');
    const env = testEnv({ sandbox });
    expect(
      (
        await mon('templates add watching -s monitoring -m "A fix for {{name}} is out; we are watching."', {
          sandbox,
          env,
        })
      ).code,
    ).toBe(0);
    const picked = await mon(`--no-color incidents updates create ${incident.id}`, {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Message', answer: { template: 'watching' } },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.prompter.asked[0]).toMatchObject({ kind: 'message', choices: ['watching'] });
    expect(picked.stderr).toMatch(/Status: +INVESTIGATING → MONITORING \(from template "watching"\)/);
    expect(posts()).toEqual([
      expect.objectContaining({
        body: {
          description: 'A fix for Search down is out; we are watching.',
          status: 'MONITORING',
          notifySubscribers: false,
        },
      }),
    ]);

    sandbox.requests.length = 0;
    const created = await mon('incidents create --name "Login slow" -s identified', {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Severity', answer: 'MINOR' },
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Message', answer: { template: 'watching', text: 'Edited: a fix is out.' } },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(created.code, created.stderr).toBe(0);
    // --status beside the template wins, as with --template; the confirmation does not say it came from the template.
    expect(stripVTControlCharacters(created.stderr)).toMatch(/\n {2}Status: +IDENTIFIED\n/);
    expect(posts().map((request) => request.body)).toEqual([
      {
        name: 'Login slow',
        severity: 'MINOR',
        services: [seedService(SEED_SERVICES.api)],
        incidentUpdates: [{ description: 'Edited: a fix is out.', status: 'IDENTIFIED', notifySubscribers: false }],
      },
    ]);
    sandbox.requests.length = 0;
    const fromTemplate = await mon('incidents create --name "DNS slow" --severity minor', {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Affected services', answer: [SEED_SERVICES.api] },
        { message: 'Message', answer: { template: 'watching' } },
        { message: 'Notify', answer: false },
        { message: 'Open this incident?', answer: 'yes' },
      ],
    });
    expect(fromTemplate.code, fromTemplate.stderr).toBe(0);
    expect(posts().map((request) => request.body)).toEqual([
      {
        name: 'DNS slow',
        severity: 'MINOR',
        services: [seedService(SEED_SERVICES.api)],
        incidentUpdates: [
          {
            description: 'A fix for DNS slow is out; we are watching.',
            status: 'MONITORING',
            notifySubscribers: false,
          },
        ],
      },
    ]);

    sandbox.requests.length = 0;
    const typed = await mon(`incidents updates create ${incident.id}`, {
      sandbox,
      env,
      tty: true,
      answers: [
        { message: 'Message', answer: 'In my own words.' },
        { message: 'Post this update?', answer: 'yes' },
      ],
    });
    expect(typed.code, typed.stderr).toBe(0);
    expect(posts()).toEqual([
      expect.objectContaining({ body: { description: 'In my own words.', notifySubscribers: false } }),
    ]);
  });
});
