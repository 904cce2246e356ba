/** `mon templates remove`: a stored template removed; one that is not there is exit 6. */
import { describe, expect, it } from 'vitest';
import { mon, testEnv } from '../../helpers';

describe('templates remove', () => {
  it('removes a template once; removing it again is exit 6', async () => {
    const env = testEnv();
    expect((await mon('templates add fixed -m "{{name}} is {{status}}."', { env })).code).toBe(0);
    expect((await mon('templates remove fixed', { env })).code).toBe(0);
    expect(JSON.parse((await mon('templates list --json', { env })).stdout)).toEqual([]);
    expect((await mon('templates remove fixed', { env })).code).toBe(6);
  });
});
