/**
 * The shapes of the answers (scripts/answer-checks/shape.ts), derived from their zod schemas
 * (scripts/answer-checks/shape-of.ts) and written into src/api/answer-checks.generated.ts: a
 * body fits its shape exactly when its schema accepts it and gives it back unchanged, so that
 * api/read.ts may skip zod for a body that fits. Checked on bodies near each answer's shape
 * (most valid, some with a part replaced by any JSON, a key left out or one added), and on what
 * the shapes cannot say.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readResponse } from '../../src/api/read';
import { CHECKS } from '../../src/api/answer-checks.generated';
import { RESPONSES, type ResponseName } from '../../src/api/schemas/responses';
import { ANSWER_CHECKS_FILE, answerChecksFile, responseShapes } from '../../scripts/answer-checks/generate';
import { shapeOf } from '../../scripts/answer-checks/shape-of';
import { checksSource, type Shape } from '../../scripts/answer-checks/shape';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The check of one shape, as checksSource writes it. */
function checkOf(shape: Shape): (body: unknown) => boolean {
  const { code } = transformSync(checksSource({ answer: shape }), { loader: 'ts', format: 'cjs' });
  const module = { exports: {} as Record<string, Record<string, (body: unknown) => boolean>> };
  new Function('module', 'exports', code)(module, module.exports);
  return module.exports.CHECKS!.answer!;
}

const SHAPES = responseShapes();

/**
 * Bodies of `shape`: with `noise`, now and then any JSON in a part's place, a key left out or
 * one added (most then do not fit); without, what it describes.
 */
function bodies(shape: Shape, noise: boolean): fc.Arbitrary<unknown> {
  const of = (part: Shape) => bodies(part, noise);
  const described = ((): fc.Arbitrary<unknown> => {
    switch (shape) {
      case 'string':
        return fc.string({ maxLength: 4 });
      case 'number':
        return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
      case 'integer':
        return noise ? fc.oneof(fc.integer(), fc.constantFrom(2 ** 53, -(2 ** 53), 0.5)) : fc.integer();
      case 'boolean':
        return fc.boolean();
      case 'unknown':
        return fc.jsonValue({ maxDepth: 1 });
    }
    if ('enum' in shape) return fc.constantFrom(...shape.enum);
    if ('nullable' in shape) return fc.oneof(fc.constant(null), of(shape.nullable));
    if ('optional' in shape) return of(shape.optional);
    if ('array' in shape) return fc.array(of(shape.array), { maxLength: 2 });
    if ('record' in shape) return fc.dictionary(fc.string({ maxLength: 3 }), of(shape.record), { maxKeys: 2 });
    if ('answer' in shape) return of(SHAPES[shape.answer as ResponseName]);
    const keys = Object.entries(shape.object).map(([key, part]) => {
      const present = of(part).map((value) => [[key, value]]);
      // An optional key is left out now and then; with noise, any key is.
      const absent = noise || (typeof part === 'object' && 'optional' in part);
      return absent ? fc.oneof({ weight: 5, arbitrary: present }, { weight: 1, arbitrary: fc.constant([]) }) : present;
    });
    const other = fc.tuple(fc.constantFrom('extra', 'id2'), fc.jsonValue({ maxDepth: 1 })).map((pair) => [pair]);
    const others = noise || shape.others ? fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, other) : fc.constant([]);
    return fc.tuple(...keys, others).map((pairs) => Object.fromEntries(pairs.flat() as [string, unknown][]));
  })();
  return noise ? fc.oneof({ weight: 12, arbitrary: described }, fc.jsonValue({ maxDepth: 2 })) : described;
}

/** Bodies as they arrive (parsed JSON: plain objects, no -0), half of them described by `shape`. */
const near = (shape: Shape) =>
  fc.oneof(bodies(shape, false), bodies(shape, true)).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** What the schema says of a body: accepted and given back unchanged. */
function schemaKeeps(schema: z.ZodType, body: unknown): boolean {
  const result = schema.safeParse(body);
  return result.success && isDeepStrictEqual(result.data, body);
}

describe('the shape of an answer', () => {
  it('has its check built into mon (src/api/answer-checks.generated.ts), for every answer mon reads', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(RESPONSES).sort());
    expect(Object.keys(SHAPES).sort()).toEqual(Object.keys(RESPONSES).sort());
  });

  it('the checked-in checks are what the schemas give (run `npm run answer-checks` after changing a schema of an answer)', async () => {
    expect(readFileSync(`${ROOT}/${ANSWER_CHECKS_FILE}`, 'utf8')).toBe(await answerChecksFile(ROOT));
  });

  it.each(Object.keys(RESPONSES) as ResponseName[])(
    '%s: a body fits its shape exactly when the schema accepts it and gives it back unchanged',
    (name) => {
      let fitting = 0;
      // The check mon runs, as the build wrote it.
      const fitsShape = CHECKS[name];
      fc.assert(
        // As a body arrives: parsed JSON (plain objects, no -0).
        fc.property(
          near(SHAPES[name]).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
          (body) => {
            const fit = fitsShape(body);
            if (fit) fitting++;
            expect(fit).toBe(schemaKeeps(RESPONSES[name], body));
          },
        ),
        { numRuns: 150, seed: 20261125 },
      );
      // Both sides were seen: the bodies are near the shape, not all wrong.
      expect(fitting).toBeGreaterThan(50);
      expect(fitting).toBeLessThan(145);
    },
  );

  it('holds a page by reference to its entries, and is small enough to live in the bundle', () => {
    expect(SHAPES.incidentList).toMatchObject({ object: { entries: { array: { answer: 'incident' } } } });
    expect(SHAPES.checkList).toEqual({ array: { answer: 'check' } });
    expect(JSON.stringify(SHAPES).length).toBeLessThan(16_000);
  });

  it("is refused for what a shape cannot say, naming where: the schema stays zod's alone", () => {
    const refused = (schema: z.ZodType) => () => shapeOf(schema, 'the answer "x"');
    expect(refused(z.looseObject({ name: z.string().min(1) }))).toThrow(
      'the answer "x".name: a string with a rule (min_length) has no shape',
    );
    expect(refused(z.array(z.number().refine(Number.isFinite)))).toThrow('the answer "x"[]: a number with a rule');
    expect(refused(z.object({ a: z.string() }).transform((value) => value.a))).toThrow('a pipe has no shape');
    expect(refused(z.looseObject({ n: z.number().default(1) }))).toThrow('the answer "x".n: a default has no shape');
    expect(refused(z.union([z.string(), z.number()]))).toThrow('a union has no shape');
    expect(refused(z.object({ a: z.string() }).catchall(z.string()))).toThrow('a catch-all of string');
  });

  it('keeps a plain object to zod when a body has other keys (zod would drop them): the answer is what zod gives', () => {
    const plain = checkOf(shapeOf(z.object({ a: z.string() })));
    expect(plain({ a: 'x' })).toBe(true);
    expect(plain({ a: 'x', b: 1 })).toBe(false);
    expect(checkOf(shapeOf(z.looseObject({ a: z.string() })))({ a: 'x', b: 1 })).toBe(true);
  });
});

describe('readResponse', () => {
  const request = { method: 'GET', path: '/v1/checks' };
  const response = (body: unknown) => ({ status: 200, headers: {}, body, text: JSON.stringify(body) });

  it('gives a body that fits as it came: the same object, keys the schema does not know kept in their order', async () => {
    const body = [{ id: 'c1', name: 'Hourly', checkType: 'HEARTBEAT', zeta: 1, alpha: { b: 1, a: 2 } }];
    const read = await readResponse('checkList', response(body), request);
    expect(read).toBe(body);
    expect(JSON.stringify(read)).toBe(JSON.stringify(body));
  });

  it('says what is wrong with a body that does not fit, with the status, the request and at most three problems', async () => {
    const body = [
      { name: 'no ID', checkType: 'DNS' },
      { id: 7, name: 'x', checkType: 'DNS' },
    ];
    await expect(readResponse('checkList', response(body), request)).rejects.toThrow(
      'The server answered 200 OK to GET /v1/checks with a body that is not what the API describes ([0].id: Invalid input: expected string, received undefined; [1].id: Invalid input: expected string, received number).',
    );
  });
});
