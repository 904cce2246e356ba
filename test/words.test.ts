/** The splitter behind the tests' command lines (test/words.ts): it splits as a shell does. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { words } from './words';

const LINES = [
  'incidents update abc123 -m "Rolled back" -s identified',
  `incidents create --name 'Web app: "down"' --service=Public\\ API`,
  'api -F "note=a \\"quoted\\" \\\\ \\$HOME" -f \'x=\\n\'',
  `checks create-dns --name="Apex records" --tag ''  --tag ""`,
  'auth   login\t--with-key \\\n --base-url http://127.0.0.1:1/',
  `templates add rolled-back --message "It's {{name}}: rolled back" -s monitoring`,
];

describe('words', () => {
  it.each(LINES)('splits %s as sh does', (line) => {
    const shell = spawnSync('sh', ['-c', `for word in ${line}; do printf '%s\\0' "$word"; done`], { encoding: 'utf8' });
    expect(shell.status).toBe(0);
    expect(words(line)).toEqual(shell.stdout.split('\0').slice(0, -1));
  });

  it('refuses a quote left open, and a backslash at the end', () => {
    expect(() => words('incidents create --name "Web')).toThrow('an unterminated double quote');
    expect(() => words("incidents create --name 'Web")).toThrow('an unterminated single quote');
    expect(() => words('incidents list \\')).toThrow('a backslash at the end');
  });
});
