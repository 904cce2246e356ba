/** `mon templates add NAME`: a message template stored in the profile, with the status it sets. */
import { describe, expect, it } from 'vitest';
import { mon, refusesBadInput, testEnv } from '../../helpers';

const stored = async (env: NodeJS.ProcessEnv) =>
  JSON.parse((await mon('templates list --json', { env })).stdout) as { name: string; message: string }[];

describe('templates add', () => {
  it('stores the template and says how to use it', async () => {
    const env = testEnv();
    const added = await mon('templates add watching -s monitoring -m "A fix for {{name}} is out."', { env });
    expect(added.code).toBe(0);
    expect(added.stdout + added.stderr).toContain(
      'Stored template "watching" in profile "default". Use it with --template watching.',
    );
    expect(await stored(env)).toEqual([
      expect.objectContaining({ name: 'watching', message: 'A fix for {{name}} is out.' }),
    ]);
  });

  it('refuses a name already taken (exit 2, the stored one kept) unless --force replaces it', async () => {
    const env = testEnv();
    expect((await mon('templates add rollback -m "First."', { env })).code).toBe(0);
    const taken = await mon('templates add rollback -m "Second."', { env });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('There is a template "rollback" already.');
    expect(taken.stderr).toContain('Pass --force to replace it');
    expect((await stored(env)).map((template) => template.message)).toEqual(['First.']);
    expect((await mon('templates add rollback --force -m "Second."', { env })).code).toBe(0);
    expect((await stored(env)).map((template) => template.message)).toEqual(['Second.']);
  });
});

refusesBadInput([
  { what: 'no message without a terminal', line: 'templates add rollback', says: '--message' },
  { what: 'a status that is not one', line: 'templates add rollback -s fixed -m "x"', says: '--status' },
  { what: 'an unknown placeholder', line: 'templates add bad -m "Hello {{customer}}"', says: '{{customer}}' },
]);
