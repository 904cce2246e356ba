import { randomUUID } from 'node:crypto';
import {
  autoAssignAlertsQuerySchema,
  CHECK_LIMITS,
  checkConfigurationSchema,
  checkUpdateSchema,
  combinedCheckCreateSchema,
  DEFAULT_FREQUENCY,
  dnsCheckCreateSchema,
  dnsCheckUpdateSchema,
  type DnsCheckCreateBody,
} from '../../api/schemas/checks';
import { statusWord } from '../../api/answers';
import { checkListQuerySchema } from '../../api/schemas/checkReads';
import { CHECK_STATUSES, type CheckStatusWord } from '../../api/schemas/checkValues';
import { HttpError, notFound, queryObject, validate, type SandboxRequest } from '../http';
import type { Collection } from '../collection';
import type { ModuleContext, SandboxModule } from '../module';
import { alertChannelsOf, subscriptionsFor } from './alertChannels';
import { checkStatus, statusOverrides, type CheckStatusBody } from './checkStatuses';
import { heartbeatCheckOf, heartbeatStatusOf, updateHeartbeatCheck } from './heartbeats/checks';
import { deleteHeartbeatMonitor, monitors, type StoredHeartbeat } from './heartbeats/store';
import { silencedNow } from './maintenanceWindows';
import { servicesById } from './statusPages';

type Body = Record<string, unknown>;

/** A created check: the body as sent with the API's defaults filled in, plus what the service adds. */
export interface StoredCheck extends Body {
  id: string;
  checkType: string;
  name: string;
  alertChannelSubscriptions: { alertChannelId: number; activated: boolean }[];
  created_at: string;
  updated_at: string | null;
}

export const CHECKS = 'checks';

export function checks(ctx: Pick<ModuleContext, 'store'>): Collection<StoredCheck> {
  return ctx.store.collection<StoredCheck>(CHECKS);
}

/** The default alert settings, as the public OpenAPI description gives them (docs/API.md). */
const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};

/** The API's defaults for what a create body leaves out. */
const DEFAULTS = {
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  tags: [],
  useGlobalAlertSettings: true,
  groupId: null,
  groupOrder: null,
  runtimeId: null,
  retryStrategy: null,
  triggerIncident: null,
  runParallel: false,
  description: null,
  frequency: DEFAULT_FREQUENCY,
  degradedResponseTime: CHECK_LIMITS.defaultDegradedResponseTimeMs,
  maxResponseTime: CHECK_LIMITS.defaultMaxResponseTimeMs,
  privateLocations: null,
};

/** What a check response contains (the body's other fields are kept, not shown). */
const RESPONSE_FIELDS = [
  'id',
  'name',
  'checkType',
  'activated',
  'muted',
  'doubleCheck',
  'shouldFail',
  'locations',
  'tags',
  'alertSettings',
  'useGlobalAlertSettings',
  'groupId',
  'groupOrder',
  'runtimeId',
  'alertChannelSubscriptions',
  'retryStrategy',
  'triggerIncident',
  'runParallel',
  'description',
  'frequency',
  'frequencyOffset',
  'degradedResponseTime',
  'maxResponseTime',
  'created_at',
  'updated_at',
  'alertChannels',
  'privateLocations',
  'request',
] as const;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withAlertSettingDefaults(given: unknown): unknown {
  if (given === null) return null;
  if (!isObject(given)) return DEFAULT_ALERT_SETTINGS;
  const merged: Body = { ...DEFAULT_ALERT_SETTINGS, ...given };
  for (const key of ['runBasedEscalation', 'reminders', 'parallelRunFailureThreshold'] as const) {
    merged[key] = { ...DEFAULT_ALERT_SETTINGS[key], ...(isObject(given[key]) ? given[key] : {}) };
  }
  return merged;
}

/** What the API fills in of the nested settings a body gives (a create's; an update's when it gives them). */
const FILLED = {
  alertSettings: withAlertSettingDefaults,
  retryStrategy: (given: DnsCheckCreateBody['retryStrategy']) =>
    given ? { baseBackoffSeconds: 60, sameRegion: true, ...given } : (given ?? null),
  request: (given: DnsCheckCreateBody['request']) => ({
    ...given,
    protocol: given.protocol ?? 'UDP',
    assertions: given.assertions ?? [],
  }),
};

function checkTriggerService(ctx: ModuleContext, body: Pick<DnsCheckCreateBody, 'triggerIncident'>): void {
  const serviceId = body.triggerIncident?.serviceId;
  if (serviceId !== undefined && !servicesById(ctx).has(serviceId)) {
    throw new HttpError(
      400,
      `body.triggerIncident.serviceId: there is no service ${JSON.stringify(serviceId)} on any status page`,
    );
  }
}

function store(
  ctx: ModuleContext,
  body: DnsCheckCreateBody & Body,
  checkType: string,
  autoAssign: boolean,
  id: string = randomUUID(),
): StoredCheck {
  checkTriggerService(ctx, body);
  const now = new Date(ctx.clock.now());
  const check: StoredCheck = {
    ...DEFAULTS,
    ...body,
    alertSettings: FILLED.alertSettings(body.alertSettings),
    retryStrategy: FILLED.retryStrategy(body.retryStrategy),
    request: FILLED.request(body.request),
    id,
    checkType,
    alertChannelSubscriptions: subscriptionsFor(ctx, body, autoAssign),
    // The spec: created_at is a date, updated_at a date-time or null (never updated yet).
    created_at: now.toISOString().slice(0, 10),
    updated_at: null,
  };
  return checks(ctx).put(check);
}

/**
 * An update (PUT /v1/checks/{id}, /v1/checks/dns/{id}): what the body gives replaces the
 * stored value, the rest stays; then the rules between fields hold for the check as updated
 * (400 naming the field). Subscriptions change only as the body says (autoAssignAlerts is
 * checked, not applied); `updated_at` is now.
 */
function update(
  ctx: ModuleContext,
  check: StoredCheck,
  body: Body &
    Partial<Pick<DnsCheckCreateBody, 'alertSettings' | 'retryStrategy' | 'request' | 'alertChannelSubscriptions'>>,
  query: URLSearchParams,
): StoredCheck {
  validate(autoAssignAlertsQuerySchema, queryObject(query), 'query');
  const changed: StoredCheck = {
    ...check,
    ...body,
    ...(body.alertSettings !== undefined ? { alertSettings: FILLED.alertSettings(body.alertSettings) } : {}),
    ...(body.retryStrategy !== undefined ? { retryStrategy: FILLED.retryStrategy(body.retryStrategy) } : {}),
    ...(body.request !== undefined ? { request: FILLED.request(body.request) } : {}),
    ...(body.alertChannelSubscriptions !== undefined
      ? { alertChannelSubscriptions: subscriptionsFor(ctx, body, false) }
      : {}),
    id: check.id,
    checkType: check.checkType,
    created_at: check.created_at,
    updated_at: new Date(ctx.clock.now()).toISOString(),
  };
  validate(checkConfigurationSchema(check.checkType), changed, 'body');
  checkTriggerService(ctx, changed as Pick<DnsCheckCreateBody, 'triggerIncident'>);
  return checks(ctx).put(changed);
}

function responseOf(ctx: ModuleContext, check: StoredCheck): Body {
  const full: Body = { ...check, alertChannels: alertChannelsOf(ctx, check) };
  return Object.fromEntries(RESPONSE_FIELDS.filter((key) => full[key] !== undefined).map((key) => [key, full[key]]));
}

/**
 * The sample DNS check, passing until `mon sandbox checks fail` says otherwise: the one the
 * README's outage rehearsal fails. Its ID is fixed (as the status pages' are), so the
 * README's `mon checks get 3f2a9c` finds it in every sandbox.
 */
export const SAMPLE_DNS_CHECK = {
  id: '3f2a9c41-5d6e-4f70-8a91-000000000001',
  body: {
    name: 'Checkout DNS',
    request: {
      query: 'checkout.acme.example',
      recordType: 'A',
      nameServer: '1.1.1.1',
      assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }],
    },
    heartbeat: {},
    script: '',
    frequency: 1,
    locations: ['eu-west-1', 'us-east-1'],
    tags: ['checkout'],
  },
} as const;

/** GET /v1/checks's page size when the query has none (the public description's default). */
const API_DEFAULT_LIMIT = 10;

const DNS_BODY = dnsCheckCreateSchema();
const COMBINED_BODY = combinedCheckCreateSchema();

/**
 * A check under a maintenance window in force (maintenanceWindows.ts) does not alert: its
 * status reads passing, whatever it would be otherwise; once the window is over, it is that again.
 */
function withMaintenance(ctx: ModuleContext, tags: readonly string[], status: CheckStatusBody): CheckStatusBody {
  return silencedNow(ctx, tags) ? { ...status, hasFailures: false, hasErrors: false, isDegraded: false } : status;
}

function autoAssign(query: URLSearchParams): boolean {
  return validate(autoAssignAlertsQuerySchema, queryObject(query), 'query').autoAssignAlerts !== 'false';
}

/** A check of either store, shaped and judged only when asked (a list need not compute every status). */
interface AnyCheck {
  id: string;
  name: string;
  checkType: string;
  tags: string[];
  body: () => Record<string, unknown>;
  status: () => CheckStatusBody;
}

function created(ctx: ModuleContext, check: StoredCheck): AnyCheck {
  const tags = (check.tags as string[] | undefined) ?? [];
  return {
    id: check.id,
    name: check.name,
    checkType: check.checkType,
    tags,
    body: () => responseOf(ctx, check),
    status: () => withMaintenance(ctx, tags, checkStatus(ctx, check)),
  };
}

function heartbeat(ctx: ModuleContext, monitor: StoredHeartbeat): AnyCheck {
  const tags = monitor.tags ?? [];
  return {
    id: monitor.id,
    name: monitor.name,
    checkType: 'HEARTBEAT',
    tags,
    body: () => heartbeatCheckOf(ctx, monitor),
    status: () => withMaintenance(ctx, tags, heartbeatStatusOf(ctx, monitor)),
  };
}

/** Every check: those created here (DNS, the deprecated create) and the heartbeat monitors, by name. */
function everyCheck(ctx: ModuleContext): AnyCheck[] {
  return [
    ...checks(ctx)
      .values()
      .map((check) => created(ctx, check)),
    ...monitors(ctx)
      .values()
      .map((monitor) => heartbeat(ctx, monitor)),
  ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
}

/** The check an ID names, in either store, or 404. */
function checkFor(ctx: ModuleContext, id: string): AnyCheck {
  const check = checks(ctx).get(id);
  if (check) return created(ctx, check);
  const monitor = monitors(ctx).get(id);
  if (monitor) return heartbeat(ctx, monitor);
  throw notFound(`Check ${id}`);
}

/** GET /v1/checks's query: repeated `tag` parameters are a list. */
function listQuery(request: SandboxRequest) {
  const tags = request.query.getAll('tag');
  return validate(
    checkListQuerySchema,
    { ...queryObject(request.query), ...(tags.length ? { tag: tags } : {}) },
    'query',
  );
}

/**
 * POST /v1/checks/dns, and the deprecated POST /v1/checks (its `type` field is named as mon
 * names it, docs/API.md; 402 past --max-checks). Both validate with the schemas the client uses: 400 with
 * every problem.
 */
export const checksModule: SandboxModule = {
  name: 'checks',
  seed(ctx) {
    store(ctx, validate(DNS_BODY, SAMPLE_DNS_CHECK.body, 'body'), 'DNS', true, SAMPLE_DNS_CHECK.id);
  },
  routes(router, ctx) {
    router.post('/v1/checks/dns', (request) => {
      const assign = autoAssign(request.query);
      const body = validate(DNS_BODY, request.body, 'body');
      return { status: 201, body: responseOf(ctx, store(ctx, body, 'DNS', assign)) };
    });

    router.post('/v1/checks', (request) => {
      const assign = autoAssign(request.query);
      const { type, ...body } = validate(COMBINED_BODY, request.body, 'body');
      const limit = ctx.options.maxChecks;
      if (limit !== undefined && checks(ctx).size >= limit) {
        throw new HttpError(
          402,
          `Your plan allows ${limit} check${limit === 1 ? '' : 's'} and the account has ${checks(ctx).size}: upgrade the plan or delete checks to create more`,
        );
      }
      return { status: 201, body: responseOf(ctx, store(ctx, body, type, assign)) };
    });

    router.get('/v1/checks', (request) => {
      const { page = 1, limit = API_DEFAULT_LIMIT, checkType, tag, search, status } = listQuery(request);
      const needle = search?.toLowerCase();
      const matching = everyCheck(ctx).filter(
        (check) =>
          (!checkType || check.checkType === checkType) &&
          (!tag || check.tags.some((own) => tag.includes(own))) &&
          (!needle || check.name.toLowerCase().includes(needle)) &&
          (!status || statusWord(check.status()) === status),
      );
      return { status: 200, body: matching.slice((page - 1) * limit, page * limit).map((check) => check.body()) };
    });

    router.get('/v1/checks/:id', ({ params }) => ({ status: 200, body: checkFor(ctx, params.id!).body() }));

    // Any check's update; a heartbeat monitor's ID is updated as PUT /v1/checks/heartbeat/{id} does.
    router.put('/v1/checks/:id', (request) => {
      const id = request.params.id!;
      const check = checks(ctx).get(id);
      if (check) {
        const body = validate(checkUpdateSchema, request.body, 'body');
        return { status: 200, body: responseOf(ctx, update(ctx, check, body, request.query)) };
      }
      const monitor = monitors(ctx).get(id);
      if (!monitor) throw notFound(`Check ${id}`);
      return { status: 200, body: heartbeatCheckOf(ctx, updateHeartbeatCheck(ctx, monitor, request)) };
    });

    router.put('/v1/checks/dns/:id', (request) => {
      const check = checks(ctx).get(request.params.id!);
      if (!check || check.checkType !== 'DNS') throw notFound(`DNS check ${request.params.id}`);
      // What the service decides may come back in the body: it stays as it is.
      const {
        id: _id,
        created_at: _created,
        updated_at: _updated,
        alertChannels: _channels,
        checkType: _type,
        ...body
      } = validate(dnsCheckUpdateSchema, request.body, 'body');
      return { status: 200, body: responseOf(ctx, update(ctx, check, body, request.query)) };
    });

    router.add({
      method: 'DELETE',
      path: '/v1/checks/:id',
      handler: ({ params }) => {
        const check = checkFor(ctx, params.id!);
        if (check.checkType === 'HEARTBEAT') deleteHeartbeatMonitor(ctx, check.id);
        else {
          statusOverrides(ctx).delete(check.id);
          checks(ctx).delete(check.id);
        }
        return { status: 204 };
      },
    });

    router.get('/v1/check-statuses', () => ({
      status: 200,
      body: everyCheck(ctx).map((check) => check.status()),
    }));

    router.get('/v1/check-statuses/:checkId', ({ params }) => ({
      status: 200,
      body: checkFor(ctx, params.checkId!).status(),
    }));

    // The sandbox's control (an admin route, like the clock): `mon sandbox checks fail|degrade|pass`.
    router.post('/__sandbox/checks/:checkId/status', ({ params, body }) => {
      const check = checkFor(ctx, params.checkId!);
      const status = (body as { status?: unknown } | undefined)?.status;
      if (!CHECK_STATUSES.includes(status as CheckStatusWord)) {
        throw new HttpError(400, `body.status must be one of ${CHECK_STATUSES.join(', ')}`);
      }
      if (check.checkType === 'HEARTBEAT') {
        throw new HttpError(
          400,
          "A heartbeat's status follows its pings: ping it, or move the sandbox clock past its period and grace",
        );
      }
      statusOverrides(ctx).put({
        id: check.id,
        status: status as CheckStatusWord,
        since: new Date(ctx.clock.now()).toISOString(),
      });
      // The status as rehearsed: a maintenance window in force keeps GET /v1/check-statuses passing meanwhile.
      return { status: 200, body: checkStatus(ctx, checks(ctx).get(check.id)!) };
    });
  },
  banner(ctx) {
    const limit = ctx.options.maxChecks;
    if (limit === undefined) return { lines: [], json: {} };
    return {
      lines: [`  Max checks:  ${limit} (the deprecated \`checks create\` answers 402 past it)`],
      json: { maxChecks: limit },
    };
  },
};
