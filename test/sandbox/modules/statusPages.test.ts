import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../../src/sandbox/server';
import { frozenClock, memorySandbox, TEST_KEY } from '../../helpers';

/*
 * The sandbox serves its status pages at /status/<url>, as subscribers see them: no key,
 * the latest at every load, private pages shown to nobody. (The HTML itself:
 * test/sandbox/pages/render.test.ts; in a browser: test/e2e/status-page-browser.test.ts.)
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox({ now: frozenClock() });
});
afterAll(() => sandbox.close());

const load = async (path: string) => {
  const response = await fetch(`${sandbox.url}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { id: string } }));

describe('/status/<url>', () => {
  it('answers without a key, as HTML that is never cached and runs no script', async () => {
    const page = await load('/status/acme-cloud');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(page.text).toContain('<title>Acme Cloud status</title>');
    expect(page.text).toContain('All systems operational');
    // The URL is matched in any case, as the API stores it in lower case.
    expect((await load('/status/ACME-Cloud')).status).toBe(200);
  });

  it('shows a change at the next load: an incident opened, then updated', async () => {
    const { body: created } = await api('POST', '/v1/status-pages/incidents', {
      name: 'Checkout failing',
      severity: 'CRITICAL',
      services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: 'x' }],
      incidentUpdates: [{ description: 'Payments fail.' }],
    });
    let page = await load('/status/acme-payments');
    expect(page.text).toContain('Checkout failing');
    expect(page.text).toMatch(/Checkout<\/span><span class="state"><span class="dot"><\/span>Major outage/);
    await api('POST', `/v1/status-pages/incidents/${created.id}/incident-updates`, {
      description: 'Rolled back; watching.',
      status: 'MONITORING',
    });
    page = await load('/status/acme-payments');
    expect(page.text).toMatch(
      /Monitoring<\/span> · <time[^>]*>2026-03-02 10:00 UTC \(just now\)<\/time><\/p><p class="message">Rolled back; watching\./,
    );
    // Another page does not show it.
    expect((await load('/status/acme-cloud')).text).not.toContain('Checkout failing');
  });

  it('a private page answers 403 and shows nothing of itself; an unknown one 404', async () => {
    const secret = await load('/status/acme-internal');
    expect(secret.status).toBe(403);
    expect(secret.text).toContain('This status page is private');
    expect(secret.text).not.toContain('Acme Internal');
    expect(secret.text).not.toContain('Primary database');
    const missing = await load('/status/nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No status page has the URL &quot;nope&quot;.');
  });

  it('/status/ lists the public pages (not the private one); /status sends there', async () => {
    const index = await load('/status/');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<a href="/status/acme-cloud">Acme Cloud</a>');
    expect(index.text).toContain('<a href="/status/acme-payments">Acme Payments</a>');
    expect(index.text).not.toContain('acme-internal');
    const bare = await load('/status');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/status/');
  });

  it('page views are not API requests: the request log leaves them out', async () => {
    await load('/status/acme-cloud');
    expect(sandbox.requests.filter((request) => request.path.startsWith('/status'))).toEqual([]);
  });

  it('the start-up banner names each public page with its URL', () => {
    const { lines, json } = sandbox.banner();
    expect(lines).toContain(`  Acme Cloud     ${sandbox.url}/status/acme-cloud`);
    expect(lines).toContain(`  Acme Payments  ${sandbox.url}/status/acme-payments`);
    expect(lines.join('\n')).not.toContain('acme-internal');
    expect(json.statusPages).toEqual([
      { name: 'Acme Cloud', url: `${sandbox.url}/status/acme-cloud` },
      { name: 'Acme Payments', url: `${sandbox.url}/status/acme-payments` },
    ]);
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the seeded themes', () => {
  it('are readable, light and dark: every text colour on its background is at least 4.5:1', async () => {
    const { body } = await fetch(`${sandbox.url}/v1/status-pages`, {
      headers: { authorization: `Bearer ${TEST_KEY}` },
    }).then(async (response) => ({
      body: (await response.json()) as {
        entries: { name: string; themeColors: Record<string, Record<string, string>> }[];
      },
    }));
    const pairs = [
      ['bodyFontColor', 'bodyBackgroundColor'],
      ['bodyFontColor', 'cardBackgroundColor'],
      ['bodyFontColorMuted', 'bodyBackgroundColor'],
      ['bodyFontColorMuted', 'cardBackgroundColor'],
      ['titleFontColor', 'bodyBackgroundColor'],
      ['titleFontColor', 'cardBackgroundColor'],
      ['linkFontColor', 'bodyBackgroundColor'],
      ['headerFontColor', 'headerBackgroundColor'],
      ['navigationFontColor', 'headerBackgroundColor'],
      ['primaryButtonFontColor', 'primaryButtonBackgroundColor'],
    ];
    const poor: string[] = [];
    for (const page of body.entries) {
      for (const [theme, colours] of Object.entries(page.themeColors)) {
        for (const [text, background] of pairs) {
          const ratio = contrast(colours[text!]!, colours[background!]!);
          if (ratio < 4.5) poor.push(`${page.name} ${theme}: ${text} on ${background} is ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(poor).toEqual([]);
  });
});
