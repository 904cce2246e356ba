/*
 * Plain string tests in place of small regular expressions on the path of every API call: V8
 * compiles a regular expression on its first use (to bytecode, ~50 K instructions) and again
 * on its second (to machine code), in every run. Each is held equal to the expression it
 * replaced, on edge cases and generated strings, by test/text/chars.test.ts and its caller's test.
 */

/** One or more ASCII digits, nothing else (`\d+` of a regular expression without the u flag). */
export function isDigits(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** An ASCII letter, either case (`[A-Za-z]`). */
export function isAsciiLetter(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');
}

/** `https://api.example.com/v1//` → `https://api.example.com/v1`: the slashes a URL ends with taken off. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}
