import { constants } from 'node:os';
import type { ApiClient } from '../../api/client';
import { triggerCheckSessions } from '../../api/resources/checkSessions';
import { createIncident, createIncidentRequest } from '../../api/resources/incidents';
import { createMaintenanceWindow, createMaintenanceWindowRequest } from '../../api/resources/maintenance';
import { serviceDirectory } from '../../api/resources/statusPages';
import { incidentCreateBodySchema, type IncidentCreateBody } from '../../api/schemas/incidents';
import { maintenanceWindowCreateSchema, type MaintenanceWindowCreateBody } from '../../api/schemas/maintenance';
import { awaitSessions, completionWaitSeconds, tagsTarget } from '../../core/check-runs';
import { monWord, type Ctx } from '../../core/context';
import { checkBody } from '../../core/flags/parse';
import type { Input } from '../../core/flags/spec';
import { fillTemplate, namedTemplate, templateStatus, templateValues } from '../../core/templates';
import { sleep } from '../../core/watch';
import { runWrite, type WriteCtx } from '../../core/write';
import { CliError, ExitStatus, UsageError } from '../../errors';
import { showOutcome } from '../../output/present';
import { sayNote, saySuccess, sayWarning } from '../../output/say';
import { sanitize } from '../../text/escape';
import { shellQuote } from '../../text/shell';
import { humanDuration } from '../../text/time';
import { exitCodeOf, runJob, type JobSystem } from '../heartbeats/shared/job';
import { hostJobSystem } from '../heartbeats/shared/launch';
import { resolveServices } from '../incidents/shared/services';
import { apiWhere, newRunId, notePending, readRuns, RunJournal } from './shared/journal';
import { restoreRun } from './shared/restore';
import { MAINTENANCE_INCIDENT, RUN, WINDOW_FOR } from './spec';

type RunCtx = WriteCtx & Pick<Ctx, 'config' | 'settings'> & { jobs?: JobSystem };

/** The signals mon stands in for while a run is open: it ends what it opened, then exits 128 + the signal's number. */
const TRAPPED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How long --until-healthy waits between two rounds of check runs. */
const ROUND_MS = 10_000;

/**
 * `mon maintenance run -- COMMAND`: a maintenance window (and an incident), the command, perhaps
 * a wait until the tagged checks pass, then the window ended and the incident resolved on every
 * way out, each step journalled first (shared/journal.ts).
 */
export async function maintenanceRunRun(ctx: RunCtx, { flags, args }: Input<typeof RUN>): Promise<void> {
  const words = args.command ?? [];
  const tags = flags.tag ?? [];
  if (!words.length)
    throw new UsageError(
      'COMMAND is required: the command to run during the maintenance, after --.',
      'For example: mon maintenance run --tag checkout -- ./deploy.sh',
    );
  const forMs = flags.for ?? WINDOW_FOR.defaultMs;
  if (forMs > WINDOW_FOR.maxMs) throw new UsageError(`--for must be at most ${WINDOW_FOR.max}.`);
  if (flags.template !== undefined && !flags.service?.length)
    throw new UsageError('--template needs --service: the services its incident is on.');
  for (const [flag, given] of [
    ['--service', flags.service?.length],
    ['--name', flags.name !== undefined],
    ['--severity', flags.severity !== undefined],
  ] as const)
    if (given && flags.template === undefined)
      throw new UsageError(`${flag} goes with --template: it describes the incident a run opens with a template.`);
  const incident = {
    name: flags.name ?? MAINTENANCE_INCIDENT.name,
    severity: flags.severity ?? MAINTENANCE_INCIDENT.severity,
  };
  if (flags.untilHealthy && !tags.length)
    throw new UsageError('--until-healthy needs --tag: the checks to run until they pass.');
  const template = flags.template === undefined ? undefined : namedTemplate(ctx, flags.template);
  const mon = monWord(ctx);
  notePending(ctx, mon);

  const [command, ...rest] = words as [string, ...string[]];
  const shown = words.map(shellQuote).join(' ');
  const client = await ctx.api();
  const services = template && resolveServices(await serviceDirectory(client), flags.service!);
  const runId = newRunId();
  const windowName = `mon maintenance run ${runId}: ${shown}`.slice(0, 200);
  const scope = tags.length ? `the checks tagged ${tags.join(' or ')}` : 'every check';
  const windowBody = (now: number): MaintenanceWindowCreateBody =>
    checkBody(
      maintenanceWindowCreateSchema,
      {
        name: windowName,
        ...(tags.length ? { tags } : { silenceAllAlerts: true }),
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + forMs).toISOString(),
        repeatUnit: 'DAY',
        repeatInterval: null,
      },
      RUN,
    );
  const incidentBody: IncidentCreateBody | undefined =
    template &&
    services &&
    checkBody(
      incidentCreateBodySchema,
      {
        ...incident,
        services,
        incidentUpdates: [
          {
            description: fillTemplate(
              template.message,
              templateValues({ ...incident, services }, templateStatus(template) ?? 'IDENTIFIED'),
            ),
            status: templateStatus(template) ?? 'IDENTIFIED',
            notifySubscribers: false,
          },
        ],
      },
      RUN,
    );
  const changes = [
    `A maintenance window for ${scope}, from when it starts for ${humanDuration(forMs / 1000)}`,
    ...(incidentBody
      ? [
          `An incident "${incident.name}" (${incident.severity}) on ${incidentBody.services.map((service) => service.name).join(', ')} (${incidentBody.incidentUpdates[0]!.status})`,
        ]
      : []),
    `Then runs: ${shown}`,
    ...(flags.untilHealthy ? [`Then runs ${scope} until they pass`] : []),
    `Then ends the window${incidentBody ? ' and resolves the incident' : ''}, however the command ends`,
  ];

  await runWrite(ctx, {
    answers: changes,
    plan: () => ({
      changes,
      requests: [
        createMaintenanceWindowRequest(windowBody(client.now())),
        ...(incidentBody ? [createIncidentRequest(incidentBody)] : []),
      ],
      confirm: { title: 'About to run:', lines: changes.map((change) => ['', change]), question: 'Go ahead?' },
      send: async () => {
        const where = await apiWhere(ctx);
        await orchestrate(ctx, client, {
          runId,
          where,
          command,
          rest,
          shown,
          windowName,
          windowBody,
          incidentBody,
          tags,
          untilHealthy: flags.untilHealthy ?? false,
          timeoutMs: flags.timeout,
          mon,
        });
      },
    }),
  });
}

interface Orchestration {
  runId: string;
  where: string;
  command: string;
  rest: string[];
  shown: string;
  windowName: string;
  windowBody: (now: number) => MaintenanceWindowCreateBody;
  incidentBody?: IncidentCreateBody;
  tags: string[];
  untilHealthy: boolean;
  timeoutMs?: number;
  mon: string;
}

/** The run itself: every step journalled before it is taken, and the restore on every way out. */
async function orchestrate(ctx: RunCtx, client: ApiClient, run: Orchestration): Promise<void> {
  const { io } = ctx;
  const system = ctx.jobs ?? hostJobSystem();
  const { signals } = system;
  const stop = new AbortController();
  let received: NodeJS.Signals | undefined;
  // mon's own handlers (which would cancel it at once) are set aside: it ends what it opened first.
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      sayNote(
        io,
        `${signal}: ending the maintenance first (kill -9 would leave it to \`${run.mon} maintenance recover\`).`,
        'mon:',
      );
      return;
    }
    received = signal;
    stop.abort();
  };
  const saved = TRAPPED.map((signal) => ({
    signal,
    listeners: signals.listeners(signal) as ((s: NodeJS.Signals) => void)[],
  }));
  for (const { signal, listeners } of saved) {
    signals.on(signal, onSignal);
    for (const listener of listeners) signals.off(signal, listener);
  }
  const deadline = run.timeoutMs === undefined ? Number.POSITIVE_INFINITY : ctx.now() + run.timeoutMs;
  const journal = RunJournal.begin(
    ctx.env,
    {
      runId: run.runId,
      where: run.where,
      command: run.shown,
      windowName: run.windowName,
      ...(run.incidentBody ? { incidentName: run.incidentBody.name } : {}),
    },
    ctx.now(),
  );
  const at = () => new Date(ctx.now()).toISOString();
  let opened: { window: unknown; incident?: unknown } | undefined;
  let code: number | undefined;
  let killedBy: NodeJS.Signals | null = null;
  let timedOut = false;
  let healthy: 'healthy' | 'timeout' | 'stopped' | undefined;
  let failure: unknown;
  try {
    journal.step({ step: 'window-opening', at: at() });
    const { window, raw } = await createMaintenanceWindow(client, run.windowBody(client.now()));
    journal.step({ step: 'window-opened', windowId: window.id, startsAt: window.startsAt, at: at() });
    opened = { window: raw };
    saySuccess(
      io,
      `Maintenance window ${window.id} opened: ${run.tags.length ? `checks tagged ${sanitize(run.tags.join(' or '))}` : 'every check'} will not alert until it ends (at ${sanitize(window.endsAt)} at the latest).`,
    );
    if (run.incidentBody) {
      journal.step({ step: 'incident-opening', at: at() });
      const { incident, raw: incidentRaw } = await createIncident(client, run.incidentBody);
      journal.step({ step: 'incident-opened', incidentId: incident.id, at: at() });
      opened.incident = incidentRaw;
      saySuccess(io, `Opened incident "${sanitize(incident.name)}" (${sanitize(incident.id)}).`);
    }
    if (!received) {
      const outcome = await runJob(
        run.command,
        run.rest,
        ctx.env,
        {
          ...(run.timeoutMs !== undefined ? { maxRuntimeMs: Math.max(1, deadline - ctx.now()) } : {}),
          onSignal: (signal) => {
            received ??= signal;
            stop.abort();
          },
          onNote: (text) => sayNote(io, text, 'mon:'),
          consequence: 'the maintenance is ended',
        },
        system,
      );
      timedOut = Boolean(outcome.timedOut);
      code = exitCodeOf(outcome);
      killedBy = outcome.signal;
      if (code === 0 && run.untilHealthy && !received && !timedOut)
        healthy = await waitHealthy(ctx, client, run.tags, deadline, stop.signal);
    }
  } catch (error) {
    failure = error;
  }

  // The restore, whatever happened above: from the journal, as `maintenance recover` does it.
  try {
    const record = readRuns(ctx.env).find((found) => found.runId === run.runId);
    const done = record ? await restoreRun(client, record, journal) : [];
    for (const line of done) saySuccess(io, `Maintenance over: ${sanitize(line)}.`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      'failure',
      `The maintenance could not be ended: ${reason}`,
      `Its journal keeps what is open: run \`${run.mon} maintenance recover\` once the API answers.`,
    );
  } finally {
    for (const { signal, listeners } of saved) {
      for (const listener of listeners) signals.on(signal, listener);
      signals.off(signal, onSignal);
    }
  }
  if (opened) await showOutcome(ctx, { json: { ...opened, exitCode: code ?? null } });
  if (failure) throw failure;
  if (received) {
    sayNote(io, `Stopped by ${received}; the maintenance was ended.`, 'mon:');
    throw new ExitStatus(128 + (constants.signals[received] ?? 0));
  }
  if (timedOut || healthy === 'timeout')
    throw new CliError(
      'job-timeout',
      timedOut
        ? `${sanitize(run.shown)} ran longer than --timeout ${humanDuration(run.timeoutMs! / 1000)} and was stopped (SIGTERM, then SIGKILL); the maintenance was ended.`
        : `--timeout ${humanDuration(run.timeoutMs! / 1000)} ran out before the checks passed; the maintenance was ended.`,
    );
  if (code !== undefined && code !== 0) {
    const how = killedBy ? `was stopped by ${killedBy}` : `exited with code ${code}`;
    sayNote(io, `${sanitize(run.shown)} ${how}; the maintenance was ended.`, 'mon:');
    throw new ExitStatus(code);
  }
}

/** --until-healthy: the tagged checks run (a session each) until every one passes, every ROUND_MS. */
async function waitHealthy(
  ctx: RunCtx,
  client: ApiClient,
  tags: string[],
  deadline: number,
  stop: AbortSignal,
): Promise<'healthy' | 'timeout' | 'stopped'> {
  const { io } = ctx;
  const maxWaitSeconds = completionWaitSeconds((await ctx.settings()).timeoutMs.value);
  const stopped = new Promise<undefined>((resolve) =>
    stop.addEventListener('abort', () => resolve(undefined), { once: true }),
  );
  for (;;) {
    if (stop.aborted) return 'stopped';
    if (ctx.now() >= deadline) return 'timeout';
    let sessions;
    try {
      ({ sessions } = await triggerCheckSessions(client, { target: tagsTarget(tags) }));
    } catch (error) {
      if (!(error instanceof CliError && error.kind === 'not-found')) throw error;
      sayWarning(io, `No check with the tags ${sanitize(tags.join(' or '))} can be run: there is nothing to wait for.`);
      return 'healthy';
    }
    const runs = await Promise.race([
      awaitSessions(client, sessions, { now: ctx.now, deadline, maxWaitSeconds }),
      stopped,
    ]);
    if (!runs) return 'stopped';
    const failing = [...runs.finished.filter((found) => found.failed).map((found) => found.session), ...runs.running];
    if (!failing.length) {
      saySuccess(io, `The checks tagged ${sanitize(tags.join(' or '))} pass (${runs.finished.length} run now).`);
      return 'healthy';
    }
    const names = failing.map((session) => `"${sanitize(session.name ?? session.checkId)}"`).join(', ');
    sayNote(io, `Not passing yet: ${names}; running them again in ${ROUND_MS / 1000}s.`, 'mon:');
    if (!(await sleep(Math.max(0, Math.min(ROUND_MS, deadline - ctx.now())), stop))) return 'stopped';
  }
}
