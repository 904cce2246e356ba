/** `mon templates list`: the stored templates of a profile, as TSV or JSON. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('templates list', () => {
  it('lists the templates in the order they were added (TSV, JSON), per profile', async () => {
    const env = testEnv();
    expect((await mon('templates add rollback -s identified -m "A bad deploy of {{services}}."', { env })).code).toBe(
      0,
    );
    expect((await mon('templates add fixed -m "{{name}} is {{status}}."', { env })).code).toBe(0);
    const listed = await mon('templates list --json', { env });
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((template) => template.name)).toEqual([
      'rollback',
      'fixed',
    ]);
    expect((await mon('templates list', { env })).stdout).toContain('rollback\tIDENTIFIED\tA bad deploy');
    expect(JSON.parse((await mon('--profile other templates list --json', { env })).stdout)).toEqual([]); // per profile
  });
});
