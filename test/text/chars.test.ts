/** Plain string tests that took the place of small regular expressions (src/text/chars.ts): the same answers. */
import { describe, it } from 'vitest';
import { isAsciiLetter, isDigits, withoutTrailingSlashes } from '../../src/text/chars';
import { expectSameAs } from './same-as';

describe('plain string tests, equal to the regular expressions they replaced', () => {
  it('isDigits is /^\\d+$/', () => {
    const cases = ['', '0', '9', '09', '/', ':', '1a', 'a1', ' 1', '1 ', '\u0660', '\uff10', '12345678901234567890'];
    expectSameAs(isDigits, (text) => /^\d+$/.test(text), cases);
    expectSameAs(isDigits, (text) => /^\d+$/.test(text), cases, {
      chars: ['0', '5', '9', '/', ':', '.', ' ', '\u0660'],
    });
  });

  it('isAsciiLetter is /^[A-Za-z]$/ on one character', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (isAsciiLetter(char) !== /^[A-Za-z]$/.test(char)) throw new Error(`differs on U+${code.toString(16)}`);
    }
  });

  it("withoutTrailingSlashes is .replace(/\\/+$/, '')", () => {
    const cases = [
      '',
      '/',
      '//',
      'a/',
      'a//',
      '/a',
      'a/b/',
      'https://x.example/',
      'https://x.example///',
      'a/ ',
      'a\\',
    ];
    expectSameAs(withoutTrailingSlashes, (text) => text.replace(/\/+$/, ''), cases);
    expectSameAs(withoutTrailingSlashes, (text) => text.replace(/\/+$/, ''), cases, {
      chars: ['/', 'a', ' ', '\\', '\n'],
    });
  });
});
