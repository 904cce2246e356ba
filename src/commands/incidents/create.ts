import { createIncident, createIncidentRequest } from '../../api/resources/incidents';
import { serviceDirectory } from '../../api/resources/statusPages';
import { incidentCreateBodySchema } from '../../api/schemas/incidents';
import type { Severity } from '../../api/schemas/enums';
import type { IncidentCreateBody, IncidentServiceBody } from '../../api/schemas/incidents';
import { usesEmbeddedSandbox, type Ctx } from '../../core/context';
import { openIncidentPages } from '../../core/public-page';
import { runWrite, type WriteCtx } from '../../core/write';
import { missingFlagsError } from '../../core/flags/convert';
import { checkBody } from '../../core/flags/parse';
import { askChoice, askText, askYesNo } from '../../core/flags/prompt';
import { templateStatus, templateValues, type NamedTemplate } from '../../core/templates';
import { flagName, type Input } from '../../core/flags/spec';
import { colorValue, saySuccess } from '../../output/say';
import { notifiedText, printOutcome } from './shared/outcome';
import { sanitize } from '../../text/escape';
import { shortId } from '../../output/render';
import { CREATE } from './spec';
import { givenMessage, hasMessage, resolveMessage, type ResolvedMessage } from './shared/message';
import { askServices, resolveServices } from './shared/services';
import { notifyLine, statusLine, updateWords } from './shared/summary';
import { nextCommand } from '../../text/next';

type CreateCtx = WriteCtx & Pick<Ctx, 'config'>;

const EXAMPLE =
  'incidents create --name "Checkout errors" --severity MAJOR --service SERVICE_ID --message "We are looking into failed payments."';

/**
 * Flags first (exit 2 before any request), then the status pages (to turn --service IDs
 * into the services the body needs, and to offer them as choices), then prompts for
 * whatever is missing, then one POST.
 */
export async function createIncidentRun(ctx: CreateCtx, { flags }: Input<typeof CREATE>): Promise<void> {
  const given = await givenMessage(ctx, flags);
  const missing = (['name', 'severity', 'service', 'message'] as const)
    .filter((key) => (key === 'message' ? !hasMessage(given) : flags[key] === undefined))
    .map((key) => flagName(key, CREATE.flags[key]));
  const prompting = missing.length > 0;
  if (prompting && !ctx.io.canPrompt()) throw missingFlagsError(missing, EXAMPLE);

  const client = await ctx.api();
  // One read of the status pages (they carry no incident history, so its cost does not grow
  // with the account): names become IDs, and an ID is sent with its real name, or refused
  // before anything is sent when it is on no page.
  const directory = await serviceDirectory(client);
  const givenServices = flags.service && resolveServices(directory, flags.service);

  const statusOf = (template?: NamedTemplate) => flags.status ?? templateStatus(template) ?? 'INVESTIGATING';

  /** What was asked for (or given): asked again, each answer in its question, when the person chooses edit. */
  interface Answers {
    name: string;
    severity: Severity;
    services: IncidentServiceBody[];
    message: ResolvedMessage;
    notify: boolean;
  }
  const ask = async (previous: Answers | undefined): Promise<Answers> => {
    const name = flags.name ?? (await askText(ctx, CREATE.flags.name, { previous: previous?.name }));
    const severity =
      flags.severity ?? (await askChoice(ctx, CREATE.flags.severity, { preselected: previous?.severity }));
    const services = givenServices ?? (await askServices(ctx, directory, previous?.services));
    const message = await resolveMessage(ctx, given, CREATE.flags.message, {
      values: (template) => templateValues({ name, severity, services }, statusOf(template)),
      default: previous?.message.text,
      template: previous?.message.template,
    });
    const notify =
      flags.notify ?? (prompting ? await askYesNo(ctx, CREATE.flags.notify, { default: previous?.notify }) : false);
    return { name, severity, services, message, notify };
  };
  const toBody = (answers: Answers) =>
    checkBody(
      incidentCreateBodySchema,
      {
        name: answers.name,
        severity: answers.severity,
        services: answers.services,
        incidentUpdates: [
          {
            description: answers.message.text,
            status: statusOf(answers.message.template),
            notifySubscribers: answers.notify,
            ...(flags.date ? { publicIncidentUpdateDate: flags.date.toISOString() } : {}),
          },
        ],
      },
      CREATE,
    );
  const send = async (body: IncidentCreateBody, notify: boolean) => {
    const { incident, raw: response } = await createIncident(client, body);
    const { io } = ctx;
    const style = io.errStyle;
    const opened = incident.incidentUpdates[0];
    saySuccess(
      io,
      `Opened incident "${style.bold(sanitize(incident.name))}": ` +
        `${colorValue(style, incident.severity)}, ${colorValue(style, incident.lastUpdateStatus)}, ` +
        `on ${sanitize(incident.services.map((service) => service.name).join(', '))}. ${notifiedText(opened?.notifySubscribers ?? notify)}\n` +
        `  ID ${sanitize(incident.id)}\n` +
        // The short ID (any 6+ characters are taken back) keeps the command on one row to paste.
        style.dim(
          `  Next: ${nextCommand(ctx.globals, `incidents update ${sanitize(shortId(incident.id))} --status identified --message "..."`)}`,
        ),
    );
    await printOutcome(ctx, incident.id, response);
    if (flags.web) await openIncidentPages({ ...ctx, embedded: usesEmbeddedSandbox(ctx) }, client, incident);
  };
  await runWrite(ctx, {
    ask,
    prompted: () => prompting,
    plan: (answers) => {
      const body = toBody(answers);
      const update = body.incidentUpdates[0]!;
      const services = body.services.map((service) => service.name).join(', ');
      return {
        changes: [
          `A new incident "${body.name}" (${body.severity}, on ${services}), its first update: ${updateWords(undefined, update)}`,
        ],
        requests: [createIncidentRequest(body)],
        confirm: {
          title: 'About to open an incident:',
          lines: [
            ['Name', body.name],
            ['Severity', body.severity],
            ['Services', services],
            ['Status', statusLine(statusOf(answers.message.template), answers.message.template)],
            ['Message', update.description],
            ['Notify', notifyLine(answers.notify)],
          ],
          question: 'Open this incident?',
        },
        send: () => send(body, answers.notify),
      };
    },
  });
}
