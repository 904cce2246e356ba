import { z } from 'zod';
import {
  getIncidentUpdate,
  postIncidentUpdate,
  postIncidentUpdateRequest,
  putIncidentUpdate,
  putIncidentUpdateRequest,
} from '../../api/resources/incidents';
import { pathIdSchema } from '../../api/schemas/common';
import { incidentUpdateBodySchema, type IncidentUpdate, type IncidentUpdateBody } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { UsageError } from '../../errors';
import { printJson, renderDetails } from '../../output/render';
import { sanitize } from '../../text/escape';
import { printDryRun } from '../../core/dry-run';
import { parseOptions } from '../../core/flags/parse';
import { colorStatus, whenDisplay } from './columns';
import {
  FLAG_NAMES,
  dateOption,
  done,
  messageOption,
  missingFlags,
  notifiedText,
  printOutcome,
  promptMessage,
  statusOption,
} from './shared';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

function updateOptionsSchema(now: number) {
  return z.object({
    incidentId: pathIdSchema,
    message: messageOption.optional(),
    status: statusOption.optional(),
    notify: z.boolean().optional(),
    date: dateOption(now).optional(),
    dryRun: z.boolean().optional(),
  });
}

/** `updates create`: POST .../incident-updates, one to one (no --status: the server keeps the incident's). */
export async function createUpdateRun(
  ctx: UpdatesCtx,
  raw: Record<string, unknown>,
  incidentId: unknown,
): Promise<void> {
  const options = parseOptions(updateOptionsSchema(ctx.now()), { ...raw, incidentId }, FLAG_NAMES);
  if (options.message === undefined && !ctx.io.canPrompt()) {
    throw missingFlags(
      ['--message'],
      `mon incidents updates create ${options.incidentId} --message "We found the cause."`,
    );
  }
  const description = options.message ?? (await promptMessage(ctx));
  const body: IncidentUpdateBody = parseOptions(
    incidentUpdateBodySchema,
    {
      description,
      ...(options.status ? { status: options.status } : {}),
      notifySubscribers: options.notify ?? false,
      ...(options.date ? { publicIncidentUpdateDate: options.date } : {}),
    },
    FLAG_NAMES,
  );
  if (options.dryRun) return printDryRun(ctx, postIncidentUpdateRequest(options.incidentId, body));

  const { update, raw: response } = await postIncidentUpdate(await ctx.api(), options.incidentId, body);
  const style = ctx.io.errStyle;
  ctx.io.err(
    `${done(ctx)} Posted update ${sanitize(update.id)} to incident ${sanitize(options.incidentId)}: ` +
      `${colorStatus(style, update.status ?? '—')}. ${notifiedText(update.notifySubscribers ?? body.notifySubscribers)}\n`,
  );
  printOutcome(ctx, update.id, response);
}

export async function getUpdateRun(
  ctx: UpdatesCtx,
  _options: unknown,
  incidentId: unknown,
  updateId: unknown,
): Promise<void> {
  const ids = parseOptions(
    z.object({ incidentId: pathIdSchema, updateId: pathIdSchema }),
    { incidentId, updateId },
    FLAG_NAMES,
  );
  const { update, raw } = await getIncidentUpdate(await ctx.api(), ids.incidentId, ids.updateId);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  renderUpdate(ctx, ids.incidentId, update);
}

function renderUpdate(ctx: Pick<Ctx, 'io' | 'now'>, incidentId: string, update: IncidentUpdate): void {
  const { io } = ctx;
  renderDetails(io, [
    { label: 'Update', key: 'id', value: update.id },
    { label: 'Incident', key: 'incidentId', value: incidentId },
    {
      label: 'Status',
      key: 'status',
      value: update.status,
      color: (text) => colorStatus(io.style, update.status, text),
    },
    {
      label: 'Published',
      key: 'publicIncidentUpdateDate',
      value: update.publicIncidentUpdateDate,
      display: whenDisplay(update.publicIncidentUpdateDate, ctx.now()),
    },
    {
      label: 'Notified',
      key: 'notifySubscribers',
      value: update.notifySubscribers ?? false,
      display: update.notifySubscribers ? 'yes, subscribers were notified' : 'no',
    },
    { label: 'Created', key: 'created_at', value: update.created_at },
  ]);
  if (io.stdoutIsTTY) {
    io.out(`\n${sanitize(update.description, { newlines: true })}\n`);
  } else {
    io.out(`description\t${sanitize(update.description)}\n`);
  }
}

/**
 * `updates edit`: PUT .../incident-updates/{id}. The API needs the description in every
 * PUT, so the current update is read first and what was not given is sent unchanged.
 */
export async function editUpdateRun(
  ctx: UpdatesCtx,
  raw: Record<string, unknown>,
  incidentId: unknown,
  updateId: unknown,
): Promise<void> {
  const options = parseOptions(
    updateOptionsSchema(ctx.now()).extend({ updateId: pathIdSchema }),
    { ...raw, incidentId, updateId },
    FLAG_NAMES,
  );
  const changes = {
    ...(options.message !== undefined ? { description: options.message } : {}),
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.notify !== undefined ? { notifySubscribers: options.notify } : {}),
    ...(options.date !== undefined ? { publicIncidentUpdateDate: options.date } : {}),
  };
  if (!Object.keys(changes).length) {
    throw new UsageError(
      'Nothing to change: give --message, --status, --notify/--no-notify or --date.',
      `For example: mon incidents updates edit ${options.incidentId} ${options.updateId} --message "Corrected text"`,
    );
  }
  const client = await ctx.api();
  const { update: current } = await getIncidentUpdate(client, options.incidentId, options.updateId);
  const merged = {
    description: current.description,
    ...(current.status ? { status: current.status } : {}),
    ...(current.publicIncidentUpdateDate ? { publicIncidentUpdateDate: current.publicIncidentUpdateDate } : {}),
    ...(current.notifySubscribers !== undefined ? { notifySubscribers: current.notifySubscribers } : {}),
    ...changes,
  };
  const body = parseOptions(incidentUpdateBodySchema, merged, FLAG_NAMES);
  if (options.dryRun) return printDryRun(ctx, putIncidentUpdateRequest(options.incidentId, options.updateId, body));

  const { update, raw: response } = await putIncidentUpdate(client, options.incidentId, options.updateId, body);
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (update.description !== current.description) parts.push('message replaced');
  if (update.status !== current.status)
    parts.push(`status ${colorStatus(style, current.status ?? '—')} → ${colorStatus(style, update.status ?? '—')}`);
  if (update.publicIncidentUpdateDate !== current.publicIncidentUpdateDate)
    parts.push(`published at ${update.publicIncidentUpdateDate ?? '—'}`);
  if (update.notifySubscribers !== current.notifySubscribers)
    parts.push(`notifySubscribers ${String(update.notifySubscribers ?? false)}`);
  ctx.io.err(
    `${done(ctx)} Edited update ${sanitize(update.id)} of incident ${sanitize(options.incidentId)}: ` +
      `${parts.length ? parts.join('; ') : 'nothing was different'}.\n`,
  );
  printOutcome(ctx, update.id, response);
}
