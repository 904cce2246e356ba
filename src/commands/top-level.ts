/*
 * The top-level commands' names and one-line summaries: what `mon --help` lists, and all that a
 * command line running another command builds of them (program.ts), without loading their
 * modules. Each command's spec.ts takes its own from here.
 */
export const TOP = {
  status: { name: 'status', summary: 'What is broken right now: open incidents, failing checks, late heartbeats' },
  incidents: { name: 'incidents', summary: 'Open, update and resolve status-page incidents' },
  maintenance: {
    name: 'maintenance',
    summary: 'Deploys and maintenance: a window that silences alerts while a command runs, always ended',
  },
  templates: { name: 'templates', summary: 'Message templates for incident updates, stored per profile' },
  statusPages: { name: 'status-pages', summary: 'Status pages, cards and services (find service IDs)' },
  checks: { name: 'checks', summary: 'List, show, create and delete checks, and see how they are doing' },
  heartbeats: {
    name: 'heartbeats',
    summary: 'Heartbeat monitors: create, change, events, availability, pings, cron jobs',
  },
  runtimes: { name: 'runtimes', summary: 'The runtimes checks run on: Node.js, stage, packages' },
  auth: { name: 'auth', summary: 'Log in, see which credentials are in use, log out' },
  config: { name: 'config', summary: 'Read and change the stored profile settings' },
  api: { name: 'api', summary: 'Make an authenticated request to any API path' },
  completion: { name: 'completion', summary: 'Print shell completions for bash, zsh or fish' },
  completeValues: {
    name: '__complete',
    summary: 'Values for the shell completions: one per line, a tab, then a description',
  },
  sandbox: { name: 'sandbox', summary: 'Serve a local copy of the whole API, to try mon' },
  schema: { name: 'schema', summary: "mon's commands, flags, exit codes and environment as JSON (JSON Schema inputs)" },
  skill: { name: 'skill', summary: 'An agent skill (SKILL.md) for mon: the plan protocol and the commands by task' },
  mcp: { name: 'mcp', summary: "Serve mon's commands to an AI agent as MCP tools (stdio), read-only by default" },
} as const;
