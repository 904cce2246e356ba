/*
 * Rules of values mon puts into requests, written without zod: the command line checks its
 * flags with them before zod is loaded (core/flags/convert.ts), and schemas/common.ts wraps
 * the same rules for the bodies, queries and answers it checks.
 */

import { isDigits } from '../text/chars';

/** The longest ID that goes into a URL path. */
const PATH_ID_MAX = 200;

/**
 * What is wrong with an ID that goes into a URL path, each rule it breaks ([] when none). It
 * is percent-encoded when sent; on top of that, what could never be an ID and could change
 * which path is requested ("..", "/", control characters) is refused before anything is sent.
 */
export function pathIdProblems(id: string): string[] {
  if (id === '') return ['must not be empty'];
  const problems: string[] = [];
  if (id.length > PATH_ID_MAX) problems.push(`must be at most ${PATH_ID_MAX} characters`);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) problems.push('must not contain control characters');
  if (/[/\\?#%]/.test(id)) problems.push('must not contain "/", "\\", "?", "#" or "%"');
  if (id === '.' || id === '..') problems.push('must not be "." or ".."');
  if (id.trim() !== id) problems.push('must not start or end with spaces');
  return problems;
}

/** "must be a whole number from 1 to 100" (or ">= 1" with no maximum). */
export function wholeNumberRule(min: number, max: number = Number.MAX_SAFE_INTEGER): string {
  return max === Number.MAX_SAFE_INTEGER
    ? `must be a whole number >= ${min}`
    : `must be a whole number from ${min} to ${max}`;
}

/**
 * Text as typed → the number it reads as, when it is written as a whole or decimal number
 * (`12`, ` -3 `, `2.5`; a decimal is then refused as not whole); otherwise the text itself.
 * Flags and query parameters arrive as text.
 */
export function numberOfText(value: unknown): unknown {
  // trim() takes off what \s matches: white space and line terminators.
  return typeof value === 'string' && isDecimal(value.trim()) ? Number(value) : value;
}

/** `12`, `-3`, `2.5`: digits, a minus before them, a fraction after a dot (`-?\d+(\.\d+)?`). */
function isDecimal(text: string): boolean {
  const [whole, fraction, ...more] = (text.startsWith('-') ? text.slice(1) : text).split('.');
  return more.length === 0 && isDigits(whole!) && (fraction === undefined || isDigits(fraction));
}

/** Is it a whole number in [min, max]? */
export function isWholeNumber(value: unknown, min: number, max: number = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
