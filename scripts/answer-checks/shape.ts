/*
 * What an answer's schema accepts, as plain data, and the check of a body against it that needs
 * no zod (whose loading and schemas cost a read command ~20 ms). The shapes are derived from the
 * zod schemas of src/api/schemas/responses.ts (shapeOf, ./shape-of.ts) and written as TypeScript
 * into src/api/answer-checks.generated.ts (checksSource, by `npm run answer-checks`): a body fits
 * its shape if and only if its schema accepts it and gives it back unchanged
 * (test/api/shape.test.ts holds the two together, and fails when the file is not what the
 * schemas give).
 */

type Primitive = string | number | boolean | null;

export type Shape =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'unknown'
  | { enum: readonly Primitive[] }
  | { nullable: Shape }
  | { optional: Shape }
  | { array: Shape }
  /** An object of any keys, each value of one shape. */
  | { record: Shape }
  /** `others`: keys beyond these are kept (a loose object); without it, the schema would drop or refuse them. */
  | { object: Readonly<Record<string, Shape>>; others?: true }
  /** The shape of another answer (the shapes are written once each). */
  | { answer: string };

/**
 * The TypeScript of a module whose CHECKS holds, for each answer, a function that tells whether
 * a body (parsed JSON) fits its shape. Straight-line code written from the shape, compiled (and
 * code-cached) with the bundle: a walk of the shape for every value took longer, and V8
 * optimised the walker in the background on a page of 60 incidents, which a command then waited
 * ~5 ms for at exit.
 */
export function checksSource(answers: Readonly<Record<string, Shape>>): string {
  let names = 0;
  const fn = (answer: string) => {
    if (!/^[A-Za-z]\w*$/.test(answer) || !Object.hasOwn(answers, answer)) throw new Error(`no answer "${answer}"`);
    return `check_${answer}`;
  };
  /** A JavaScript expression, true when the value in `v` fits `of`. */
  function test(of: Shape, v: string): string {
    switch (of) {
      case 'string':
      case 'boolean':
        return `typeof ${v} === "${of}"`;
      case 'number':
        return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
      case 'integer':
        return `Number.isSafeInteger(${v})`;
      case 'unknown':
        return 'true';
    }
    const item = `x${names++}`;
    if ('enum' in of) return `(${of.enum.map((value) => `${v} === ${JSON.stringify(value)}`).join(' || ') || 'false'})`;
    if ('nullable' in of) return `(${v} === null || ${test(of.nullable, v)})`;
    if ('optional' in of) return `(${v} === undefined || ${test(of.optional, v)})`;
    if ('array' in of) return `(Array.isArray(${v}) && ${v}.every((${item}) => ${test(of.array, item)}))`;
    if ('record' in of) return `(isObject(${v}) && Object.values(${v}).every((${item}) => ${test(of.record, item)}))`;
    if ('answer' in of) return `${fn(of.answer)}(${v})`;
    const keys = Object.entries(of.object).map(([key, part]) => {
      // An absent key is what an optional one may be; any other must be there.
      const absent = typeof part === 'object' && 'optional' in part ? 'true' : 'false';
      return `(Object.hasOwn(${v}, ${JSON.stringify(key)}) ? ${test(part, `${v}[${JSON.stringify(key)}]`)} : ${absent})`;
    });
    const known = Object.keys(of.object).map((key) => `${item} === ${JSON.stringify(key)}`);
    const others = of.others ? [] : [`Object.keys(${v}).every((${item}) => ${known.join(' || ') || 'false'})`];
    return `(isObject(${v}) && ${[...keys, ...others].join(' && ') || 'true'})`;
  }
  const functions = Object.entries(answers).map(
    ([answer, shape]) => `function ${fn(answer)}(value: unknown): boolean {\n  return ${test(shape, 'value')};\n}`,
  );
  return `${[
    'const isObject = (value: unknown): value is Record<string, unknown> =>\n  typeof value === "object" && value !== null && !Array.isArray(value);',
    ...functions,
    `export const CHECKS = { ${Object.keys(answers)
      .map((answer) => `${answer}: ${fn(answer)}`)
      .join(', ')} };`,
  ].join('\n\n')}\n`;
}
