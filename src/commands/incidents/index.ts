import { Option, type Command } from 'commander';
import type { Ctx } from '../../core/context';
import { collect, examples, noun, verb, withListFlags } from '../../core/flags/define';
import { TIME_HELP } from '../../text/time';

const STATUSES = 'INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case';
const SEVERITIES = 'CRITICAL, MAJOR, MEDIUM or MINOR, in any case';
const DURATION_HELP =
  "The duration is in seconds (the API's `duration`): from the start of the incident to its\n" +
  'RESOLVED update; null (shown as "ongoing") while it is open.';

const dryRun = (command: Command) =>
  command.addOption(new Option('--dry-run', 'print the request(s) that would be sent, send nothing'));

export function incidentsCommand(ctx: Ctx) {
  return noun('incidents')
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(resolveCommand(ctx))
    .addCommand(updatesCommand(ctx))
    .addHelpText(
      'after',
      examples(
        'mon incidents list',
        'mon incidents create',
        'mon incidents update',
        'mon incidents update INCIDENT_ID --status monitoring --message "A fix is deployed; watching." --notify',
        'mon incidents resolve INCIDENT_ID',
      ),
    );
}

function listCommand(ctx: Ctx) {
  return withListFlags(
    verb(
      ctx,
      'list',
      'List incidents, newest first (open ones unless --status says otherwise)',
      async () => (await import('./list')).listIncidentsRun,
    ),
  )
    .addOption(new Option('--status <which>', "open, resolved or all, by the last update's status (default open)"))
    .addHelpText(
      'after',
      '\n--limit is how many incidents are shown (with --all: how many are read per page).\n' +
        'With --status open or resolved, pages are followed until --limit incidents match (or the\n' +
        'list ends); --json then prints a page of the matches, {length, entries, nextId}, where\n' +
        'nextId continues after the last match. With --status all, --json prints the API page as\n' +
        'received. With --all, every page is read and --json prints one array.\n' +
        `${DURATION_HELP}\n` +
        'Piped: id, name, severity, status, services, started (ISO 8601), duration (seconds), tab-separated.\n' +
        examples(
          'mon incidents list',
          'mon incidents list --status all --limit 50',
          'mon incidents list --status resolved --all --json | jq -r \'.[] | "\\(.duration)\\t\\(.name)"\'',
          "mon incidents list --json | jq -r '.entries[].id'",
        ),
    );
}

function getCommand(ctx: Ctx) {
  return verb(
    ctx,
    'get',
    'Show an incident and its updates as a timeline, newest first',
    async () => (await import('./get')).getIncidentRun,
  )
    .argument('<incidentId>', "the incident's ID (`mon incidents list` shows them)")
    .addHelpText(
      'after',
      `\n${DURATION_HELP}\n` +
        'Piped: "key<TAB>value" lines, then one "update<TAB>id<TAB>date<TAB>status<TAB>notified<TAB>message" line per update.\n' +
        examples('mon incidents get 3f0c2a9e-...', "mon incidents get 3f0c2a9e-... --json | jq '.incidentUpdates[0]'"),
    );
}

function createCommand(ctx: Ctx) {
  return dryRun(
    verb(
      ctx,
      'create',
      'Open an incident on one or more services, with its first update',
      async () => (await import('./create')).createIncidentRun,
    )
      .option('--name <text>', 'what the status page shows, at most 255 characters')
      .option('--severity <level>', SEVERITIES)
      .option('--service <id>', 'an affected service (repeat for several; `mon status-pages list` shows IDs)', collect)
      .option('--message <text>', 'the first update: what subscribers read')
      .option('--status <status>', `the first update's status: ${STATUSES} (default INVESTIGATING)`)
      .option('--notify', 'notify the status page subscribers of this update')
      .option('--date <time>', `when the first update is published: ${TIME_HELP} (default now)`),
  ).addHelpText(
    'after',
    '\nOn a terminal, whatever is missing is asked for: the severity from a list, the services\n' +
      "as a checklist of the status pages' cards, then whether to notify subscribers (unless\n" +
      '--notify is given). With prompts off, --name, --severity, --service and --message are\n' +
      "required. Piped, the new incident's ID is printed on stdout; --json prints the created\n" +
      'incident instead.\n' +
      examples(
        'mon incidents create',
        'mon incidents create --name "Checkout errors" --severity major --service 0b7e6a3c-... --message "We are looking into failed payments." --notify',
        'id=$(mon incidents create --name "API latency" --severity minor --service ID --message "Investigating")',
      ),
  );
}

function updateCommand(ctx: Ctx) {
  return dryRun(
    verb(
      ctx,
      'update',
      'Post an update to an incident and/or change its name, severity or services',
      async () => (await import('./update')).updateIncidentRun,
    )
      .argument('[incidentId]', 'the incident (on a terminal, leave it out to pick from the open ones)')
      .option('--message <text>', 'post an update with this message')
      .option('--status <status>', `the update's status: ${STATUSES} (default: the current one)`)
      .option('--notify', 'notify the status page subscribers of this update')
      .option('--name <text>', 'rename the incident (at most 255 characters)')
      .option('--severity <level>', `change the severity: ${SEVERITIES}`)
      .option('--service <id>', "the incident's services become exactly these (repeatable)", collect),
  ).addHelpText(
    'after',
    '\nThe outage command. --message, --status and --notify post a new incident update; --name,\n' +
      '--severity and --service change the incident itself (the rest is sent unchanged). Both\n' +
      'can be given at once: the incident is changed first, then the update is posted.\n' +
      'On a terminal: no ID shows a picker of open incidents; no flags asks for the status\n' +
      '(current one preselected), the message and whether to notify subscribers. Piped, the new\n' +
      "update's ID is printed on stdout (the incident's when only the incident was changed);\n" +
      "--json prints the API's answer instead.\n" +
      examples(
        'mon incidents update',
        'mon incidents update 3f0c2a9e-... --status identified --message "A bad deploy; rolling back."',
        'mon incidents update 3f0c2a9e-... --severity critical --status monitoring --message "Rolled back; watching." --notify',
        'mon incidents update 3f0c2a9e-... --service ID1 --service ID2',
      ),
  );
}

function resolveCommand(ctx: Ctx) {
  return dryRun(
    verb(
      ctx,
      'resolve',
      'Post a RESOLVED update to an incident',
      async () => (await import('./resolve')).resolveIncidentRun,
    )
      .argument('[incidentId]', 'the incident (on a terminal, leave it out to pick from the open ones)')
      .option('--message <text>', 'what subscribers read (default "This incident has been resolved.")')
      .option('--notify', 'notify the status page subscribers')
      .option('--force', 'post a RESOLVED update even if the incident is already resolved'),
  ).addHelpText(
    'after',
    '\nAn incident that is already resolved is refused (exit 2) unless --force.\n' +
      examples(
        'mon incidents resolve',
        'mon incidents resolve 3f0c2a9e-... --message "Payments work again. Sorry!" --notify',
      ),
  );
}

function updatesCommand(ctx: Ctx) {
  return noun('updates', "An incident's updates one by one: post, show, edit")
    .addHelpText(
      'after',
      examples(
        'mon incidents updates create INCIDENT_ID --message "Still investigating."',
        'mon incidents updates get INCIDENT_ID UPDATE_ID',
        'mon incidents updates edit INCIDENT_ID UPDATE_ID --message "Corrected text"',
      ),
    )
    .addCommand(
      dryRun(
        verb(
          ctx,
          'create',
          'Post an update to an incident (POST .../incident-updates)',
          async () => (await import('./updates')).createUpdateRun,
        )
          .argument('<incidentId>', 'the incident')
          .option('--message <text>', 'what subscribers read (required; asked for on a terminal)')
          .option('--status <status>', `${STATUSES} (left out: the incident keeps its status)`)
          .option('--notify', 'notify the status page subscribers')
          .option('--date <time>', `when it is published: ${TIME_HELP} (default now)`),
      ).addHelpText(
        'after',
        examples(
          'mon incidents updates create 3f0c2a9e-... --message "Still investigating." --status investigating',
          'mon incidents updates create 3f0c2a9e-... --message "Started at 14:05" --date 2026-11-20T14:05:00Z',
        ),
      ),
    )
    .addCommand(
      verb(ctx, 'get', 'Show one incident update', async () => (await import('./updates')).getUpdateRun)
        .argument('<incidentId>', 'the incident')
        .argument('<updateId>', 'the update (`mon incidents get INCIDENT_ID` lists them)')
        .addHelpText(
          'after',
          examples(
            'mon incidents updates get 3f0c2a9e-... 7d1b...',
            'mon incidents updates get 3f0c2a9e-... 7d1b... --json',
          ),
        ),
    )
    .addCommand(
      dryRun(
        verb(
          ctx,
          'edit',
          'Correct an incident update (what is not given stays as it is)',
          async () => (await import('./updates')).editUpdateRun,
        )
          .argument('<incidentId>', 'the incident')
          .argument('<updateId>', 'the update (`mon incidents get INCIDENT_ID` lists them)')
          .option('--message <text>', 'replace the message')
          .option('--status <status>', STATUSES)
          .option('--notify', 'set notifySubscribers')
          .option('--no-notify', 'clear notifySubscribers')
          .option('--date <time>', `when it is published: ${TIME_HELP}`),
      ).addHelpText(
        'after',
        examples(
          'mon incidents updates edit 3f0c2a9e-... 7d1b... --message "We found the cause: an expired certificate."',
          'mon incidents updates edit 3f0c2a9e-... 7d1b... --status identified',
        ),
      ),
    );
}
