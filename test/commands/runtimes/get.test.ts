/** `mon runtimes get RUNTIME`: one runtime and its packages; a RUNTIME that could change the path is refused. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { memorySandbox, mon, refusesBadInput } from '../../helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

describe('runtimes get', () => {
  it('shows one runtime as details then its packages', async () => {
    const result = await mon('runtimes get 2025.04 --no-color', { sandbox, tty: true });
    expect(result.stdout).toMatch(/^Runtime:\s+2025\.04$/m);
    expect(result.stdout).toMatch(/^Node\.js:\s+v22\.14\.0$/m);
    expect(result.stdout).toMatch(/^Packages \(\d+\):$/m);
    expect(result.stdout).toMatch(/^playwright\s+1\.51\.1$/m);
  });

  it('an empty ID is one problem, said once; an ID of spaces is another', async () => {
    const empty = await mon("runtimes get ''", { sandbox });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('RUNTIME must not be empty (got "")');
    expect(empty.stderr).not.toContain('spaces');
    const spaces = await mon('runtimes get "  "', { sandbox });
    expect(spaces.code).toBe(2);
    expect(spaces.stderr).toContain('must not start or end with spaces');
    expect(sandbox.requests.filter((request) => request.path.startsWith('/v1/runtimes'))).toEqual([]);
  });

  it('refuses a runtime name that could change the request path, before sending anything', async () => {
    sandbox.requests.length = 0;
    for (const bad of ['..', '2025.04/../x', 'a\u001bb']) {
      const result = await mon(['runtimes', 'get', bad], { sandbox });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: RUNTIME must not/);
    }
    expect(sandbox.requests).toEqual([]);
  });
});

describe('runtimes get piped', () => {
  it('shows one runtime with its packages, and exits 6 for an unknown one', async () => {
    const get = await mon('runtimes get 2025.04', { sandbox });
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('nodeJsVersion\tv22.14.0\n');
    expect(get.stdout).toContain('dependency\tplaywright\t1.51.1\n');
    const json = JSON.parse((await mon('runtimes get 2025.04 --json', { sandbox })).stdout);
    expect(json.dependencies['@playwright/test']).toBe('1.51.1');

    const missing = await mon('runtimes get 2099.01', { sandbox });
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain('Runtime "2099.01" was not found');
    expect(missing.stderr).toContain('mon runtimes list');
  });
});

refusesBadInput([
  { what: 'a runtime ".."', line: 'runtimes get ..', says: 'RUNTIME must not be "." or ".."' },
  { what: 'a runtime with "/"', line: 'runtimes get ../status-pages', says: 'RUNTIME must not contain "/"' },
  {
    what: 'a runtime with a control character',
    line: ['runtimes', 'get', '2025.04\u0007'],
    says: 'RUNTIME must not contain control characters',
  },
]);
