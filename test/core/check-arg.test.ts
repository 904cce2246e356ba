/**
 * The one way a command names a check (core/check-arg.ts): a whole ID without a request, a
 * unique prefix of 6+ characters, or a name in any case; ambiguous, too short and unknown
 * said plainly; the picker on a terminal, limited to a type when asked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client';
import { checkOrPick, resolveCheck } from '../../src/core/check-arg';
import { scriptedPrompter } from '../../src/core/prompter';
import { CliError } from '../../src/errors';
import { testIO } from '../../src/io';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, TEST_ACCOUNT, TEST_KEY } from '../helpers';
import { WAIT_MS } from '../timeouts';

let sandbox: Sandbox;
let client: ApiClient;
const ids: Record<string, string> = {};

/** Creates a DNS check with the ID `id` (the sandbox makes random ones: it is rewritten in its store). */
async function dnsCheck(name: string, id: string): Promise<void> {
  const response = await fetch(`${sandbox.url}/v1/checks/dns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' }),
  });
  const created = (await response.json()) as { id: string };
  const checks = sandbox.store.collection<{ id: string }>('checks');
  const stored = checks.get(created.id)!;
  checks.delete(created.id);
  checks.put({ ...stored, id });
  ids[name] = id;
}

/** What a resolution threw: its kind and message. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return { kind: (error as CliError).kind, message: (error as CliError).message, hint: (error as CliError).hint };
}

beforeAll(async () => {
  sandbox = await memorySandbox();
  client = new ApiClient({ baseUrl: sandbox.url, apiKey: TEST_KEY, accountId: TEST_ACCOUNT, timeoutMs: WAIT_MS });
  await dnsCheck('Homepage DNS', 'abcdef01-0000-4000-8000-000000000001');
  await dnsCheck('Mail MX', 'abcdef02-0000-4000-8000-000000000002');
  await dnsCheck('Twin', 'a1b2c3d4-0000-4000-8000-000000000003');
  await dnsCheck('twin', 'a1b2c3d5-0000-4000-8000-000000000004');
  await dnsCheck('deadbeef', 'b0000000-0000-4000-8000-000000000005');
  for (const monitor of sandbox.banner().json.heartbeats as { name: string; checkId: string }[])
    ids[monitor.name] = monitor.checkId;
});
beforeEach(() => void sandbox.requests.splice(0));
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe('resolveCheck', () => {
  it('takes a whole ID as it is, without a request', async () => {
    expect(await resolveCheck(client, '00000000-0000-4000-8000-00000000000a')).toEqual({
      id: '00000000-0000-4000-8000-00000000000a',
    });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('takes a unique prefix of 6+ characters, in any case, from one read of the checks', async () => {
    const named = await resolveCheck(client, 'ABCDEF01');
    expect(named.id).toBe(ids['Homepage DNS']);
    expect(named.check?.name).toBe('Homepage DNS');
    expect(sandbox.requests.map((request) => request.path)).toEqual(['/v1/checks?limit=100&page=1']);
  });

  it('takes a name in any case, searched for by the API', async () => {
    expect((await resolveCheck(client, 'mail mx')).id).toBe(ids['Mail MX']);
    expect((await resolveCheck(client, '  NIGHTLY BACKUP ')).id).toBe(ids['Nightly backup']);
    expect(sandbox.requests.map((request) => request.path)).toEqual([
      '/v1/checks?search=mail+mx&limit=100&page=1',
      '/v1/checks?search=NIGHTLY+BACKUP&limit=100&page=1',
    ]);
  });

  it('takes a name that looks like an ID prefix', async () => {
    expect((await resolveCheck(client, 'DeadBeef')).id).toBe(ids.deadbeef);
  });

  it('is exit 2 listing the matches as "Name (short ID)" when a prefix or a name means several', async () => {
    expect(await failure(resolveCheck(client, 'abcdef'))).toEqual({
      kind: 'usage',
      message: 'CHECK "abcdef" matches 2 checks:\n  Homepage DNS (abcdef01)\n  Mail MX (abcdef02)',
      hint: 'Give its ID, or enough of it to tell them apart (`mon checks list` shows them).',
    });
    expect((await failure(resolveCheck(client, 'TWIN'))).message).toBe(
      'CHECK "TWIN" matches 2 checks:\n  Twin (a1b2c3d4)\n  twin (a1b2c3d5)',
    );
  });

  it('is exit 2 naming the minimum when what is too short for a prefix names no check', async () => {
    expect(await failure(resolveCheck(client, 'abcde'))).toEqual({
      kind: 'usage',
      message: 'CHECK "abcde" is no check\'s name, and an ID prefix needs at least 6 characters.',
      hint: "Give the check's whole name or the first 6+ characters of its ID (`mon checks list` shows them).",
    });
  });

  it('is exit 6 when nothing has that name or ID prefix', async () => {
    expect(await failure(resolveCheck(client, 'ffffff'))).toMatchObject({
      kind: 'not-found',
      message: 'No check is named "ffffff" or has an ID starting with it.',
    });
    expect(await failure(resolveCheck(client, 'Nobody here'))).toMatchObject({
      kind: 'not-found',
      message: 'No check is named "Nobody here".',
    });
  });

  it('looks among one type only when asked (heartbeats name only heartbeats)', async () => {
    expect(await failure(resolveCheck(client, 'Mail MX', { checkType: 'HEARTBEAT' }))).toMatchObject({
      kind: 'not-found',
      message: 'No heartbeat is named "Mail MX".',
      hint: '`mon heartbeats list` shows the heartbeats, their names and IDs.',
    });
    expect((await resolveCheck(client, 'queue worker', { checkType: 'HEARTBEAT' })).id).toBe(ids['Queue worker']);
    expect(sandbox.requests.at(-1)?.path).toBe('/v1/checks?checkType=HEARTBEAT&search=queue+worker&limit=100&page=1');
  });

  it('escapes what the user typed and what the server named in its messages', async () => {
    expect((await failure(resolveCheck(client, 'bad\u001b[31mname'))).message).toBe(
      'No check is named "bad\\x1b[31mname".',
    );
  });
});

describe('checkOrPick', () => {
  const question = { question: 'Which check?', example: 'checks get CHECK' };

  it('without CHECK and without a terminal, is exit 2 before anything is sent', async () => {
    const io = testIO({ tty: false });
    const error = await failure(checkOrPick({ io, prompter: scriptedPrompter([]) }, client, undefined, question));
    expect(error).toEqual({
      kind: 'usage',
      message: 'CHECK is required (prompts are off, so no picker can be shown).',
      hint: 'For example: `mon checks get CHECK`',
    });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('on a terminal, picks among the checks of the type asked for', async () => {
    const io = testIO({ tty: true });
    const prompter = scriptedPrompter([{ message: 'Which heartbeat?', answer: ids['Hourly report'] }]);
    const named = await checkOrPick({ io, prompter }, client, undefined, {
      ...question,
      question: 'Which heartbeat?',
      checkType: 'HEARTBEAT',
    });
    expect(named).toMatchObject({ id: ids['Hourly report'], check: { name: 'Hourly report' } });
    expect(prompter.asked[0]!.choices).toEqual([
      'Hourly report · HEARTBEAT',
      'Nightly backup · HEARTBEAT',
      'Queue worker · HEARTBEAT',
    ]);
  });
});
