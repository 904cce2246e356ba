import type { z } from 'zod';
import type { Shape } from './shape';

/**
 * A schema's shape (./shape.ts), read from its zod definition; a part that is one of `named`
 * is written as a reference to it. Throws on what a shape cannot say (a refinement, a
 * transform, a default, a length rule...): `npm run answer-checks` fails rather than let a check
 * accept what the schema would refuse.
 */
export function shapeOf(
  schema: z.ZodType,
  where = 'the schema',
  named: ReadonlyMap<z.ZodType, string> = new Map(),
): Shape {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const refuse = (what: string): never => {
    throw new Error(`${where}: ${what} has no shape (scripts/answer-checks/shape.ts); read this answer with zod only`);
  };
  const checks = (def.checks ?? []).map((check) => check._zod.def as { check: string; format?: string });
  const integer = checks.length === 1 && checks[0]!.check === 'number_format' && checks[0]!.format === 'safeint';
  if (checks.length && !(def.type === 'number' && integer)) refuse(`a ${def.type} with a rule (${checks[0]!.check})`);
  const part = (of: z.ZodType, label: string): Shape => {
    const name = named.get(of);
    return name === undefined ? shapeOf(of, `${where}${label}`, named) : { answer: name };
  };
  const inner = (key: string, label: string) => part(def[key] as z.ZodType, label);
  switch (def.type) {
    case 'string':
    case 'boolean':
    case 'unknown':
      return def.type;
    case 'number':
      return integer || def.format === 'safeint' ? 'integer' : 'number';
    case 'enum':
      return { enum: Object.values(def.entries as Record<string, string>) };
    case 'literal':
      return { enum: [...(def.values as (string | number | boolean | null)[])] };
    case 'nullable':
      return { nullable: inner('innerType', '') };
    case 'optional':
      return { optional: inner('innerType', '') };
    case 'array':
      return { array: inner('element', '[]') };
    case 'record':
      if ((def.keyType as z.ZodType)._zod.def.type !== 'string') refuse('a record whose keys are not any text');
      return { record: inner('valueType', '[*]') };
    case 'object': {
      const catchall = (def.catchall as z.ZodType | undefined)?._zod.def.type;
      if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'never')
        refuse(`a catch-all of ${catchall}`);
      const keys: Record<string, Shape> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const of = part(value, `.${key}`);
        // zod lets a key be absent when its schema says so anywhere (`.nullable().optional()` and the other way round).
        const optional = value._zod.optin === 'optional' && !(typeof of === 'object' && 'optional' in of);
        keys[key] = optional ? { optional: of } : of;
      }
      // A strict object refuses other keys and a plain one drops them: either way, a body with
      // other keys does not fit (and is left to zod).
      return catchall === 'unknown' ? { object: keys, others: true } : { object: keys };
    }
    default:
      return refuse(`a ${def.type}`);
  }
}
