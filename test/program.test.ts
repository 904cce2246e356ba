/** The commander tree (src/program.ts): a command or flag mistyped gets the closest spelling. */
import { describe, expect, it } from 'vitest';
import { mon } from './helpers';

describe('the program', () => {
  it('suggests a spelling for an unknown command and an unknown flag (exit 2)', async () => {
    const typo = await mon('incidnets list');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown command 'incidnets'");
    expect(typo.stderr).toContain('Did you mean incidents?');
    const flag = await mon('runtimes list --jsn');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Did you mean --json?');
  });
});
