import { FileTooLargeError, NotAFileError, readOwnFile } from '../../../config/files';
import { resolve } from 'node:path';
import { heartbeatMonitorSchema, type HeartbeatMonitor } from '../../../api/schemas/heartbeats';
import { UsageError } from '../../../errors';
import { formatPath } from '../../../text/path';
import type { ModuleContext } from '../../module';
import { addHeartbeatMonitor, monitors, recordPing } from './store';
import { errorWords } from '../../../text/codes';
import { SEED_FILE_MAX_BYTES } from '../../limits';

/** Sample monitors with a history: a daily job with one run in its grace time, an hourly one that missed a run, a busy worker. */
const SAMPLES: {
  config: HeartbeatMonitor;
  createdMinutesAgo: number;
  pingMinutesAgo: number[];
  userAgent: string;
  source: string;
}[] = [
  {
    config: {
      name: 'Nightly backup',
      period: 1,
      periodUnit: 'days',
      grace: 1,
      graceUnit: 'hours',
      description: 'pg_dump of the primary database to object storage',
    },
    createdMinutesAgo: 7 * 1440 + 30,
    pingMinutesAgo: [7 * 1440, 6 * 1440, 5 * 1440, 4 * 1440 - 40, 3 * 1440 - 20, 2 * 1440 - 20, 1440 - 20],
    userAgent: 'Wget/1.21.4',
    source: '10.0.2.8',
  },
  {
    config: { name: 'Hourly report', period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' },
    createdMinutesAgo: 25 * 60,
    pingMinutesAgo: Array.from({ length: 25 }, (_, i) => (25 - i) * 60 - 20)
      .filter((minutes) => minutes !== 10 * 60 - 20)
      .map((minutes) => (minutes === 16 * 60 - 20 ? minutes - 3 : minutes)),
    userAgent: 'curl/8.5.0',
    source: '10.0.3.21',
  },
  {
    config: { name: 'Queue worker', period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' },
    createdMinutesAgo: 120,
    pingMinutesAgo: Array.from({ length: 24 }, (_, i) => 116 - i * 5),
    userAgent: 'python-requests/2.32.3',
    source: '10.0.4.17',
  },
];

/** `--seed FILE`: a JSON array of heartbeat monitor configurations; a monitor with the same name is updated, not added again. */
export function loadSeedFile(ctx: ModuleContext, file: string): void {
  const path = resolve(file);
  const shape =
    'Each entry is an object with name, period, periodUnit, grace and graceUnit (units: seconds, minutes, hours, days), and optionally description, activated, muted, tags.';
  const fail = (problem: string, hint = shape) => new UsageError(`--seed ${file}: ${problem}`, hint);
  let entries: unknown;
  try {
    const text = readOwnFile(path, SEED_FILE_MAX_BYTES);
    if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    entries = JSON.parse(text);
  } catch (error) {
    if (error instanceof NotAFileError) throw fail(`is ${error.kind}, not a regular file.`, 'Pass a JSON file.');
    if (error instanceof FileTooLargeError) {
      throw fail(`is larger than ${SEED_FILE_MAX_BYTES / 1024 / 1024} MiB, the most the sandbox reads of one.`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code)
      throw fail(
        `cannot read the file (${errorWords(error, code)}).`,
        `Check the path (relative paths start at ${process.cwd()}).`,
      );
    throw fail(`is not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(entries)) throw fail('must hold a JSON array of heartbeat monitors.');
  const problems: string[] = [];
  const configs: HeartbeatMonitor[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const name =
      typeof (entry as { name?: unknown })?.name === 'string' ? ` ("${(entry as { name: string }).name}")` : '';
    const result = heartbeatMonitorSchema.safeParse(entry);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const what =
          issue.code === 'unrecognized_keys'
            ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
            : [formatPath(issue.path), issue.message].filter(Boolean).join(' ');
        problems.push(`entry ${index + 1}${name}: ${what}`);
      }
      return;
    }
    const first = seen.get(result.data.name);
    if (first !== undefined) problems.push(`entry ${index + 1}${name}: has the same name as entry ${first}`);
    seen.set(result.data.name, index + 1);
    configs.push(result.data);
  });
  if (problems.length)
    throw fail(
      problems.length === 1
        ? `${problems[0]}.`
        : `${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  const byName = new Map(
    monitors(ctx)
      .values()
      .map((monitor) => [monitor.name, monitor]),
  );
  for (const config of configs) {
    const existing = byName.get(config.name);
    if (existing)
      monitors(ctx).put({ ...config, id: existing.id, pingToken: existing.pingToken, created_at: existing.created_at });
    else addHeartbeatMonitor(ctx, config);
  }
}

export function describeEvery(monitor: HeartbeatMonitor): string {
  const unit = (amount: number, name: string) => `${amount} ${amount === 1 ? name.replace(/s$/, '') : name}`;
  return `every ${unit(monitor.period, monitor.periodUnit)}, grace ${unit(monitor.grace, monitor.graceUnit)}`;
}

/** The sample monitors and their history, added once per data file. */
export function seedSamples(ctx: Pick<ModuleContext, 'store' | 'clock'>): void {
  const now = ctx.clock.now();
  for (const sample of SAMPLES) {
    const monitor = addHeartbeatMonitor(ctx, sample.config, now - sample.createdMinutesAgo * 60_000);
    for (const minutesAgo of sample.pingMinutesAgo) {
      recordPing(ctx, monitor, now - minutesAgo * 60_000, { source: sample.source, userAgent: sample.userAgent });
    }
  }
}
