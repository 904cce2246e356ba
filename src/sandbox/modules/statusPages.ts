import { listQuerySchema } from '../../api/schemas/common';
import { PAGE_LIMIT } from '../../api/schemas/enums';
import type { Incident, Service } from '../../api/schemas/incidents';
import { pageServices } from '../../api/answers';
import type { StatusPage } from '../../api/schemas/statusPages';
import { HttpError, notFound, queryObject, validate } from '../http';
import type { Collection } from '../collection';
import type { ModuleContext, SandboxModule } from '../module';
import { statusPagePath } from '../defaults';
import { renderIndex, renderMessage, renderPage } from '../pages/render';
import { DEFAULT_PALETTES, pageView } from '../pages/view';
import type { SandboxResponse } from '../http';
import type { Router } from '../router';
import { sanitize } from '../../text/escape';
import { displayWidth } from '../../text/width';

/** Stored status pages have no `incidents`: those are computed from the incidents on read. */
export type StoredStatusPage = StatusPage;

export const STATUS_PAGES = 'statusPages';

export function statusPages(ctx: Pick<ModuleContext, 'store'>): Collection<StoredStatusPage> {
  return ctx.store.collection<StoredStatusPage>(STATUS_PAGES);
}

/** Every service on every status page, by ID: incidents may only name these. */
export function servicesById(ctx: Pick<ModuleContext, 'store'>): Map<string, Service> {
  const services = new Map<string, Service>();
  for (const page of statusPages(ctx).values())
    for (const { service } of pageServices(page)) services.set(service.id, service);
  return services;
}

/**
 * One page of a collection for a list operation: limit 1..100 (default 20) and nextId,
 * checked with the same schema the client uses; 400 for anything else.
 */
export function listPage<T extends { id: string }>(
  collection: Collection<T>,
  query: URLSearchParams,
  options: { newestFirst?: boolean } = {},
): { length: number; entries: T[]; nextId: string | null } {
  const { limit = PAGE_LIMIT.default, nextId } = validate(listQuerySchema, queryObject(query), 'query');
  const page = collection.page({ limit, nextId, newestFirst: options.newestFirst });
  if (!page) throw new HttpError(400, `query.nextId: ${JSON.stringify(nextId)} is not the ID of an entry of this list`);
  return { length: page.entries.length, entries: page.entries, nextId: page.nextId };
}

const ACCOUNT_PLACEHOLDER = '{account}';
const created = '2026-01-15';

function service(id: string, name: string): Service {
  return { id, name, accountId: ACCOUNT_PLACEHOLDER, created_at: created, updated_at: null };
}

function card(id: string, name: string, services: Service[]) {
  return { id, name, services, created_at: created, updated_at: null };
}

function page(
  id: string,
  name: string,
  url: string,
  cards: ReturnType<typeof card>[],
  options: { isPrivate?: boolean; defaultTheme?: 'AUTO' | 'LIGHT' | 'DARK' } = {},
): StoredStatusPage {
  return {
    id,
    name,
    url,
    accountId: ACCOUNT_PLACEHOLDER,
    description: `${name}: live status of our services`,
    customDomain: null,
    logo: null,
    redirectTo: null,
    favicon: null,
    // Readable in both: dark cards with light text in the dark theme (the page's own palettes).
    themeColors: { light: { ...DEFAULT_PALETTES.light }, dark: { ...DEFAULT_PALETTES.dark } },
    defaultTheme: options.defaultTheme ?? 'AUTO',
    cards,
    isPrivate: options.isPrivate ?? false,
    keys: [],
    created_at: created,
    updated_at: null,
  };
}

/** Fixed IDs, so examples and tests can name them. */
export const SEED_SERVICES = {
  api: '0b7e6a3c-5d1f-4c2a-9e8b-1a2b3c4d5e01',
  webApp: '1c8f7b4d-5d1f-4c2a-9e8b-1a2b3c4d5e02',
  webhooks: '2d9a8c5e-5d1f-4c2a-9e8b-1a2b3c4d5e03',
  database: '3eab9d6f-5d1f-4c2a-9e8b-1a2b3c4d5e04',
  queue: '4fbcae70-5d1f-4c2a-9e8b-1a2b3c4d5e05',
  checkout: '50cdbf81-5d1f-4c2a-9e8b-1a2b3c4d5e06',
  payouts: '61dec092-5d1f-4c2a-9e8b-1a2b3c4d5e07',
} as const;

function seedPages(): StoredStatusPage[] {
  const s = SEED_SERVICES;
  return [
    page('5a0c1f0e-8d2b-4e6f-a1c3-000000000001', 'Acme Cloud', 'acme-cloud', [
      card('c4a1d2e3-0001-4f00-8a00-000000000001', 'Core platform', [
        service(s.api, 'Public API'),
        service(s.webApp, 'Web app'),
      ]),
      card('d5b2e3f4-0002-4f00-8a00-000000000002', 'Integrations', [service(s.webhooks, 'Webhooks')]),
    ]),
    page(
      '6b1d2a1f-8d2b-4e6f-a1c3-000000000002',
      'Acme Internal',
      'acme-internal',
      [
        card('e6c3f405-0003-4f00-8a00-000000000003', 'Infrastructure', [
          service(s.database, 'Primary database'),
          service(s.queue, 'Job queue'),
        ]),
      ],
      { isPrivate: true },
    ),
    page(
      '7c2e3b20-8d2b-4e6f-a1c3-000000000003',
      'Acme Payments',
      'acme-payments',
      [
        card('f7d40516-0004-4f00-8a00-000000000004', 'Payments', [
          service(s.checkout, 'Checkout'),
          service(s.payouts, 'Payouts'),
        ]),
      ],
      { defaultTheme: 'DARK' },
    ),
  ];
}

/**
 * The page as the API shows it: with its open incidents (with their updates when one page
 * is read, as the spec's status page carries them) (those that name one of its
 * services), each without its updates, as the public API's StatusPageV2IncidentServices
 * carries them. Not every incident ever made: a page's size does not grow with the account's
 * history (resolving services reads every page).
 */
function withIncidents(ctx: ModuleContext, stored: StoredStatusPage, options: { updates?: boolean } = {}): StatusPage {
  const ids = new Set(pageServices(stored).map(({ service }) => service.id));
  const open = ctx.store
    .collection<Incident>('incidents')
    .values()
    .filter((incident) => incident.lastUpdateStatus !== 'RESOLVED' && incident.services.some((svc) => ids.has(svc.id)))
    .reverse();
  const incidents = options.updates ? open : open.map(({ incidentUpdates: _updates, ...incident }) => incident);
  return { ...stored, incidents };
}

/**
 * How a page is answered: no cache (the next load shows the latest), and a policy that runs
 * no script and loads nothing but images and the page's own style, whatever got into it.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const htmlAnswer = (status: number, text: string): SandboxResponse => ({ status, text, headers: PAGE_HEADERS });

/** The public pages (private ones need a sign-in the sandbox does not have), in the API's order. */
export const publicPages = (ctx: Pick<ModuleContext, 'store'>) =>
  statusPages(ctx)
    .values()
    .filter((page) => !page.isPrivate);

/**
 * The public status pages, as their subscribers see them: /status/ lists them, /status/<url>
 * renders one (sandbox/pages/). No key: these are public; only what view.ts lets through is
 * shown. A private page answers 403, saying so, and shows nothing of itself.
 */
function pageRoutes(router: Router, ctx: ModuleContext): void {
  const own = { palettes: DEFAULT_PALETTES };
  router.get('/status', () => ({ status: 301, headers: { location: '/status/' } }), { auth: false });
  router.get('/status/', () => htmlAnswer(200, renderIndex(publicPages(ctx), own)), { auth: false });
  router.get(
    '/status/:url',
    ({ params }) => {
      const wanted = params.url!.toLowerCase();
      const page = statusPages(ctx)
        .values()
        .find((candidate) => candidate.url.toLowerCase() === wanted);
      if (!page) {
        return htmlAnswer(
          404,
          renderMessage('No such status page', `No status page has the URL "${params.url!}".`, own),
        );
      }
      if (page.isPrivate) {
        return htmlAnswer(
          403,
          renderMessage(
            'This status page is private',
            'Its viewers sign in to see it, which the sandbox cannot do: it shows private pages to nobody.',
            own,
          ),
        );
      }
      const incidents = ctx.store.collection<Incident>('incidents').values().reverse();
      return htmlAnswer(200, renderPage(pageView(page, incidents, ctx.clock.now())));
    },
    { auth: false },
  );
}

export const statusPagesModule: SandboxModule = {
  name: 'statusPages',
  seed(ctx) {
    const collection = statusPages(ctx);
    const account = ctx.options.accountId;
    for (const stored of seedPages()) {
      // The account placeholder becomes this sandbox's account ID.
      collection.put(JSON.parse(JSON.stringify(stored).replaceAll(ACCOUNT_PLACEHOLDER, account)) as StoredStatusPage);
    }
  },
  routes(router, ctx) {
    router.get('/v1/status-pages', ({ query }) => {
      const page = listPage(statusPages(ctx), query);
      return { status: 200, body: { ...page, entries: page.entries.map((entry) => withIncidents(ctx, entry)) } };
    });
    router.get('/v1/status-pages/:statusPageId', ({ params }) => {
      const stored = statusPages(ctx).get(params.statusPageId!);
      if (!stored) throw notFound(`Status page ${params.statusPageId}`);
      return { status: 200, body: withIncidents(ctx, stored, { updates: true }) };
    });
    pageRoutes(router, ctx);
  },
  banner(ctx) {
    const pages = publicPages(ctx).map((page) => ({
      name: page.name,
      url: `${ctx.baseUrl()}${statusPagePath(page.url)}`,
    }));
    const names = pages.map((page) => sanitize(page.name));
    const width = Math.max(0, ...names.map(displayWidth));
    return {
      lines: pages.length
        ? [
            'Status pages, as subscribers see them (no key needed):',
            ...pages.map((page, i) => `  ${names[i]}${' '.repeat(width - displayWidth(names[i]!))}  ${page.url}`),
            '',
          ]
        : [],
      json: { statusPages: pages },
    };
  },
};
