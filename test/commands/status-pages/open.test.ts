import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server';
import { accountApi, cli, frozenClock, memorySandbox, testEnv } from '../../helpers';

/*
 * `mon status-pages open [PAGE] [--print]` against a sandbox: which page PAGE names, its
 * URL, and what happens with no browser. (Opening a real opener: test/e2e/status-pages-open.test.ts;
 * the URL of an account's page: test/core/public-page.test.ts.)
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterAll(() => sandbox.close());

const PAYMENTS_ID = '7c2e3b20-8d2b-4e6f-a1c3-000000000003';

describe('mon status-pages open', () => {
  it.each([
    ['its URL slug, in any case', 'ACME-payments'],
    ['its name, in any case', 'acme payments'],
    ['its ID', PAYMENTS_ID],
  ])('--print prints the URL the sandbox serves it at, the page named by %s', async (_how, page) => {
    const result = await cli(['status-pages', 'open', page, '--print'], { sandbox });
    expect(result).toMatchObject({ code: 0, stdout: `${sandbox.url}/status/acme-payments\n`, stderr: '' });
  });

  it('with no browser to open (no display), prints the URL, says why, and exits 0', async () => {
    const env = { ...testEnv({ sandbox }), DISPLAY: '', WAYLAND_DISPLAY: '' };
    const result = await cli(['status-pages', 'open', 'acme-cloud'], { sandbox, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${sandbox.url}/status/acme-cloud\n`);
    expect(result.stderr).toBe(
      'note: Not opened in a browser: there is no display (DISPLAY and WAYLAND_DISPLAY are unset). The page is at:\n',
    );
  });

  it('without PAGE: on a terminal a picker of the pages; piped, exit 2 naming them', async () => {
    const picked = await cli(['status-pages', 'open', '--print'], {
      sandbox,
      tty: true,
      answers: [{ message: 'Which status page?', answer: PAYMENTS_ID }],
    });
    expect(picked).toMatchObject({ code: 0, stdout: `${sandbox.url}/status/acme-payments\n` });
    const piped = await cli(['status-pages', 'open', '--print'], { sandbox });
    expect(piped.code).toBe(2);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toContain('PAGE is required: there are several status pages, and prompts are off');
    expect(piped.stderr).toContain(
      'Acme Cloud (acme-cloud), Acme Internal (acme-internal), Acme Payments (acme-payments)',
    );
  });

  it('a page that is not there: exit 6, listing the pages', async () => {
    const result = await cli(['status-pages', 'open', 'acme', '--print'], { sandbox });
    expect(result.code).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No status page has the ID, URL or name "acme".');
    expect(result.stderr).toContain('The status pages: Acme Cloud (acme-cloud)');
  });
});

describe('mon status-pages open, for an account', () => {
  it("opens the page's custom domain; a page the API gives no address for is exit 1, saying so", async () => {
    const api = await accountApi([
      { id: 'p1', name: 'Acme', url: 'acme', customDomain: 'status.acme.com' },
      { id: 'p2', name: 'Beta', url: 'beta', customDomain: null },
    ]);
    try {
      const domain = await cli(['status-pages', 'open', 'acme', '--print'], { env: api.env });
      expect(domain).toMatchObject({ code: 0, stdout: 'https://status.acme.com/\n', stderr: '' });
      const none = await cli(['status-pages', 'open', 'beta', '--print'], { env: api.env });
      expect(none.code).toBe(1);
      expect(none.stdout).toBe('');
      expect(none.stderr).toContain(
        'The API gives no address for the status page "Beta" (no custom domain, and its url "beta" is not an https:// address); mon does not guess one.',
      );
    } finally {
      api.close();
    }
  });
});
