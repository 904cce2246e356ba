import { describe, expect, it } from 'vitest';
import { mon } from '../../helpers';

/*
 * Each page of `mon incidents ... --help` as a user reads it at 80 columns: the usage, the
 * summary, what it does to the world, the arguments and flags with their help, the paragraphs
 * about it and its examples. The pages are the text files in ./help/, word for word: a change of
 * any help text shows there, in review, as the user will read it.
 */
const PAGES = [
  'incidents',
  'incidents list',
  'incidents get',
  'incidents create',
  'incidents ensure',
  'incidents update',
  'incidents resolve',
  'incidents updates',
  'incidents updates create',
  'incidents updates get',
  'incidents updates edit',
];

describe('mon incidents help', () => {
  it.each(PAGES)('mon %s --help prints its page (test/commands/incidents/help/)', async (line) => {
    const { code, stdout, stderr } = await mon(`${line} --help`, { columns: 80 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    await expect(stdout).toMatchFileSnapshot(`help/${line.replaceAll(' ', '-')}.txt`);
  });
});
