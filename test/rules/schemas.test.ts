/**
 * The request schemas hold every limit of the spec, and each of their bounds lets the bound
 * itself through and refuses one past it (test/rules/derive.ts derives the cases; the rules
 * between fields are judged by the spec's own statement of them, test/rules/requests.ts).
 * The sandbox (test/rules/sandbox.test.ts) and the command line (test/rules/cli.test.ts)
 * are tried with the same cases.
 */
import { describe, expect, it } from 'vitest';
import { boundsOf, SPEC_LIMITS } from './derive';
import { casesFor } from './cases';
import { REQUESTS, request } from './requests';

describe("the spec's limits", () => {
  it.each(SPEC_LIMITS.map((limit) => [`${limit.schema}: ${limit.spec}`, limit] as const))(
    '%s: a bound of the schema',
    (_name, limit) => {
      expect(boundsOf(request(limit.schema).schema)).toContainEqual(limit.bound);
    },
  );
});

describe.each(REQUESTS.map((rules) => [rules.name, rules] as const))('%s', (_name, rules) => {
  const cases = casesFor(rules);

  it('has cases on both sides', () => {
    expect(cases.some((one) => one.accepted)).toBe(true);
    expect(cases.some((one) => !one.accepted)).toBe(true);
  });

  it.each(cases.map((one) => [`${one.what}: ${one.accepted ? 'accepted' : 'refused'}`, one] as const))(
    '%s',
    (_what, one) => {
      const result = rules.schema.safeParse(one.value);
      expect(result.success, JSON.stringify(result.error?.issues ?? one.value).slice(0, 500)).toBe(one.accepted);
      // Refused: the problem is on that field (or on one of the fields of the rule between them).
      if (!one.accepted) {
        for (const issue of result.error!.issues) expect(one.fields).toContain(String(issue.path[0]));
      }
    },
  );
});
