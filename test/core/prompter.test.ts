/**
 * The scripted prompter of test/helpers.ts's `mon()` fails the TEST, not only the command,
 * when the command departs from the script; and no command prompts under CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, mon, testEnv } from '../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const create = 'incidents create --name A --severity minor --message m';

describe('a scripted prompt that departs from the script fails the test', () => {
  it('on a question the script does not expect', async () => {
    await expect(mon(create, { sandbox, tty: true, answers: [] })).rejects.toThrow(
      /Unexpected checkbox prompt: "Affected services[^"]*" \(no scripted answer left\)/,
    );
  });

  it('on a question asked where another was scripted', async () => {
    await expect(mon(create, { sandbox, tty: true, answers: [{ message: 'Notify', answer: true }] })).rejects.toThrow(
      /Prompt "Affected services[^"]*" \(checkbox\) asked where "Notify" was scripted/,
    );
  });

  it('on a select answer that is not among its choices', async () => {
    await expect(
      mon(`incidents create --name A --service ${SEED_SERVICES.api} --message m`, {
        sandbox,
        tty: true,
        answers: [{ message: 'Severity', answer: 'HUGE' }],
      }),
    ).rejects.toThrow(/The select "Severity[^"]*" was answered "HUGE", which is not among its choices \("CRITICAL"/);
  });

  it('on a checkbox answer that is not among its choices', async () => {
    await expect(
      mon(create, { sandbox, tty: true, answers: [{ message: 'Affected services', answer: ['no-such-service'] }] }),
    ).rejects.toThrow(/The checkbox "Affected services[^"]*" was answered "no-such-service", which is not among/);
  });

  it('on answers left unused when the command ends', async () => {
    await expect(
      mon('runtimes list', { sandbox, tty: true, answers: [{ message: 'Anything', answer: 'x' }] }),
    ).rejects.toThrow(/Scripted answers left unused: "Anything"/);
  });

  it('on an answer its validation refuses, with none left to ask again with', async () => {
    await expect(
      mon(create, { sandbox, tty: true, answers: [{ message: 'Affected services', answer: [] }] }),
    ).rejects.toThrow(
      /Unexpected checkbox prompt: "Affected services[^"]*" again after refusing an answer \(Select at least one service/,
    );
  });

  it('on the message prompt answered with a template it does not offer', async () => {
    await expect(
      mon(`incidents create --name A --severity minor --service ${SEED_SERVICES.api}`, {
        sandbox,
        tty: true,
        answers: [{ message: 'Message', answer: { template: 'none-stored' } }],
      }),
    ).rejects.toThrow(/answered with the template "none-stored", which it does not offer \(none\)/);
  });

  it('and sent nothing in any of these', () => {
    expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('CI disables prompts (CLI.md: `--no-input`, `MON_NO_INPUT=1`, `CI`)', () => {
  it.each(['1', 'true'])(
    'CI=%s on a terminal: a missing required value is exit 2 naming the flags, asked nothing, sent nothing',
    async (ci) => {
      sandbox.requests.length = 0;
      const result = await mon('incidents create --name A', {
        env: testEnv({ sandbox, env: { CI: ci } }),
        tty: true,
        answers: [],
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--severity, --service and --message are required (prompts are off');
      expect(result.prompter.asked).toEqual([]);
      expect(sandbox.requests).toEqual([]);
    },
  );

  it('CI=0 and CI=false leave prompts on (the same terminal is asked)', async () => {
    for (const ci of ['0', 'false']) {
      await expect(
        mon('incidents create --name A', {
          env: testEnv({ sandbox, env: { CI: ci } }),
          tty: true,
          answers: [],
        }),
      ).rejects.toThrow(/Unexpected select prompt: "Severity/);
    }
  });
});
