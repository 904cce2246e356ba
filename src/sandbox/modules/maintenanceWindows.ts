import { calendarDateOf, coversCheck, occurrenceAt } from '../../api/maintenance-rules';
import { DATE_CONSTRAINTS, MAINTENANCE_PAGE_LIMIT, type DateConstraint } from '../../api/schemas/enums';
import {
  maintenanceWindowCreateSchema,
  maintenanceWindowListQuerySchema,
  maintenanceWindowUpdateSchema,
  mergedVisibilitySchema,
  mergedWindowSchema,
  type MaintenanceWindowUpdateBody,
} from '../../api/schemas/maintenance';
import type { Collection } from '../collection';
import { HttpError, notFound, queryObject, validate } from '../http';
import type { ModuleContext, SandboxModule } from '../module';
import { statusPages } from './statusPages';
import { pageServices } from '../../api/answers';

/*
 * Maintenance windows (GET|POST /v1/maintenance-windows, GET|PUT|DELETE
 * /v1/maintenance-windows/{id}), and what they do: while a window is in force
 * (api/maintenance-rules.ts, by the sandbox clock), the checks it covers do not alert: their
 * check status reads passing (checks.ts). Their runs still find what they find.
 */

/** statusPageVisibility as stored and answered: every field, with the API's defaults (no severity until one is set). */
interface Visibility {
  enabled: boolean;
  severity?: string;
  affectAllServices: boolean;
  suppressAutoIncidents: boolean;
  notifyOnStart: boolean;
  notifyOnEnd: boolean;
  reminderMinutesBefore: number[];
  autoStart: boolean;
  autoEnd: boolean;
  showAffectedServices: boolean;
  statusPageIds: string[];
  serviceIds: string[];
}

/** A window as stored: its answer's fields (the ID as text, as collections keep them; a number in answers). */
export interface StoredWindow {
  id: string;
  name: string;
  tags: string[];
  startsAt: string;
  endsAt: string;
  repeatInterval: number | null;
  repeatUnit: string | null;
  repeatEndsAt: string | null;
  timezone: string | null;
  description: string | null;
  statusPageVisibility: Visibility;
  pauseAllChecks: boolean;
  silenceAlertsTags: string[];
  silenceAllAlerts: boolean;
  created_at: string;
  updated_at: string | null;
}

const VISIBILITY_DEFAULTS: Visibility = {
  enabled: false,
  affectAllServices: false,
  suppressAutoIncidents: false,
  notifyOnStart: false,
  notifyOnEnd: false,
  reminderMinutesBefore: [],
  autoStart: true,
  autoEnd: true,
  showAffectedServices: true,
  statusPageIds: [],
  serviceIds: [],
};

/** The API's defaults for what a create body leaves out. */
const WINDOW_DEFAULTS = {
  tags: [],
  repeatInterval: null,
  repeatEndsAt: null,
  timezone: null,
  description: null,
  pauseAllChecks: false,
  silenceAlertsTags: [],
  silenceAllAlerts: false,
};

export function maintenanceWindows(ctx: Pick<ModuleContext, 'store'>): Collection<StoredWindow> {
  return ctx.store.collection<StoredWindow>('maintenanceWindows');
}

/** The journal meta key of the last window ID given (IDs are numbers, never given twice). */
const LAST_ID_META = 'maintenanceWindows.lastId';

/** Whether a window in force now (by the sandbox clock) covers a check with these tags: it does not alert. */
export function silencedNow(ctx: Pick<ModuleContext, 'store' | 'clock'>, tags: readonly string[]): boolean {
  const now = ctx.clock.now();
  return maintenanceWindows(ctx)
    .values()
    .some((window) => coversCheck(window, tags) && occurrenceAt(window, now) !== undefined);
}

/** A window as the API answers it, in the description's order; the ID a number. */
const answerOf = (window: StoredWindow) => ({
  id: Number(window.id),
  name: window.name,
  tags: window.tags,
  startsAt: window.startsAt,
  endsAt: window.endsAt,
  repeatInterval: window.repeatInterval,
  repeatUnit: window.repeatUnit,
  repeatEndsAt: window.repeatEndsAt,
  timezone: window.timezone,
  description: window.description,
  statusPageVisibility: window.statusPageVisibility,
  pauseAllChecks: window.pauseAllChecks,
  silenceAlertsTags: window.silenceAlertsTags,
  silenceAllAlerts: window.silenceAllAlerts,
  created_at: window.created_at,
  updated_at: window.updated_at,
  // Not managed by a Checkly CLI project (the description's ProjectBindingsV1 for such a resource).
  projectBindings: { owner: null, references: [] },
});

/** An instant as the API answers it: an ISO 8601 date-time in UTC. */
const isoOf = (text: string) => new Date(Date.parse(text)).toISOString();

/** The fields an update (or a create) sets, as stored: instants in UTC, repeatEndsAt a calendar date. */
function storedFields(body: MaintenanceWindowUpdateBody): Partial<StoredWindow> {
  const { statusPageVisibility: _visibility, ...fields } = body;
  const out: Partial<StoredWindow> = { ...(fields as Partial<StoredWindow>) };
  if (body.startsAt !== undefined) out.startsAt = isoOf(body.startsAt);
  if (body.endsAt !== undefined) out.endsAt = isoOf(body.endsAt);
  if (body.repeatEndsAt) out.repeatEndsAt = calendarDateOf(body.repeatEndsAt);
  return out;
}

/** The pages and services a visible window links to must exist, each service on a linked page. */
function checkLinks(ctx: ModuleContext, visibility: Visibility): void {
  const pages = new Map(
    statusPages(ctx)
      .values()
      .map((page) => [page.id, page]),
  );
  visibility.statusPageIds.forEach((id, index) => {
    if (!pages.has(id)) {
      throw new HttpError(
        400,
        `body.statusPageVisibility.statusPageIds[${index}]: there is no status page ${JSON.stringify(id)}`,
      );
    }
  });
  const linked = new Set(
    visibility.statusPageIds.flatMap((id) => pageServices(pages.get(id)!).map(({ service }) => service.id)),
  );
  visibility.serviceIds.forEach((id, index) => {
    if (!linked.has(id)) {
      throw new HttpError(
        400,
        `body.statusPageVisibility.serviceIds[${index}]: the service ${JSON.stringify(id)} is on none of the linked status pages (statusPageIds)`,
      );
    }
  });
}

/** A filter of the list: `startsAt[gte]=2026-03-02` keeps the windows starting then or later. */
const COMPARE: Record<DateConstraint, (value: number, bound: number) => boolean> = {
  gt: (value, bound) => value > bound,
  gte: (value, bound) => value >= bound,
  lt: (value, bound) => value < bound,
  lte: (value, bound) => value <= bound,
};

function windowFor(ctx: ModuleContext, id: string): StoredWindow {
  const window = maintenanceWindows(ctx).get(id);
  if (!window) throw notFound(`Maintenance window ${id}`);
  return window;
}

export const maintenanceWindowsModule: SandboxModule = {
  name: 'maintenanceWindows',
  routes(router, ctx) {
    router.get('/v1/maintenance-windows', ({ query }) => {
      const parsed = validate(maintenanceWindowListQuerySchema, queryObject(query), 'query');
      const { page = 1, limit = MAINTENANCE_PAGE_LIMIT.default } = parsed;
      const filters = (['startsAt', 'endsAt'] as const).flatMap((field) =>
        DATE_CONSTRAINTS.flatMap((operator) => {
          const bound = parsed[`${field}[${operator}]`];
          return bound === undefined ? [] : [{ field, test: COMPARE[operator], bound: Date.parse(bound) }];
        }),
      );
      const matching = maintenanceWindows(ctx)
        .values()
        .filter((window) => filters.every(({ field, test, bound }) => test(Date.parse(window[field]), bound)))
        // Newest first.
        .reverse();
      return { status: 200, body: matching.slice((page - 1) * limit, page * limit).map(answerOf) };
    });

    router.post('/v1/maintenance-windows', (request) => {
      const body = validate(maintenanceWindowCreateSchema, request.body, 'body');
      const visibility = { ...VISIBILITY_DEFAULTS, ...body.statusPageVisibility };
      checkLinks(ctx, visibility);
      const id = (ctx.store.meta<number>(LAST_ID_META) ?? 0) + 1;
      ctx.store.setMeta(LAST_ID_META, id);
      const window = {
        ...WINDOW_DEFAULTS,
        ...storedFields(body),
        id: String(id),
        statusPageVisibility: visibility,
        created_at: new Date(ctx.clock.now()).toISOString(),
        updated_at: null,
      } as StoredWindow;
      return { status: 201, body: answerOf(maintenanceWindows(ctx).put(window)) };
    });

    router.get('/v1/maintenance-windows/:id', ({ params }) => ({
      status: 200,
      body: answerOf(windowFor(ctx, params.id!)),
    }));

    // What the body gives replaces the stored value; the rest stays (statusPageVisibility field by field).
    router.put('/v1/maintenance-windows/:id', ({ params, body: raw }) => {
      const window = windowFor(ctx, params.id!);
      const body = validate(maintenanceWindowUpdateSchema, raw, 'body');
      const changed: StoredWindow = {
        ...window,
        ...storedFields(body),
        statusPageVisibility: { ...window.statusPageVisibility, ...body.statusPageVisibility },
        updated_at: new Date(ctx.clock.now()).toISOString(),
      };
      validate(mergedWindowSchema, changed, 'body');
      validate(mergedVisibilitySchema, changed.statusPageVisibility, 'body.statusPageVisibility');
      checkLinks(ctx, changed.statusPageVisibility);
      return { status: 200, body: answerOf(maintenanceWindows(ctx).put(changed)) };
    });

    router.add({
      method: 'DELETE',
      path: '/v1/maintenance-windows/:id',
      handler: ({ params }) => {
        maintenanceWindows(ctx).delete(windowFor(ctx, params.id!).id);
        return { status: 204 };
      },
    });
  },
};
