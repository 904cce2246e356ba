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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` (parsed JSON) is what a schema of `shape` accepts and gives back as it is. */
export function fits(shape: Shape, value: unknown, answers: Readonly<Record<string, Shape>>): boolean {
  const fit = (of: Shape, item: unknown) => fits(of, item, answers);
  switch (shape) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'unknown':
      return true;
  }
  if ('enum' in shape) return shape.enum.includes(value as Primitive);
  if ('nullable' in shape) return value === null || fit(shape.nullable, value);
  if ('optional' in shape) return value === undefined || fit(shape.optional, value);
  if ('array' in shape) return Array.isArray(value) && value.every((item) => fit(shape.array, item));
  if ('record' in shape) return isObject(value) && Object.values(value).every((item) => fit(shape.record, item));
  if ('answer' in shape) return fit(answers[shape.answer]!, value);
  if (!isObject(value)) return false;
  for (const [key, of] of Object.entries(shape.object)) {
    // An absent key is what an optional one may be; any other must be there.
    if (Object.hasOwn(value, key) ? !fit(of, value[key]) : !(typeof of === 'object' && 'optional' in of)) return false;
  }
  return shape.others === true || Object.keys(value).every((key) => Object.hasOwn(shape.object, key));
}
