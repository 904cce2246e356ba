import { Option } from 'commander';
import type { Ctx } from '../../core/context';
import { examples, noun, verb } from '../../core/flags/define';
import { TIME_HELP } from '../../text/time';

const windowOptions = () => [
  new Option('--from <time>', `start of the period: ${TIME_HELP} (default: 24 hours before the end)`),
  new Option('--to <time>', 'end of the period, in the same forms (default: now)'),
  new Option('--since <duration>', 'the period up to now, e.g. 30m, 6h, 7d (same as --from DURATION)'),
];

const PING_URL_HELP =
  '\nThe ping goes to {ping URL}/TOKEN. The ping URL is the global --ping-url, else\n' +
  "MON_PING_URL, else the profile's (`mon config set ping-url URL`); with\n" +
  "--sandbox, the sandbox's. A whole ping URL (https://HOST/PATH/TOKEN) can\n" +
  'replace TOKEN.\n' +
  'No API key is sent with a ping: the URL is the credential, and the token is\n' +
  'masked in every message. A ping is tried up to 3 times within 10 seconds (or\n' +
  '--timeout, if shorter).\n';

export function heartbeatsCommand(ctx: Ctx) {
  const events = verb(
    ctx,
    'events',
    'List the events of a heartbeat (pings, late pings, failures) and its success ratio',
    async () => (await import('./events')).heartbeatEventsRun,
  )
    .argument('[checkId]', 'ID of the heartbeat check (asked for on a terminal when left out)')
    .addOption(new Option('--limit <n>', "at most this many events, 1 to 10 (the API's maximum; default 10)"));
  for (const option of windowOptions()) events.addOption(option);
  events.addHelpText(
    'after',
    '\nNewest first. On a terminal, the success ratios of the last 24 hours and last\n' +
      '7 days follow the table; piped, only the events are printed (tab-separated);\n' +
      '--json prints the whole answer. The API returns at most 10 events per request:\n' +
      'narrow the period (--from/--to) to see older ones.\n' +
      examples(
        'mon heartbeats events 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
        'mon heartbeats events CHECK_ID --since 6h --limit 5',
        'mon heartbeats events CHECK_ID --from 2026-11-19 --to 2026-11-20',
        `mon heartbeats events CHECK_ID --json | jq '.[0].stats.last24Hours'`,
      ),
  );

  const availability = verb(
    ctx,
    'availability',
    'Show the success ratio of a heartbeat for a period, against the period before',
    async () => (await import('./availability')).heartbeatAvailabilityRun,
  ).argument('[checkId]', 'ID of the heartbeat check (asked for on a terminal when left out)');
  for (const option of windowOptions()) availability.addOption(option);
  availability.addHelpText(
    'after',
    '\nThe success ratio is a percentage, compared with the period of the same length\n' +
      'just before. A period without data says "There is no data for this period"\n' +
      '(on stderr) and exits 0; --json prints null.\n' +
      examples(
        'mon heartbeats availability CHECK_ID',
        'mon heartbeats availability CHECK_ID --since 7d',
        `mon heartbeats availability ID --json | jq '.successRatio.currentPeriod'`,
      ),
  );

  const ping = verb(
    ctx,
    'ping',
    'Send a heartbeat ping: tell the monitor the job ran',
    async () => (await import('./ping')).heartbeatPingRun,
  )
    .argument(
      '[token]',
      'ping token of the heartbeat monitor, or its whole ping URL (asked for, hidden, on a terminal when left out)',
    )
    .addOption(new Option('--dry-run', 'print the request (token masked) and send nothing'))
    .addHelpText(
      'after',
      PING_URL_HELP +
        'Silent on success unless stderr is a terminal; exit 0 on any 2xx answer.\n' +
        examples(
          'mon heartbeats ping 0c9d7e52-3f1a-4b8e-9a6d-2f4e5c6b7a81',
          'MON_PING_URL=https://ping.example.com mon heartbeats ping "$BACKUP_TOKEN"',
          'mon heartbeats ping "https://ping.example.com/$BACKUP_TOKEN"',
        ) +
        '\nIn a crontab, after the job (or wrap the job with `mon heartbeats exec`):\n' +
        '  0 2 * * * backup.sh && mon heartbeats ping TOKEN\n',
    );

  const exec = verb(
    ctx,
    'exec',
    'Run a command (a cron job) and ping only when it succeeds',
    async () => (await import('./exec')).heartbeatExecRun,
  )
    .argument('<token>', 'ping token of the heartbeat monitor, or its whole ping URL')
    .argument('<command...>', 'the command and its arguments, after --')
    .addOption(new Option('--strict', 'exit 1 when the command succeeded but the ping failed'))
    .addOption(new Option('--dry-run', 'print what would run and the ping request; run and send nothing'))
    .addHelpText(
      'after',
      "\nThe command runs with mon's stdin, stdout and stderr, and mon exits with its\n" +
        'exit code (128 + the signal number when a signal stopped it; 127 when it cannot\n' +
        'be found). The ping is sent only when the command exits 0, so the monitor\n' +
        'alerts when the job fails or does not run. Ctrl-C and SIGTERM reach the\n' +
        'command, and mon waits for it. A failed ping is a warning on stderr and does\n' +
        'not change the exit code, unless --strict.\n' +
        PING_URL_HELP +
        examples(
          'mon heartbeats exec "$BACKUP_TOKEN" -- /usr/local/bin/backup.sh --full',
          `mon heartbeats exec "$REPORT_TOKEN" --strict -- sh -c 'make && upload'`,
        ) +
        '\nIn a crontab (set MON_PING_URL at its top, or give whole ping URLs):\n' +
        '  0 2 * * * mon heartbeats exec TOKEN -- /usr/local/bin/backup.sh --full\n',
    );

  return noun('heartbeats')
    .addHelpText(
      'after',
      examples('mon heartbeats events CHECK_ID --since 6h', 'mon heartbeats exec TOKEN -- /usr/local/bin/backup.sh'),
    )
    .addCommand(events)
    .addCommand(availability)
    .addCommand(ping)
    .addCommand(exec);
}
