import { describe, expect, it } from 'vitest';
import type { Incident, IncidentUpdate } from '../../../src/api/schemas/incidents';
import type { StatusPage } from '../../../src/api/schemas/statusPages';
import { renderIndex, renderMessage, renderPage } from '../../../src/sandbox/pages/render';
import { DEFAULT_PALETTES, pageView } from '../../../src/sandbox/pages/view';

/*
 * The status page as HTML, without a server: what subscribers read (states, incidents,
 * timelines, newest first), what they never see (IDs, keys), and hostile store data shown
 * as text. The browser's view of the same page: test/e2e/status-page-browser.test.ts.
 */

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const ACCOUNT = 'acc00000-1111-4222-8333-444444444444';
const SERVICE_IDS = { api: 'svc00001-aaaa-4bbb-8ccc-000000000001', web: 'svc00002-aaaa-4bbb-8ccc-000000000002' };

function service(id: string, name: string) {
  return { id, name, accountId: ACCOUNT };
}

function statusPage(extra: Record<string, unknown> = {}): StatusPage {
  return {
    id: 'page0001-aaaa-4bbb-8ccc-000000000001',
    name: 'Acme Cloud',
    url: 'acme-cloud',
    accountId: ACCOUNT,
    description: 'Live status',
    customDomain: null,
    logo: null,
    themeColors: DEFAULT_PALETTES,
    defaultTheme: 'AUTO',
    keys: [{ id: 'key00001-aaaa-4bbb-8ccc-000000000001', maskedKey: 'sk_***abcd' }],
    cards: [
      {
        id: 'card0001-aaaa-4bbb-8ccc-000000000001',
        name: 'Core platform',
        services: [service(SERVICE_IDS.api, 'Public API'), service(SERVICE_IDS.web, 'Web app')],
      },
    ],
    ...extra,
  } as StatusPage;
}

let updateCount = 0;
function update(status: string, minutesAgo: number, description: string): IncidentUpdate {
  updateCount += 1;
  return {
    id: `upd${String(updateCount).padStart(5, '0')}-aaaa-4bbb-8ccc-000000000000`,
    status,
    description,
    publicIncidentUpdateDate: at(minutesAgo),
    notifySubscribers: false,
  };
}

function incident(name: string, severity: string, services: string[], updates: IncidentUpdate[]): Incident {
  updateCount += 1;
  return {
    id: `inc${String(updateCount).padStart(5, '0')}-aaaa-4bbb-8ccc-000000000000`,
    name,
    severity,
    services: services.map((id) => service(id, id === SERVICE_IDS.api ? 'Public API' : 'Web app')),
    incidentUpdates: updates,
    lastUpdateStatus: [...updates].sort((a, b) =>
      b.publicIncidentUpdateDate!.localeCompare(a.publicIncidentUpdateDate!),
    )[0]!.status!,
    created_at: at(120).slice(0, 10),
  };
}

/** The text a reader sees: tags out, entities read (enough for these pages). */
function visibleText(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the status page as subscribers read it', () => {
  const outage = incident(
    'API errors',
    'MAJOR',
    [SERVICE_IDS.api],
    [
      update('INVESTIGATING', 30, 'We are looking into errors.'),
      update('IDENTIFIED', 10, 'A bad deploy.\nRolling back.'),
    ],
  );
  const yesterday = incident(
    'Slow web app',
    'MINOR',
    [SERVICE_IDS.web],
    [update('INVESTIGATING', 26 * 60, 'Pages load slowly.'), update('RESOLVED', 25 * 60, 'Fixed.')],
  );
  const lastMonth = incident(
    'Old outage',
    'CRITICAL',
    [SERVICE_IDS.web],
    [update('INVESTIGATING', 31 * 24 * 60, 'Down.'), update('RESOLVED', 30 * 24 * 60, 'Up again.')],
  );
  const elsewhere = incident('Other page', 'CRITICAL', ['svc-not-on-this-page'], [update('INVESTIGATING', 5, 'x')]);
  const page = renderPage(pageView(statusPage(), [outage, yesterday, lastMonth, elsewhere], NOW));
  const text = visibleText(page);

  it("shows each service's state from the open incidents on it, and the page's worst", () => {
    expect(text).toContain('Public API Major outage');
    expect(text).toContain('Web app Operational');
    expect(text).toContain('Major outage: 1 open incident');
  });

  it('shows the open incident with its updates newest first: status word, time by the clock, message', () => {
    expect(text).toContain('API errors Identified · Major impact · Affects Public API');
    const identified = text.indexOf('Identified · 2026-03-02 09:50 UTC (10m ago) A bad deploy. Rolling back.');
    const investigating = text.indexOf('Investigating · 2026-03-02 09:30 UTC (30m ago) We are looking into errors.');
    expect(identified).toBeGreaterThan(0);
    expect(investigating).toBeGreaterThan(identified);
    // The message's own line break is kept for the page to show.
    expect(page).toContain('<p class="message">A bad deploy.\nRolling back.</p>');
  });

  it('shows incidents resolved in the last 7 days below, not older ones, nor those of other pages', () => {
    expect(text).toContain('Resolved in the last 7 days');
    expect(text.indexOf('Slow web app Resolved')).toBeGreaterThan(text.indexOf('Resolved in the last 7 days'));
    expect(text).not.toContain('Old outage');
    expect(text).not.toContain('Other page');
  });

  it('says so when all is well', () => {
    const calm = visibleText(renderPage(pageView(statusPage(), [yesterday], NOW)));
    expect(calm).toContain('All systems operational');
    expect(calm).not.toContain('Open incidents');
    expect(visibleText(renderPage(pageView(statusPage(), [], NOW)))).toContain(
      'No incidents resolved in the last 7 days.',
    );
  });

  it('holds no ID of any kind, no key and no account', () => {
    const ids = [
      statusPage().id,
      'card0001-aaaa-4bbb-8ccc-000000000001',
      ...Object.values(SERVICE_IDS),
      'key00001-aaaa-4bbb-8ccc-000000000001',
      'sk_***abcd',
      ACCOUNT,
      ...[outage, yesterday].flatMap((one) => [one.id, ...one.incidentUpdates.map((u) => u.id)]),
    ];
    for (const id of ids) expect(page).not.toContain(id);
  });

  it("applies its theme: light, dark, or the reader's preference (AUTO)", () => {
    const dark = { ...DEFAULT_PALETTES.dark, bodyBackgroundColor: '#101010' };
    const style = (defaultTheme: string) =>
      renderPage(pageView(statusPage({ defaultTheme, themeColors: { light: DEFAULT_PALETTES.light, dark } }), [], NOW));
    expect(style('AUTO')).toContain('<html lang="en" data-theme="auto">');
    expect(style('AUTO')).toMatch(
      /@media \(prefers-color-scheme:dark\)\{:root\[data-theme=auto\]\{--body-background-color:#101010;/,
    );
    expect(style('DARK')).toContain('data-theme="dark"');
    expect(style('LIGHT')).toContain('data-theme="light"');
  });
});

describe('hostile data in the store reads as text', () => {
  const hostile = statusPage({
    name: 'Acme <script>window.pwned=1</script>',
    description: '" onmouseover="alert(1)',
    logo: 'javascript:alert(1)',
    favicon: 'data:text/html,<script>alert(1)</script>',
    themeColors: {
      light: { ...DEFAULT_PALETTES.light, bodyBackgroundColor: 'red}</style><script>alert(1)</script>' },
      dark: DEFAULT_PALETTES.dark,
    },
    cards: [
      {
        id: 'c',
        name: "</h3><img src=x onerror='alert(1)'>",
        services: [service(SERVICE_IDS.api, 'API\u202Eipa')],
      },
    ],
  });
  const evil = incident(
    '<img src=x onerror=alert(1)>',
    'MINOR',
    [SERVICE_IDS.api],
    [update('INVESTIGATING', 1, '<a href="javascript:alert(1)">click</a>\u200B')],
  );
  const page = renderPage(pageView(hostile, [evil], NOW));

  it('has no markup of its own from the store: no script, no event handler, no javascript: URL', () => {
    const tags = page.match(/<[^>]*>/g)!;
    const names = new Set(tags.map((tag) => /^<\/?([a-z0-9!]+)/i.exec(tag)![1]!.toLowerCase()));
    // Only the page's own elements: none named by the store.
    expect([...names].sort()).toEqual(
      [
        '!doctype',
        'article',
        'body',
        'div',
        'footer',
        'h1',
        'h2',
        'h3',
        'head',
        'header',
        'html',
        'li',
        'link',
        'main',
        'meta',
        'ol',
        'p',
        'section',
        'span',
        'style',
        'time',
        'title',
        'ul',
      ].sort(),
    );
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son\w+\s*=/i);
      expect(tag).not.toMatch(/javascript:|data:text/i);
    }
  });

  it('shows every hostile string as the text it is, format characters escaped as on a terminal', () => {
    const text = visibleText(page);
    expect(text).toContain('Acme <script>window.pwned=1</script> status');
    expect(text).toContain('" onmouseover="alert(1)');
    expect(text).toContain("</h3><img src=x onerror='alert(1)'>");
    expect(text).toContain('API\\u202eipa');
    expect(text).toContain('<a href="javascript:alert(1)">click</a>\\u200b');
  });

  it("a colour that is no colour is replaced by the page's own; a logo that is no http(s) URL is left out", () => {
    expect(page).toContain(`--body-background-color:${DEFAULT_PALETTES.light.bodyBackgroundColor};`);
    expect(page).not.toContain('<img');
    const logo = renderPage(pageView(statusPage({ logo: 'https://cdn.example.com/logo.png?x="y' }), [], NOW));
    expect(logo).toContain('<img src="https://cdn.example.com/logo.png?x=%22y" alt="Acme Cloud logo">');
  });
});

describe("the sandbox's own pages", () => {
  it('the index links each page by its URL, escaped', () => {
    const index = renderIndex([{ name: 'A & B', url: 'a"b' }], { palettes: DEFAULT_PALETTES });
    expect(index).toContain('<a href="/status/a%22b">A &amp; B</a>');
  });

  it('a message page escapes what it repeats of the request', () => {
    expect(renderMessage('No such status page', 'No page "<script>"', { palettes: DEFAULT_PALETTES })).toContain(
      'No page &quot;&lt;script&gt;&quot;',
    );
  });
});
