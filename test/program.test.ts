/** The commander tree (src/program.ts): a command or flag mistyped gets the closest spelling. */
import { describe, expect, it } from 'vitest';
import { mon, refusesBadInput } from './helpers';

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

refusesBadInput([
  { what: 'an unknown flag', line: 'incidents list --jsn', says: "unknown option '--jsn'" },
  { what: 'an unknown flag on a noun alone', line: 'incidents --bogus', says: "unknown option '--bogus'" },
  {
    what: 'an unknown flag before the command',
    line: '--bogus incidents list',
    says: "unknown option '--bogus'\nRun `mon --help` for usage.",
  },
  { what: '-v alone', line: '-v', says: "unknown option '-v'\nDid you mean --version (mon's version) or --debug" },
  { what: '--verbose', line: '--verbose incidents list', says: 'Did you mean --version' },
  { what: 'an unknown command', line: 'incidents frobnicate', says: "unknown command 'frobnicate'" },
]);
