import {
  getIncidentUpdate,
  getIncidentUpdateRequest,
  putIncidentUpdate,
  putIncidentUpdateRequest,
} from '../../../api/resources/incidents';
import type { IncidentStatus } from '../../../api/schemas/enums';
import {
  incidentUpdateBodySchema,
  type Incident,
  type IncidentUpdate,
  type IncidentUpdateBody,
} from '../../../api/schemas/incidents';
import type { Ctx } from '../../../core/context';
import { incidentUpdateState } from '../../../core/state';
import { runWrite, type WriteCtx } from '../../../core/write';
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
import { incidentLines, incidentWords } from '../shared/summary';

type UpdatesCtx = WriteCtx & Pick<Ctx, 'config'>;

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
    const kept = keptOf(current);
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
  const send = async ({ incidentId, current }: Answers, body: IncidentUpdateBody) => {
    const { update, raw: response } = await putIncidentUpdate(client, incidentId, current.id, body);
    // The answer's fields, and what was sent where an API's answer leaves an optional one out.
    const now = {
      status: update.status ?? body.status,
      publicIncidentUpdateDate: update.publicIncidentUpdateDate ?? body.publicIncidentUpdateDate,
      notifySubscribers: update.notifySubscribers ?? body.notifySubscribers,
    };
    const style = ctx.io.errStyle;
    const parts: string[] = [];
    if (update.description !== current.description) parts.push('message replaced');
    if (now.status !== current.status)
      parts.push(`status ${colorValue(style, current.status ?? '—')} → ${colorValue(style, now.status ?? '—')}`);
    if (now.publicIncidentUpdateDate !== current.publicIncidentUpdateDate)
      parts.push(`published at ${sanitize(now.publicIncidentUpdateDate ?? '—')}`);
    if (now.notifySubscribers !== current.notifySubscribers)
      parts.push(`notifySubscribers ${String(now.notifySubscribers ?? false)}`);
    saySuccess(
      ctx.io,
      `Edited update ${sanitize(update.id)} of incident ${sanitize(incidentId)}: ` +
        `${parts.length ? parts.join('; ') : 'nothing was different'}.`,
    );
    await printOutcome(ctx, update.id, response);
  };
  await runWrite(ctx, {
    ask,
    prompted: (answers) => asking || answers.picked,
    // Another client edited it while the confirmation was open: what the person chose stays,
    // the rest follows the update as it is now.
    refresh: async (answers) => {
      const { update: current } = await getIncidentUpdate(client, answers.incidentId, answers.updateId);
      const chosen = asking
        ? {
            description: answers.body.description,
            ...(answers.body.status ? { status: answers.body.status } : {}),
            notifySubscribers: answers.body.notifySubscribers,
          }
        : changes;
      const body = checkBody(incidentUpdateBodySchema, { ...keptOf(current), ...chosen }, UPDATES_EDIT);
      return { ...answers, current, body };
    },
    plan: async (answers, shown) => {
      const { incidentId, updateId, current, body } = answers;
      // A plan names the incident: read it, if it was not read yet.
      const incident = answers.incident ?? (shown ? (await namedIncident(client, incidentId)).incident : undefined);
      const who = incident
        ? `Update ${updateId} of ${incidentWords(incident)}`
        : `Update ${updateId} of incident ${incidentId}`;
      return {
        target: { kind: 'incident-update', id: updateId, name: incident?.name ?? incidentId },
        changes: editSummary(current, body).map(([label, value]) => `${who}: ${label.toLowerCase()} ${value}`),
        requests: [putIncidentUpdateRequest(incidentId, updateId, body)],
        state: incidentUpdateState(current, getIncidentUpdateRequest(incidentId, updateId).path),
        confirm: {
          title: 'About to edit an update:',
          lines: incident ? [...incidentLines(incident), ['Update', updateId], ...editSummary(current, body)] : [],
          question: 'Save this change?',
        },
        send: () => send(answers, body),
      };
    },
  });
}

/** What an edit keeps of the update as it is: every field it has (the API needs the description in every PUT). */
function keptOf(current: IncidentUpdate): IncidentUpdateBody {
  return {
    description: current.description,
    ...(current.status ? { status: current.status as IncidentStatus } : {}),
    ...(current.publicIncidentUpdateDate ? { publicIncidentUpdateDate: current.publicIncidentUpdateDate } : {}),
    ...(current.notifySubscribers !== undefined ? { notifySubscribers: current.notifySubscribers } : {}),
  };
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
