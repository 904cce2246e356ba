/*
 * What an answer's schema accepts, as plain data, and a check of a body against it that needs
 * no zod (whose loading and schemas cost a read command ~20 ms). The shapes are derived from the
 * zod schemas of api/schemas/responses.ts when mon is built (shapeOf, api/schemas/shape-of.ts)
 * and put into the bundle; the check is exact: a body fits its shape if and only if its schema
 * accepts it and gives it back unchanged (test/api/shape.test.ts holds the two together).
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
 * A function that tells whether `value` (parsed JSON) is what a schema of `shape` accepts and
 * gives back as it is. It is written as JavaScript from the shape and compiled once: a page of
 * answers is checked in straight-line code, not by walking the shape for every value (which made
 * V8 optimise the walker in the background, and a command then waited ~5 ms at exit for it).
 */
export function checker(shape: Shape, answers: Readonly<Record<string, Shape>>): (value: unknown) => boolean {
  const functions = new Map<string, string>(); // answer -> its function's name
  const bodies: string[] = [];
  let names = 0;
  const answerFunction = (answer: string): string => {
    let name = functions.get(answer);
    if (name === undefined) {
      name = `answer${functions.size}`;
      functions.set(answer, name);
      bodies.push(`function ${name}(v) { return ${test(answers[answer]!, 'v')}; }`);
    }
    return name;
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
    if ('answer' in of) return `${answerFunction(of.answer)}(${v})`;
    const keys = Object.entries(of.object).map(([key, part]) => {
      const at = `${v}[${JSON.stringify(key)}]`;
      // An absent key is what an optional one may be; any other must be there.
      const absent = typeof part === 'object' && 'optional' in part ? 'true' : 'false';
      return `(Object.hasOwn(${v}, ${JSON.stringify(key)}) ? ${test(part, at)} : ${absent})`;
    });
    const known = Object.keys(of.object).map((key) => `${item} === ${JSON.stringify(key)}`);
    const others = of.others ? [] : [`Object.keys(${v}).every((${item}) => ${known.join(' || ') || 'false'})`];
    return `(isObject(${v}) && ${[...keys, ...others].join(' && ') || 'true'})`;
  }
  const top = test(shape, 'value');
  const source = `${bodies.join('\n')}\nreturn (value) => ${top};`;
  return new Function('isObject', source)(isObject) as (value: unknown) => boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
