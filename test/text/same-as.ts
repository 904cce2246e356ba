/**
 * Holds a function written with plain string code equal to the regular expression it took
 * the place of (kept in the test, as the reference): over a table of edge cases, then over
 * thousands of strings made at random (seeded: a failure prints its counterexample and
 * replays) from characters that sit on the boundaries such code tests.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * C0 controls, tab, line breaks, DEL, C1 controls, the no-break space and soft hyphen, Latin
 * and beyond, format characters and separators, lone surrogates and a pair, brackets, slashes,
 * spaces, `=` signs, dots, dashes, digits, letters of both cases, an exponent's `e`.
 */
export const BOUNDARY_CHARS = [
  ...['\x00', '\x01', '\t', '\n', '\v', '\f', '\r', '\x1b', '\x1f', ' ', '\x7f', '\x80', '\x9b', '\x9f'],
  ...['\xa0', '\xac', '\xad', '\xae', '\xff', '\u0100', '\u024f', '\u0250', '\u200b', '\u2010', '\u2027', '\u2028'],
  ...['\u2029', '\u202e', '\u2030', '\u205e', '\u205f', '\u2190', '\u21ff', '\u2500', '\u25ff', '\u2600', '\ufeff'],
  ...['\ud800', '\udc00', '\u{1f600}', '\u3000'],
  ...['[', ']', '(', ')', '{', '}', '/', '\\', '=', ':', ',', '.', '-', '+', '_', '~', '!', "'", '"', '@', '#', '?'],
  ...['%', '*', '0', '1', '5', '9', 'a', 'e', 'f', 'g', 'z', 'A', 'E', 'F', 'Z'],
];

export interface SameAsOptions {
  /** Characters the random strings are made of (BOUNDARY_CHARS by default). */
  chars?: readonly string[];
  /** Longest random string, in characters. */
  maxLength?: number;
  runs?: number;
}

/** `made(text)` equals `old(text)` for each of `cases` and for random strings. */
export function expectSameAs<T>(
  made: (text: string) => T,
  old: (text: string) => T,
  cases: readonly string[],
  { chars = BOUNDARY_CHARS, maxLength = 24, runs = 5000 }: SameAsOptions = {},
): void {
  for (const text of cases) expect([text, made(text)]).toEqual([text, old(text)]);
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...chars), maxLength }), (text) => {
      expect([text, made(text)]).toEqual([text, old(text)]);
    }),
    { numRuns: runs, seed: 20261128 },
  );
}
