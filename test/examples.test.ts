/** Which lines of Markdown are commands (test/examples.ts), and the exit code each states. */
import { describe, expect, it } from 'vitest';
import { markdownExamples, withPlaceholders } from './examples';

const DOC = [
  'Text with `mon not-a-command`.',
  '```sh',
  'mon incidents list        # open ones',
  '# a comment',
  '',
  'mon incidents create --name x \\',
  '  --severity minor',
  'mon incidents get nope    # not there (exit 6)',
  '```',
  '```',
  'mon status                # an untagged block: a sample screen',
  '```',
  '```console',
  '$ mon runtimes get 1999.01 --json',
  '{"error":{"exitCode":6}}',
  '$ mon --version',
  'mon 0.1.0',
  '```',
].join('\n');

describe('markdownExamples', () => {
  it('takes the lines of sh and console blocks, joined at " \\", with the exit code each states', () => {
    expect(markdownExamples('DOC.md', DOC)).toEqual([
      { source: 'DOC.md', line: 3, block: 1, command: 'mon incidents list        # open ones', expect: 0 },
      {
        source: 'DOC.md',
        line: 6,
        block: 1,
        command: 'mon incidents create --name x \\\n  --severity minor',
        expect: 0,
      },
      { source: 'DOC.md', line: 8, block: 1, command: 'mon incidents get nope    # not there (exit 6)', expect: 6 },
      { source: 'DOC.md', line: 14, block: 3, command: 'mon runtimes get 1999.01 --json', expect: 6 },
      { source: 'DOC.md', line: 16, block: 3, command: 'mon --version', expect: 0 },
    ]);
  });

  it('replaces a placeholder only where it is a word of its own', () => {
    const placeholders = [{ written: /(?<![\w$])ACCOUNT_ID\b/, run: '"$ACCOUNT"', why: '' }];
    expect(withPlaceholders('MON_ACCOUNT_ID=1 mon auth login --account ACCOUNT_ID', placeholders)).toBe(
      'MON_ACCOUNT_ID=1 mon auth login --account "$ACCOUNT"',
    );
  });
});
