import type { SchemaCommand, SchemaDocument } from '../../../core/schema';
import { mdCodeBlock } from '../../../text/markdown';

/*
 * The agent skill (SKILL.md) mon prints: everything it says of commands, flags, effects, modes
 * and exit codes comes from `mon schema`'s document (the tables); what is written here is the
 * order of the tasks and their command lines, which the suite runs as they are, in order,
 * against one fresh sandbox in agent mode, each ending with the exit code its comment states
 * (test/e2e/examples.test.ts).
 */

/** The line that says a SKILL.md is mon's own: `mon skill --write` replaces only such a file. */
export const SKILL_MARK = '<!-- Written by `mon skill`: run `mon skill --write DIR` again to update it. -->';

interface Task {
  title: string;
  /** What to know first, one paragraph. */
  text: string;
  /** The commands it uses, by name (each one of the schema's: a test fails otherwise). */
  commands: string[];
  /** Real command lines, in order; `# exit N` when one does not end with 0. */
  lines: string[];
}

const INCIDENT = '--name "Checkout errors" --severity major --service Checkout';
const FIRST = '--message "We are investigating errors at checkout."';
const IDENTIFIED = '--status identified --message "A bad deploy; rolling back."';

export const TASKS: readonly Task[] = [
  {
    title: 'See what is broken',
    text: 'Start here in an outage: `status` is the open incidents, failing checks and late heartbeats in one read. All of these only read.',
    commands: ['status', 'incidents list', 'checks status', 'heartbeats list', 'heartbeats get'],
    lines: [
      'mon status',
      'mon incidents list --status all',
      'mon checks status',
      'mon heartbeats list',
      'mon heartbeats get "Nightly backup"',
    ],
  },
  {
    title: 'Rehearse an outage on the sandbox',
    text: "The sandbox's clock can be moved: its heartbeat monitors then miss their pings. `status --exit-status` exits 3 while something needs attention, 0 when all is well.",
    commands: ['sandbox clock advance', 'status'],
    lines: [
      'mon sandbox clock advance 2h     # the sandbox only: its heartbeats are late now',
      'mon status --exit-status         # exit 3: something needs attention',
    ],
  },
  {
    title: 'Open an incident (plan, then confirm)',
    text: "A write run without `--yes` prints its plan and exits 9, sending nothing. Show the plan's `changes` to the person you work for; when they agree, run its `confirmCommand` (the same line with `--plan-token`), which sends exactly what was planned, once.",
    commands: ['incidents create'],
    lines: [
      `token=$(mon incidents create ${INCIDENT} ${FIRST} --jq .planToken)   # exit 9: the plan, nothing sent`,
      `mon incidents create ${INCIDENT} ${FIRST} --plan-token "$token" --jq .id`,
    ],
  },
  {
    title: 'Post an update',
    text: 'The token is bound to the incident as it was planned: if another responder posts in between, it is refused with exit 10 naming what changed (make a new plan, show it again). A token sends once; `--dry-run` shows the plan without a token; `--yes` is for when the person has already said yes to this exact change.',
    commands: ['incidents list', 'incidents update', 'incidents get'],
    lines: [
      "id=$(mon incidents list --jq '.entries[0].id')   # the newest open incident",
      `mon incidents update "$id" ${IDENTIFIED} --dry-run`,
      `token=$(mon incidents update "$id" ${IDENTIFIED} --jq .planToken)   # exit 9: the plan`,
      `mon incidents update "$id" ${IDENTIFIED} --plan-token "$token"`,
      `mon incidents update "$id" ${IDENTIFIED} --plan-token "$token"   # exit 10: a token sends once`,
      'mon incidents update "$id" --status monitoring --message "Rolled back; watching." --yes',
      `mon incidents get "$id" --jq '.incidentUpdates | length'`,
    ],
  },
  {
    title: 'Resolve it',
    text: 'Resolving posts a RESOLVED update; the incident leaves `status` and the open list.',
    commands: ['incidents list', 'incidents resolve'],
    lines: [
      "id=$(mon incidents list --jq '.entries[0].id')",
      'mon incidents resolve "$id" --message "Checkout works again." --yes',
      "mon incidents list --status resolved --jq '.entries[0].name'",
    ],
  },
  {
    title: 'Anything else',
    text: '`mon api` calls any API path with the same credentials, safety and exit codes (a write plans as above). `mon schema` gives every flag of a command, with its input as JSON Schema.',
    commands: ['api', 'schema'],
    lines: ['mon api /v1/runtimes --jq length', "mon schema incidents update --jq '.commands[0].flags[].name'"],
  },
];

/** Command lines as a `sh` block (text/markdown.ts's fence, the one plans use too). */
const fence = (lines: readonly string[]) => mdCodeBlock(lines.join('\n'), 'sh').split('\n');

/** "`mon incidents update [INCIDENT_ID]`" */
function usage(command: SchemaCommand): string {
  const args = command.arguments.map((arg) => {
    const name = arg.variadic ? `${arg.name}...` : arg.name;
    return arg.required ? name : `[${name}]`;
  });
  return `\`mon ${[command.name, ...args].join(' ')}\``;
}

/** "read-only", "write, not idempotent", "destructive, idempotent, local" */
function effectWords(command: SchemaCommand): string {
  const { readOnly, destructive, idempotent, openWorld, byMethod } = command.classification;
  if (byMethod) return 'by method: GET read-only, POST/PUT/PATCH write, DELETE destructive';
  const kind = readOnly ? 'read-only' : destructive ? 'destructive' : 'write';
  const parts = [kind, ...(readOnly ? [] : [idempotent ? 'idempotent' : 'not idempotent'])];
  if (!openWorld) parts.push('this machine only');
  else if (command.planned) parts.push('planned');
  else if (!readOnly) parts.push('sent as given, never planned');
  return parts.join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The skill, as Markdown with its front matter. */
export function skillDocument(schema: SchemaDocument): string {
  const byName = new Map(schema.commands.map((command) => [command.name, command]));
  const named = (name: string): SchemaCommand => {
    const command = byName.get(name);
    if (!command) throw new Error(`The skill names "${name}", which is no command of mon.`);
    return command;
  };
  const agent = schema.modes.find((mode) => mode.name === 'agent');
  const codes = new Map<number, { kinds: string[]; meaning: string }>();
  for (const { code, kind, meaning } of schema.exitCodes) {
    const row = codes.get(code);
    if (row) row.kinds.push(kind);
    else codes.set(code, { kinds: [kind], meaning });
  }
  const out: string[] = [
    '---',
    'name: mon',
    'description: >-',
    '  Operate a monitoring service from the shell with mon: see what is broken (open incidents,',
    '  failing checks, late heartbeat monitors), open, update and resolve status-page incidents,',
    '  read and change checks and heartbeat monitors, or call any API path. Use it when the user',
    '  asks about an outage, an incident, a status page, a check or a cron heartbeat. Every write',
    '  is planned first (exit 9) and sent only with a token bound to what it was planned on.',
    '---',
    '',
    SKILL_MARK,
    '',
    `# mon ${schema.mon}`,
    '',
    '## When to use it',
    '',
    '- The user asks what is broken, or about an incident, a status page, a check, a heartbeat monitor or a runtime.',
    '- They want an incident opened, updated or resolved, a check or monitor created, changed or deleted.',
    "- Not for the service's web settings mon has no command for: `mon api PATH` reaches any API path.",
    '',
    '## Mode and the plan protocol',
    '',
    `mon runs in agent mode when ${agent!.when} (${agent!.markers!.map((marker) => `\`${marker.variable}\``).join(', ')}); if none is set where you run, set \`MON_MODE=agent\` (\`mon auth status\` says which mode and why). Agent mode: ${agent!.does}.`,
    '',
    '1. Read freely: read-only commands never change anything.',
    '2. A write without `--yes` prints one JSON object on stdout, `"status":"confirmation_required"`, and exits **9**: nothing was sent. It names the object by name and full ID and what would change (`changes`, before → after), the `request`, a `planToken`, `expiresAt` and `confirmCommand`.',
    '3. Show `changes` to the person. Only when they agree, run `confirmCommand` exactly: it sends what was planned, once.',
    '4. Exit **10** (`conflict`): the object changed since the plan (another responder posted), the token was used or expired. Nothing was sent: make a new plan and show it again.',
    '5. Exit **2**: a mistake in the command line (a flag, a value); the JSON error on stderr names it. Nothing was sent.',
    '6. `--dry-run` prints the plan without a token (exit 0). `--yes` skips the plan: only when the person already approved this exact change.',
    '',
    '| exit | kind | meaning |',
    '|---|---|---|',
    ...[...codes].map(([code, { kinds, meaning }]) =>
      kinds.length === 1
        ? `| ${code} | ${kinds[0]} | ${cell(meaning)} |`
        : `| ${code} | ${kinds.join(', ')} | a failure; the JSON error's kind and message say which |`,
    ),
    '',
    '## Rehearse on the sandbox',
    '',
    'mon has a sandbox built in: the whole API with sample data (status pages and services such as "Checkout", heartbeat monitors such as "Nightly backup"), no account needed. Add `--sandbox` to any command, or `export MON_SANDBOX=1`; `mon sandbox reset --yes` puts the sample data back.',
    '',
    'Every command line below runs as shown, in order, against a fresh sandbox in agent mode (the suite runs them all). Without the sandbox they act on the account.',
    '',
    '## Commands by task',
  ];
  for (const task of TASKS) {
    out.push('', `### ${task.title}`, '', task.text, '');
    for (const name of task.commands) {
      const command = named(name);
      out.push(`- ${usage(command)}: ${command.summary} (${effectWords(command)})`);
    }
    out.push('', ...fence(task.lines));
  }
  out.push(
    '',
    '## Every command',
    '',
    'Flags and their values: `mon COMMAND --help`, or `mon schema COMMAND` (JSON, the input as JSON Schema).',
    '',
  );
  for (const command of schema.commands) out.push(`- ${usage(command)}: ${command.summary} (${effectWords(command)})`);
  return `${out.join('\n')}\n`;
}
