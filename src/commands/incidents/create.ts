import { z } from 'zod';
import { createIncident, createIncidentRequest } from '../../api/resources/incidents';
import { incidentCreateBodySchema, type IncidentCreateBody } from '../../api/schemas/incidents';
import type { Ctx } from '../../core/context';
import { sanitize } from '../../text/escape';
import { printDryRun } from '../../core/dry-run';
import { parseOptions } from '../../core/flags/parse';
import { colorSeverity, colorStatus } from './columns';
import {
  FLAG_NAMES,
  dateOption,
  done,
  messageOption,
  missingFlags,
  nameOption,
  notifiedText,
  printOutcome,
  promptMessage,
  promptName,
  promptNotify,
  promptServices,
  promptSeverity,
  resolveServices,
  serviceDirectory,
  serviceIdsOption,
  severityOption,
  statusOption,
} from './shared';

type CreateCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare' | 'now'>;

function optionsSchema(now: number) {
  return z.object({
    name: nameOption.optional(),
    severity: severityOption.optional(),
    service: serviceIdsOption.optional(),
    message: messageOption.optional(),
    status: statusOption.default('INVESTIGATING'),
    notify: z.boolean().optional(),
    date: dateOption(now).optional(),
    dryRun: z.boolean().optional(),
  });
}

const EXAMPLE =
  'mon incidents create --name "Checkout errors" --severity MAJOR --service SERVICE_ID --message "We are looking into failed payments."';

/**
 * Flags first (exit 2 before any request), then the status pages (to turn --service IDs
 * into the services the body needs, and to offer them as choices), then prompts for
 * whatever is missing, then one POST.
 */
export async function createIncidentRun(ctx: CreateCtx, raw: Record<string, unknown>): Promise<void> {
  const options = parseOptions(optionsSchema(ctx.now()), raw, FLAG_NAMES);
  const missing = [
    options.name === undefined && '--name',
    options.severity === undefined && '--severity',
    options.service === undefined && '--service',
    options.message === undefined && '--message',
  ].filter((flag): flag is string => Boolean(flag));
  const prompting = missing.length > 0;
  if (prompting && !ctx.io.canPrompt()) throw missingFlags(missing, EXAMPLE);

  const client = await ctx.api();
  const directory = await serviceDirectory(client);
  const givenServices = options.service && resolveServices(directory, options.service);

  const name = options.name ?? (await promptName(ctx));
  const severity = options.severity ?? (await promptSeverity(ctx));
  const services = givenServices ?? (await promptServices(ctx, directory));
  const message = options.message ?? (await promptMessage(ctx));
  const notify = options.notify ?? (prompting ? await promptNotify(ctx) : false);

  const body: IncidentCreateBody = parseOptions(
    incidentCreateBodySchema,
    {
      name,
      severity,
      services,
      incidentUpdates: [
        {
          description: message,
          status: options.status,
          notifySubscribers: notify,
          ...(options.date ? { publicIncidentUpdateDate: options.date } : {}),
        },
      ],
    },
    FLAG_NAMES,
  );
  if (options.dryRun) return printDryRun(ctx, createIncidentRequest(body));

  const { incident, raw: response } = await createIncident(client, body);
  const { io } = ctx;
  const style = io.errStyle;
  const opened = incident.incidentUpdates[0];
  io.err(
    `${done(ctx)} Opened incident "${style.bold(sanitize(incident.name))}": ` +
      `${colorSeverity(style, incident.severity)}, ${colorStatus(style, incident.lastUpdateStatus)}, ` +
      `on ${sanitize(incident.services.map((service) => service.name).join(', '))}. ${notifiedText(opened?.notifySubscribers ?? notify)}\n` +
      `  ID ${sanitize(incident.id)}\n` +
      style.dim(`  Next: mon incidents update ${sanitize(incident.id)} --status IDENTIFIED --message "..."\n`),
  );
  printOutcome(ctx, incident.id, response);
}
