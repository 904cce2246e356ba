import { getIncidentUpdate, putIncidentUpdate, putIncidentUpdateRequest } from '../../../api/resources/incidents';
import type { IncidentStatus } from '../../../api/schemas/enums';
import {
  incidentUpdateBodySchema,
  type Incident,
  type IncidentUpdate,
  type IncidentUpdateBody,
} from '../../../api/schemas/incidents';
import { askAndConfirm } from '../../../core/confirm';
import type { Ctx } from '../../../core/context';
import { printDryRun } from '../../../core/dry-run';
import { checkBody } from '../../../core/flags/parse';
import { askChoice, askYesNo } from '../../../core/flags/prompt';
import type { Input } from '../../../core/flags/spec';
import { templateStatus, templateValues } from '../../../core/templates';
import { colorValue, saySuccess } from '../../../output/say';
import { printOutcome } from '../shared/outcome';
import { UsageError } from '../../../errors';
import { sanitize } from '../../../text/escape';
import { namedIncident, updateTarget } from '../shared/picker';
import { UPDATES_EDIT } from '../spec';
import { resolveMessage, type ResolvedMessage } from '../shared/message';
import { incidentLines } from '../shared/summary';

type UpdatesCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now' | 'config' | 'env'>;

/**
 * `updates edit`: PUT .../incident-updates/{id}. The API needs the description in every
 * PUT, so the current update is read first and what was not given is sent unchanged. On a
 * terminal without flags, the pickers (when the IDs are left out), then the message (the
 * current one in the input, to edit), the status and notify, each with its current value.
 */
export async function editUpdateRun(ctx: UpdatesCtx, { flags, args }: Input<typeof UPDATES_EDIT>): Promise<void> {
  const changes = {
    ...(flags.message !== undefined ? { description: flags.message } : {}),
    ...(flags.status !== undefined ? { status: flags.status } : {}),
    ...(flags.notify !== undefined ? { notifySubscribers: flags.notify } : {}),
    ...(flags.date !== undefined ? { publicIncidentUpdateDate: flags.date.toISOString() } : {}),
  };
  const example = `incidents updates edit ${args.incidentId ?? 'INCIDENT_ID'} ${args.updateId ?? 'UPDATE_ID'} --message "Corrected text"`;
  const asking = !Object.keys(changes).length;
  if (asking && !ctx.io.canPrompt()) {
    throw new UsageError(
      'Nothing to change: give --message, --status, --notify/--no-notify or --date.',
      (next) => `For example: ${next(example)}`,
    );
  }
  const client = await ctx.api();

  interface Answers {
    incidentId: string;
    updateId: string;
    picked: boolean;
    incident?: Incident;
    current: IncidentUpdate;
    body: IncidentUpdateBody;
    message?: ResolvedMessage;
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => {
    const target = await updateTarget(ctx, client, args, example, previous);
    const { incidentId, updateId } = target;
    // Shown by name and ID in the confirmation: read when prompted and not read yet.
    const incident =
      target.incident ?? (asking || target.picked ? (await namedIncident(client, incidentId)).incident : undefined);
    const { update: current } = await getIncidentUpdate(client, incidentId, updateId);
    const kept = {
      description: current.description,
      ...(current.status ? { status: current.status } : {}),
      ...(current.publicIncidentUpdateDate ? { publicIncidentUpdateDate: current.publicIncidentUpdateDate } : {}),
      ...(current.notifySubscribers !== undefined ? { notifySubscribers: current.notifySubscribers } : {}),
    };
    if (!asking) {
      const body = checkBody(incidentUpdateBodySchema, { ...kept, ...changes }, UPDATES_EDIT);
      return { ...target, incident, current, body };
    }
    // The same update again (an edit round): its answers are in the questions.
    const before = previous?.updateId === updateId ? previous : undefined;
    const status = current.status as IncidentStatus | undefined;
    const message = await resolveMessage(ctx, {}, UPDATES_EDIT.flags.message, {
      values: (template) => templateValues(incident, templateStatus(template) ?? status ?? incident!.lastUpdateStatus),
      default: before?.message?.text ?? current.description,
      template: before?.message?.template,
    });
    const sameTemplate = message.template?.name === before?.message?.template?.name;
    const newStatus = await askChoice(ctx, UPDATES_EDIT.flags.status, {
      current: status,
      preselected:
        (sameTemplate ? (before?.body.status as IncidentStatus | undefined) : undefined) ??
        templateStatus(message.template),
    });
    const notify = await askYesNo(ctx, UPDATES_EDIT.flags.notify, {
      default: before?.body.notifySubscribers ?? current.notifySubscribers ?? false,
    });
    const body = checkBody(
      incidentUpdateBodySchema,
      { ...kept, description: message.text, status: newStatus, notifySubscribers: notify },
      UPDATES_EDIT,
    );
    return { ...target, incident, current, body, message };
  };
  const { incidentId, updateId, current, body } = await askAndConfirm(ctx, ask, (answers) => ({
    prompted: asking || answers.picked,
    yes: flags.yes,
    dryRun: flags.dryRun,
    title: 'About to edit an update:',
    lines: answers.incident
      ? [
          ...incidentLines(answers.incident),
          ['Update', answers.updateId],
          ...editSummary(answers.current, answers.body),
        ]
      : [],
    question: 'Save this change?',
  }));
  if (flags.dryRun) return printDryRun(ctx, putIncidentUpdateRequest(incidentId, updateId, body));

  const { update, raw: response } = await putIncidentUpdate(client, incidentId, updateId, body);
  const style = ctx.io.errStyle;
  const parts: string[] = [];
  if (update.description !== current.description) parts.push('message replaced');
  if (update.status !== current.status)
    parts.push(`status ${colorValue(style, current.status ?? '—')} → ${colorValue(style, update.status ?? '—')}`);
  if (update.publicIncidentUpdateDate !== current.publicIncidentUpdateDate)
    parts.push(`published at ${sanitize(update.publicIncidentUpdateDate ?? '—')}`);
  if (update.notifySubscribers !== current.notifySubscribers)
    parts.push(`notifySubscribers ${String(update.notifySubscribers ?? false)}`);
  saySuccess(
    ctx.io,
    `Edited update ${sanitize(update.id)} of incident ${sanitize(incidentId)}: ` +
      `${parts.length ? parts.join('; ') : 'nothing was different'}.`,
  );
  await printOutcome(ctx, update.id, response);
}

/** Each field as it is → as it will be, or "(unchanged)". */
function editSummary(current: IncidentUpdate, body: IncidentUpdateBody): [string, string][] {
  const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');
  const change = (before: string, after: string) =>
    before === after ? `${before} (unchanged)` : `${before} → ${after}`;
  const lines: [string, string][] = [
    ['Status', change(current.status ?? '—', body.status ?? '—')],
    [
      'Message',
      body.description === current.description ? '(unchanged)' : `"${current.description}" → "${body.description}"`,
    ],
    ['Notify', change(yesNo(current.notifySubscribers), yesNo(body.notifySubscribers))],
  ];
  if (body.publicIncidentUpdateDate !== current.publicIncidentUpdateDate) {
    lines.push(['Published', change(current.publicIncidentUpdateDate ?? '—', body.publicIncidentUpdateDate ?? '—')]);
  }
  return lines;
}
