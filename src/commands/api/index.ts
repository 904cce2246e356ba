import { Option } from 'commander';
import type { Ctx } from '../../core/context';
import { collect, examples, verb } from '../../core/flags/define';

export function apiCommand(ctx: Ctx) {
  return verb(ctx, 'api', 'Make an authenticated request to any API path', async () => (await import('./api')).apiRun)
    .argument('<path>', 'API path, e.g. /v1/runtimes (may include a ?query)')
    .addOption(
      new Option(
        '-X, --method <method>',
        'HTTP method (default GET; POST when fields or --input are given, unless --paginate)',
      ),
    )
    .addOption(new Option('-f, --raw-field <key=value>', 'add a string field (repeatable)').argParser(collect))
    .addOption(
      new Option(
        '-F, --field <key=value>',
        'add a typed field: numbers, true/false/null, @file (@- for stdin), a.b= and a[]= nest (repeatable)',
      ).argParser(collect),
    )
    .addOption(new Option('-H, --header <name:value>', 'add a request header (repeatable)').argParser(collect))
    .addOption(new Option('--input <file>', 'send this file (- for stdin) as the JSON body'))
    .addOption(new Option('-i, --include', 'print the status line and response headers before the body'))
    .addOption(new Option('--paginate', 'follow nextId and print every entry of every page as one JSON array'))
    .addOption(new Option('--dry-run', 'print the request instead of sending it'))
    .addHelpText(
      'after',
      '\nFields go in the JSON body, or in the query string for GET. The response body is printed\n' +
        'as indented JSON; errors give the same messages and exit codes as every other command.\n' +
        examples(
          'mon api /v1/runtimes',
          'mon api /v1/status-pages/incidents --paginate | jq length',
          'mon api "/v1/status-pages?limit=1" -i',
          'mon api /v1/status-pages/incidents --paginate -F limit=100',
          'mon api -X POST /v1/status-pages/incidents/INCIDENT_ID/incident-updates -f description="Fix deployed" -f status=MONITORING',
          'mon api /v1/checks/dns --input check.json',
        ),
    );
}
