/**
 * A command line as a user types it, split into words as a POSIX shell splits it (no
 * expansion): a test writes `mon('incidents update abc123 -m "Rolled back" -s identified')`.
 *
 * - Spaces, tabs and newlines separate words.
 * - '...' keeps everything inside as it is.
 * - "..." keeps everything inside but a backslash before ", \, $ or ` (which it drops).
 * - A backslash outside quotes keeps the next character as it is (a newline after it is dropped).
 * - Quotes next to other characters join them into one word: --name="Web app" is --name=Web app.
 *
 * A value that is neither safe to write as it is nor easy to quote (a control character, say)
 * is given as an array of words instead: every helper takes both.
 */
export function words(line: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`words(): ${what} in ${JSON.stringify(line)}`);
  };
  while (i < line.length) {
    const char = line[i]!;
    if (char === ' ' || char === '\t' || char === '\n') {
      if (word !== undefined) out.push(word);
      word = undefined;
      i++;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) fail('an unterminated single quote');
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (char === '"') {
      word ??= '';
      i++;
      for (;;) {
        if (i >= line.length) fail('an unterminated double quote');
        const inner = line[i]!;
        if (inner === '"') break;
        if (inner === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) {
          word += line[i + 1];
          i += 2;
        } else {
          word += inner;
          i++;
        }
      }
      i++;
    } else if (char === '\\') {
      if (i + 1 >= line.length) fail('a backslash at the end');
      if (line[i + 1] !== '\n') word = (word ?? '') + line[i + 1];
      i += 2;
    } else {
      word = (word ?? '') + char;
      i++;
    }
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** `words(line)`, or the words themselves when given as an array. */
export function argv(line: string | readonly string[]): string[] {
  return typeof line === 'string' ? words(line) : [...line];
}
