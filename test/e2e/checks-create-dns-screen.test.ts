/**
 * `mon checks create-dns` at a real terminal (80x24), answered with keystrokes: typed name and
 * query, record type and frequency by arrows, assertions typed (the default offered), locations
 * by space; a summary confirmed before the POST; Ctrl-C sends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxProcess } from './harness';
import { openScreen, requireScreen } from './screen';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox?.clearRequests();
});

const sent = async () =>
  (await sandbox.requests()).map((request) => ({ method: request.method, path: request.path, body: request.body }));

describe('checks create-dns on a terminal', () => {
  it('asks everything, assertions included, shows a summary and posts only after yes', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['checks', 'create-dns'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Check name');
    await screen.type('Typed DNS check');
    await screen.press('Enter');
    await screen.waitFor('? Name to resolve');
    await screen.type('typed.example.com');
    await screen.press('Enter');
    await screen.waitFor('? Record type');
    await screen.press('Down', 'Down', 'Down', 'Enter'); // A → AAAA → CNAME → MX
    await screen.waitFor('? Name server to ask');
    await screen.type('9.9.9.9');
    await screen.press('Enter');
    await screen.waitFor('? Assertion (SOURCE COMPARISON TARGET, or none) (RESPONSE_CODE EQUALS NOERROR)');
    await screen.press('Enter'); // the default
    await screen.waitFor('? Another assertion (Enter when done)');
    await screen.type('TEXT_ANSWER CONTAINS mx1');
    await screen.press('Enter');
    await screen.waitFor('? Another assertion (Enter when done)');
    await screen.press('Enter');
    await screen.waitFor('? How often should it run?');
    await screen.press('Up', 'Enter'); // from the default, every 10 minutes, to every 5 minutes
    await screen.waitFor('? Locations to run from');
    await screen.press('Enter'); // nothing picked: the prompt refuses and stays
    await screen.waitFor('Pick at least one location.');
    await screen.press('Space'); // us-east-1
    await screen.press('Down', 'Down', 'Down', 'Down', 'Down', 'Down'); // eu-west-1
    await screen.press('Space', 'Enter');
    await screen.waitFor('? Create this check?');
    const summary = screen.text();
    expect(summary).toContain('About to create a check:');
    expect(summary).toContain('  Query:      MX typed.example.com via 9.9.9.9');
    expect(summary).toContain('  Assertions: RESPONSE_CODE EQUALS NOERROR; TEXT_ANSWER CONTAINS mx1');
    expect(summary).toContain('  Frequency:  every 5 minutes');
    expect(summary).toContain('  Locations:  us-east-1, eu-west-1');
    expect(await sent()).toEqual([]);
    await screen.type('y');
    await screen.press('Enter');
    const { code } = await screen.done();
    expect(code, screen.text()).toBe(0);
    expect(screen.history()).toContainEqual(expect.stringContaining('Created DNS check "Typed DNS check"'));
    expect(await sent()).toEqual([
      {
        method: 'POST',
        path: '/v1/checks/dns',
        body: {
          name: 'Typed DNS check',
          request: {
            query: 'typed.example.com',
            recordType: 'MX',
            nameServer: '9.9.9.9',
            assertions: [
              { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
              { source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: 'mx1' },
            ],
          },
          frequency: 5,
          locations: ['us-east-1', 'eu-west-1'],
          heartbeat: {},
          script: '',
        },
      },
    ]);
  });

  it('Ctrl-C at a prompt: exit 130, "Cancelled.", nothing sent', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['checks', 'create-dns'], sandbox.env({ NO_COLOR: '1' }));
    await screen.waitFor('? Check name');
    await screen.type('Never created');
    await screen.press('Enter');
    await screen.waitFor('? Name to resolve');
    await screen.type('never.example.com');
    await screen.press('Enter');
    await screen.waitFor('? Record type');
    await screen.press('C-c');
    const { code } = await screen.done();
    expect(code).toBe(130);
    expect(screen.text()).toMatch(/Cancelled\.( Nothing was sent\.)?$/);
    expect(screen.text()).not.toMatch(/\n\s+at /);
    expect(await sent()).toEqual([]);
  });
});
