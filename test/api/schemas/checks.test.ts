/** The spec's four rules, written out as it states them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_TYPES,
  combinedCheckCreateSchema,
  dnsCheckCreateSchema,
  FREQUENCIES,
  offsetAllowed,
} from '../../../src/api/schemas/checks';
import { bodyFromFlags, type CheckFlags, withRequiredFillers } from '../../../src/commands/checks/shared/body';
import { validateBody } from '../../../src/commands/checks/shared/naming';

function specAllows(frequency: number, offset: number, checkType: string): boolean {
  if (!Number.isInteger(offset) || offset < 1) return false;
  if (frequency === 0) return (checkType === 'API' || checkType === 'TCP') && [10, 20, 30].includes(offset);
  if (frequency <= 60) return offset <= Math.floor(frequency * 10);
  return offset <= Math.ceil(frequency / 60);
}

const frequency = fc.constantFrom(...FREQUENCIES);

const offset = fc.oneof(fc.integer({ min: -5, max: 15_000 }), fc.constantFrom(10, 20, 30, 1, 0, 2.5));

const minimal = { name: 'n', request: { query: 'example.com', recordType: 'A' }, heartbeat: {}, script: '' };

describe('frequencyOffset rules', () => {
  it('offsetAllowed follows the spec for every frequency', () => {
    fc.assert(
      fc.property(frequency, offset, (f, o) => {
        // offsetAllowed does not know the type: for 0 it is the API/TCP rule.
        expect(offsetAllowed(f, o)).toBe(specAllows(f, o, 'API'));
      }),
    );
  });

  it('the DNS body schema accepts exactly what the spec allows (never a seconds-level frequency)', () => {
    const schema = dnsCheckCreateSchema();
    fc.assert(
      fc.property(frequency, offset, (f, o) => {
        const result = schema.safeParse({ ...minimal, frequency: f, frequencyOffset: o });
        expect(result.success).toBe(specAllows(f, o, 'DNS'));
      }),
    );
  });

  it('the combined body schema allows frequency 0 for API and TCP checks only', () => {
    const schema = combinedCheckCreateSchema();
    fc.assert(
      fc.property(frequency, offset, fc.constantFrom(...CHECK_TYPES), (f, o, type) => {
        const result = schema.safeParse({ ...minimal, type, frequency: f, frequencyOffset: o });
        expect(result.success).toBe(specAllows(f, o, type));
      }),
    );
  });

  it('a refused offset is reported naming --frequency-offset, --frequency and the bound', () => {
    fc.assert(
      fc.property(
        frequency.filter((f) => f !== 0),
        fc.integer({ min: 1, max: 20_000 }),
        (f, o) => {
          fc.pre(!specAllows(f, o, 'DNS'));
          const flags: CheckFlags = {
            name: 'n',
            query: 'example.com',
            recordType: 'A',
            frequency: String(f),
            frequencyOffset: String(o),
          };
          const provenance = { flags: bodyFromFlags(flags), file: undefined };
          const body = withRequiredFillers(provenance.flags.body);
          const bound = f <= 60 ? Math.floor(f * 10) : Math.ceil(f / 60);
          expect(() => validateBody(dnsCheckCreateSchema, body, provenance)).toThrow(
            `--frequency-offset must be between 1 and ${bound} for --frequency ${f} (frequencyOffset rule: ${f <= 60 ? '1..floor(frequency*10)' : '1..ceil(frequency/60)'}) (got ${o})`,
          );
        },
      ),
    );
  });
});
