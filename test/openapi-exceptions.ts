/**
 * Where our spec (../shared/spec/monitoring-api.md) or contract (../shared/CLI.md and its
 * issues), which mon and the sandbox's seed follow, and the public OpenAPI description
 * disagree, the spec wins (shared/reference/README.md); and where the description has a gap
 * (a schema it names and does not hold), it is filled as the README says. Each is written here
 * as a change to the description (to each of its parts that has the schema it changes), with
 * why, before the traffic check (test/openapi.ts) compiles it; test/sandbox/openapi.test.ts
 * checks that each one is still needed (without it, the same traffic would be reported).
 *
 * Not checked at all, so not listed as changes (the check reads bodies only):
 * - the account header: the description's `x-checkly-account`, the spec's (and mon's)
 *   `x-service-account`;
 * - the event and availability windows (`startTime`, `endTime` query parameters): mon sends
 *   ISO 8601 date-times, as the spec's date-time notation and CLI.md say;
 * - the maintenance-window list's `startsAt[gte]=...` filters (the description's date
 *   constraints), which take date-times too.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
}

export interface SpecWins {
  why: string;
  /** Changes the (parsed, not yet compiled) description. */
  patch(document: OpenApiDocument): void;
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

export const SPEC_WINS: SpecWins[] = [
  {
    why:
      'A check\'s created_at is a date (YYYY-MM-DD) in the spec ("created_at (date)"); the description says date-time. ' +
      "(Not a heartbeat monitor's, which the spec does not describe: its moment starts the monitor's clock.)",
    patch(document) {
      for (const [name, schema] of Object.entries(document.components.schemas)) {
        const properties = schema.properties as Schema | undefined;
        if (name.startsWith('ChecksV1') && !name.startsWith('ChecksV1HeartbeatCheck') && properties?.created_at) {
          properties.created_at = { type: 'string', format: 'date' };
        }
      }
    },
  },
  {
    why: "A heartbeat event's timestamp is a date-time in the spec (events table: timestamp | date-time); the description says date.",
    patch(document) {
      const event = document.components.schemas.HeartbeatsV1Event;
      if (event) (event.properties as Schema).timestamp = { type: 'string', format: 'date-time' };
    },
  },
  {
    why:
      'The deprecated combined create (POST /v1/checks): its body is "the fields of the DNS check body plus `type`" and the ' +
      'dependency files in the spec; the description wants `checkType` and a request of one of the other check types.',
    patch(document) {
      const create = document.components.schemas.ChecksV1CheckCreate;
      if (!create) return;
      create.required = ['name'];
      (create.properties as Schema).type = ref('ChecksV1CheckType');
      (create.properties as Schema).request = ref('ChecksV1DnsRequest');
    },
  },
  {
    why:
      "A maintenance window's startsAt, endsAt, created_at and updated_at are date-times: the description says date, but " +
      'a window opened for a deploy starts now and ends in an hour (issue 44 settles it: mon sends date-times) and the ' +
      'service answers instants. A body may still give a date (its midnight UTC).',
    patch(document) {
      const schemas = document.components.schemas;
      const dateTime: Schema = { type: 'string', format: 'date-time' };
      const window = schemas.MaintenanceWindow?.properties as Schema | undefined;
      if (window) {
        Object.assign(window, { startsAt: dateTime, endsAt: dateTime, created_at: dateTime });
        window.updated_at = { ...dateTime, nullable: true };
      }
      for (const name of ['MaintenanceWindowCreate', 'MaintenanceWindowUpdate']) {
        const body = schemas[name]?.properties as Schema | undefined;
        if (!body) continue;
        body.startsAt = body.endsAt = { anyOf: [{ type: 'string', format: 'date' }, dateTime] };
      }
    },
  },
];

/** The description's gaps: what it names and does not hold, filled as the reference's README says. */
export const DESCRIPTION_GAPS: SpecWins[] = [
  {
    why:
      "The check update's request (ChecksV1CheckUpdate, a oneOf) names three shapes the description does not hold: " +
      'ChecksV1DnsRequestPatch, ChecksV1TracerouteRequestPatch and ChecksV1GrpcRequestPatch. Left out, each accepts ' +
      "anything, so every request fits three branches and no oneOf holds. A DNS check's takes the create body's " +
      "request shape (ChecksV1DnsRequest), as the reference's README says; the traceroute and gRPC ones, whose shapes " +
      'neither the description nor mon has (mon creates neither, the sandbox has none), fit nothing.',
    patch(document) {
      const schemas = document.components.schemas;
      if (!schemas.ChecksV1CheckUpdate) return;
      schemas.ChecksV1DnsRequestPatch ??= ref('ChecksV1DnsRequest');
      schemas.ChecksV1TracerouteRequestPatch ??= { not: {} };
      schemas.ChecksV1GrpcRequestPatch ??= { not: {} };
    },
  },
];

/** Every change made to the description before it is compiled. */
export const EXCEPTIONS: SpecWins[] = [...SPEC_WINS, ...DESCRIPTION_GAPS];
