/**
 * The sandbox holds every rule as the client does: the bound itself accepted (2xx), one past
 * it refused with the API's error body (400 `{statusCode, error, message}`, the message naming
 * the field). The cases are test/rules/schemas.test.ts's: derived from the schemas, judged by
 * the spec. And a list asked for from an entry it does not have (`nextId`) is a 400 too, not
 * its first page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server';
import { memorySandbox, sandboxCall } from '../helpers';
import { casesFor } from './cases';
import { REQUESTS } from './requests';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(() => sandbox.close());

describe.each(REQUESTS.map((rules) => [rules.name, rules] as const))('%s', (_name, rules) => {
  const also = rules.sandboxAlsoNeeds ?? {};
  // Where the sandbox needs more than the schema (a service that exists), only the refusal is the schema's to show;
  // of an enum's values, the first and the last (test/rules/schemas.test.ts tries every one).
  const cases = casesFor(rules).filter((one) => !(one.accepted && one.path in also) && !one.between);

  it.each(cases.map((one) => [`${one.what}: ${one.accepted ? 'accepted' : '400'}`, one] as const))(
    '%s',
    async (_what, one) => {
      const answer = await rules.send(sandbox, one.value);
      if (one.accepted) {
        expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(200);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      const { message } = answer.body as { message: string };
      const named = one.fields.some((field) => message.includes(`${rules.where}.${field}`));
      expect(named, message).toBe(true);
    },
  );
});

describe('a list asked for from an entry it does not have', () => {
  it.each([
    ['incidents', '/v1/status-pages/incidents'],
    ['status pages', '/v1/status-pages'],
  ])('%s: 400 naming nextId, not the first page', async (_what, path) => {
    const first = await sandboxCall(sandbox, 'GET', `${path}?limit=1`);
    expect(first.status).toBe(200);
    const { nextId } = first.body as { nextId: string | null };
    expect(nextId).toEqual(expect.any(String));
    // The next page, then an ID that is none of the list's.
    const next = await sandboxCall(sandbox, 'GET', `${path}?limit=1&nextId=${nextId}`);
    expect(next.status).toBe(200);
    expect((next.body as { entries: { id: string }[] }).entries.map((entry) => entry.id)).toEqual([nextId]);
    const unknown = await sandboxCall(sandbox, 'GET', `${path}?limit=1&nextId=00000000-0000-4000-8000-000000000000`);
    expect(unknown).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'query.nextId: "00000000-0000-4000-8000-000000000000" is not the ID of an entry of this list',
      },
    });
  });
});
