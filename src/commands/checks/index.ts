import { Option, type Command } from 'commander';
import {
  CHECK_LIMITS,
  CHECK_TYPES,
  DNS_ASSERTION_COMPARISONS,
  DNS_ASSERTION_SOURCES,
  DNS_PROTOCOLS,
  DNS_RECORD_TYPES,
  ESCALATION_TYPES,
  FAILED_RUN_THRESHOLDS,
  FREQUENCIES,
  LOCATIONS,
  MINUTES_FAILING_THRESHOLDS,
  PARALLEL_FAILURE_PERCENTAGES,
  REMINDER_AMOUNTS,
  REMINDER_INTERVALS,
  RETRY_MAX_DURATION_SECONDS,
  RETRY_MAX_RETRIES,
  RETRY_ONLY_ON,
  RETRY_TYPES,
  TRIGGER_SEVERITIES,
} from '../../api/schemas/checkValues';
import type { Ctx } from '../../core/context';
import { collect, examples, noun, verb } from '../../core/flags/define';

const or = (values: readonly (string | number)[]) =>
  values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** "Label:  a, b, c" wrapped to 80 columns, continuation lines indented under the first value. */
function wrapped(label: string, values: readonly string[], end = ''): string {
  const indent = ' '.repeat(label.length);
  const lines: string[] = [];
  let line = label;
  values.forEach((value, index) => {
    const item = `${value}${index < values.length - 1 ? ',' : end}`;
    if (line.length + item.length + 1 > 80 && line.trim() !== label.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += line === label || line === indent ? item : ` ${item}`;
  });
  lines.push(line);
  return `${lines.join('\n')}\n`;
}

/**
 * A switch with both forms: the one users need is shown; the other (to override --file) is
 * accepted quietly. Both being defined leaves the value undefined when neither is given, so
 * that --file's value stands (the positive form must come first, or commander defaults it).
 */
function toggle(command: Command, shown: string, hidden: string, description: string): Command {
  const visible = new Option(shown, description);
  const quiet = new Option(hidden).hideHelp();
  const [first, second] = shown.startsWith('--no-') ? [quiet, visible] : [visible, quiet];
  return command.addOption(first).addOption(second);
}

/** The flags for every field of the DNS check body, grouped as the help shows them. */
function withCheckBodyFlags(command: Command): Command {
  command.optionsGroup('Check:');
  command
    .option('--name <name>', 'name of the check')
    .option('--description <text>', `description, at most ${CHECK_LIMITS.descriptionMax} characters`)
    .option('--tag <tag>', 'a tag (repeatable)', collect);
  toggle(command, '--no-activated', '--activated', 'create it paused (default: it runs)');
  toggle(command, '--muted', '--no-muted', 'send no notifications on failure or recovery');
  toggle(command, '--should-fail', '--no-should-fail', 'invert what counts as a failure');
  toggle(
    command,
    '--no-double-check',
    '--double-check',
    'no double check on failure (deprecated by the API: use --retry-*)',
  );
  command
    .option('--group-id <id>', 'check group it belongs to')
    .option('--group-order <n>', 'position in the group, >= 0')
    .option('--runtime <id>', 'runtime, e.g. 2025.04 (`mon runtimes list`)');

  command.optionsGroup('DNS request:');
  command
    .option('--query <name>', `name to resolve, e.g. example.com (at most ${CHECK_LIMITS.queryMax} characters)`)
    .option('--record-type <type>', `${or(DNS_RECORD_TYPES)} (default A)`)
    .option('--name-server <host>', 'name server to ask, e.g. 1.1.1.1')
    .option('--port <port>', 'port of the name server, e.g. 53')
    .option('--protocol <protocol>', `${or(DNS_PROTOCOLS)} (API default UDP)`)
    .option(
      '--assert <assertion>',
      '"SOURCE COMPARISON TARGET" (repeatable), e.g. "RESPONSE_CODE EQUALS NOERROR"',
      collect,
    );

  command.optionsGroup('Schedule and locations:');
  command
    .option('--frequency <minutes>', `minutes between runs: ${or(FREQUENCIES.filter((f) => f !== 0))} (default 10)`)
    .option('--frequency-offset <n>', '1..floor(frequency*10) for frequencies up to 60, 1..ceil(frequency/60) above')
    .option('--location <region>', 'data-center location to run from (repeatable; values below)', collect)
    .option('--private-location <name>', 'private location to run from (repeatable)', collect);
  toggle(command, '--run-parallel', '--no-run-parallel', 'run in all locations at once instead of one after another');
  command
    .option(
      '--degraded-response-time <ms>',
      `degraded from this response time, 0..${CHECK_LIMITS.responseTimeMaxMs} (API default 500)`,
    )
    .option(
      '--max-response-time <ms>',
      `failed from this response time, 0..${CHECK_LIMITS.responseTimeMaxMs} (API default 1000)`,
    );

  command.optionsGroup('Alerts:');
  command
    .option('--alert-channel <id>', 'subscribe to this alert channel (repeatable)', collect)
    .option('--no-auto-assign-alerts', 'do not subscribe it to every alert channel (autoAssignAlerts=false)');
  toggle(
    command,
    '--no-use-global-alert-settings',
    '--use-global-alert-settings',
    "use this check's --alert-* settings, not the account's",
  );
  command
    .option('--alert-escalation-type <type>', or(ESCALATION_TYPES))
    .option('--alert-failed-run-threshold <n>', `alert after this many failed runs: ${or(FAILED_RUN_THRESHOLDS)}`)
    .option(
      '--alert-minutes-failing-threshold <min>',
      `alert after failing this long (TIME_BASED): ${or(MINUTES_FAILING_THRESHOLDS)}`,
    )
    .option('--alert-reminders-amount <n>', `reminders to send: ${or(REMINDER_AMOUNTS)} (100000: until resolved)`)
    .option('--alert-reminders-interval <min>', `minutes between reminders: ${or(REMINDER_INTERVALS)}`)
    .option(
      '--alert-parallel-run-failure-threshold <pct>',
      `alert when this % of parallel runs fail: ${PARALLEL_FAILURE_PERCENTAGES.join(', ')}`,
    );

  command.optionsGroup('Retries:');
  command
    .option('--retry-type <type>', `${or(RETRY_TYPES)} (needed by the other --retry-* flags)`)
    .option('--retry-max-retries <n>', `${RETRY_MAX_RETRIES.min} to ${RETRY_MAX_RETRIES.max}`)
    .option('--retry-base-backoff-seconds <s>', 'seconds before the first retry (API default 60)')
    .option(
      '--retry-max-duration-seconds <s>',
      `give up retrying after this long, ${RETRY_MAX_DURATION_SECONDS.min} to ${RETRY_MAX_DURATION_SECONDS.max}`,
    )
    .option(
      '--retry-only-on <error>',
      `retry only on this kind of failure: ${or(RETRY_ONLY_ON)} (repeatable)`,
      collect,
    );
  toggle(
    command,
    '--no-retry-same-region',
    '--retry-same-region',
    'retry from another location (API default: the same one)',
  );

  command.optionsGroup('Incident trigger (opens a status-page incident when the check fails):');
  command
    .option('--trigger-incident-service <id>', 'service the incident is for (`mon status-pages list` shows IDs)')
    .option('--trigger-incident-severity <severity>', or(TRIGGER_SEVERITIES))
    .option('--trigger-incident-name <name>', 'incident name')
    .option('--trigger-incident-description <text>', 'incident description')
    .option('--trigger-incident-notify-subscribers', "notify the status page's subscribers");

  command.optionsGroup('Scripts and environment:');
  command
    .option('--env <KEY=VALUE>', 'environment variable (repeatable)', collect)
    .option('--secret-env <KEY=VALUE>', 'secret environment variable, never shown back (repeatable)', collect)
    .option('--script <code>', 'script (default "": the API requires the field)')
    .option('--script-path <path>', 'path of the script in the runtime')
    .option('--local-setup-script <code>', 'Node.js code run before the check')
    .option('--local-tear-down-script <code>', 'Node.js code run after the check')
    .option('--setup-snippet-id <id>', 'snippet for the setup phase')
    .option('--tear-down-snippet-id <id>', 'snippet for the teardown phase')
    .option('--ssl-check-domain <domain>', 'domain whose certificate is checked');

  command.optionsGroup('Input and output:');
  command
    .option('--file <file>', 'JSON body with any of the fields (- for stdin); the flags override it')
    .option('--dry-run', 'print the request instead of sending it (secret values masked)');
  return command;
}

const BODY_HELP =
  `\nOn a terminal, what is missing is asked for: name, query, record type, name server,\n` +
  `frequency and locations. Without one (piped, --no-input, CI) --name and --query are\n` +
  `required, the record type defaults to A, and everything else is left to the API's\n` +
  `defaults: runs every 10 minutes, activated, not muted, degraded at 500 ms, failed at\n` +
  `1000 ms, subscribed to every alert channel (--no-auto-assign-alerts to opt out).\n\n` +
  `--file FILE (- for stdin, and then nothing is asked) gives any part of the body as\n` +
  `JSON. Flags override it: objects such as "request" are merged field by field, anything\n` +
  `else a flag gives replaces the file's value (--location replaces the file's locations).\n` +
  `heartbeat: {} and script ("" unless --script) are always sent, as the API requires.\n\n` +
  `Output: the created check on a terminal, its ID alone when piped (for scripts), the\n` +
  `API's response body with --json.\n\n` +
  wrapped('Locations:   ', LOCATIONS) +
  wrapped('Assertions:  SOURCE is ', DNS_ASSERTION_SOURCES, ';') +
  wrapped('             COMPARISON is ', DNS_ASSERTION_COMPARISONS, ';') +
  `             TARGET is the rest (may be empty: "TEXT_ANSWER NOT_EMPTY").\n`;

export function checksCommand(ctx: Ctx) {
  const createDns = withCheckBodyFlags(
    verb(
      ctx,
      'create-dns',
      'Create a DNS monitor (POST /v1/checks/dns)',
      async () => (await import('./create-dns')).createDnsCheckRun,
    ),
  ).addHelpText(
    'after',
    BODY_HELP +
      examples(
        '# on a terminal, asks for what it needs:',
        'mon checks create-dns',
        'mon checks create-dns --name "example.com A" --query example.com --name-server 1.1.1.1 --location eu-west-1 --location us-east-1 --assert "RESPONSE_CODE EQUALS NOERROR"',
        'mon checks create-dns --name "mail" --query example.com --record-type MX --assert "TEXT_ANSWER CONTAINS mx1.example.com" --retry-type FIXED --retry-max-retries 2',
        'mon checks create-dns --file dns-check.json --name "copy for staging" --frequency 5',
        'mon checks create-dns --file - --dry-run < dns-check.json',
        'id=$(mon checks create-dns --name api --query api.example.com --no-input)',
      ),
  );

  const create = verb(
    ctx,
    'create',
    'Create a check with the deprecated combined operation (POST /v1/checks)',
    async () => (await import('./create')).createCheckRun,
  );
  create.optionsGroup('Combined create:');
  create
    .option('--type <type>', `check type: ${or(CHECK_TYPES)}`)
    .option(
      '--dependency <PATH=@LOCALFILE>',
      'a dependency file: its path in the check, and the local file to send (repeatable)',
      collect,
    );
  withCheckBodyFlags(create).addHelpText(
    'after',
    '\nDeprecated: the API will remove this operation. Use `mon checks create-dns` for DNS\n' +
      'checks; API and browser checks have per-type operations of their own. A 402 (plan\n' +
      'limit reached) exits with 5. The body is the DNS check body plus "type" and\n' +
      '"dependencies". Seconds-level frequencies (--frequency 0 with --frequency-offset 10,\n' +
      '20 or 30: a run every that many seconds) exist for API and TCP checks only.\n' +
      BODY_HELP +
      examples(
        'mon checks create --type API --name "api" --query api.example.com --frequency 0 --frequency-offset 30',
        'mon checks create --type BROWSER --file check.json --dependency lib/helpers.js=@./helpers.js',
      ),
  );

  return noun('checks')
    .addHelpText(
      'after',
      examples('mon checks create-dns', 'mon checks create-dns --name api --query api.example.com --no-input'),
    )
    .addCommand(createDns)
    .addCommand(create);
}
