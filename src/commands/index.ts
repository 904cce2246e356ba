import type { CommandNode } from '../core/flags/tree';
import { TOP } from './top-level';

export interface TopLevel {
  /** The heading it is listed under in `mon --help`. */
  group: string;
  spec: { name: string; summary: string };
  /** Its tree, loaded only when the command is built or run: a command line loads the one it runs. */
  load: () => Promise<CommandNode>;
  /** Built for `mon --help` too (a verb shows its arguments there). */
  eager?: boolean;
  /** Left out of help and suggestions (run by the completion scripts). */
  hidden?: boolean;
}

/** The top-level commands, in help order. */
export const TOP_LEVEL: TopLevel[] = [
  {
    group: 'Status pages and incidents:',
    spec: TOP.status,
    load: async () => (await import('./status/index')).status,
    eager: true,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.incidents,
    load: async () => (await import('./incidents/index')).incidents,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.maintenance,
    load: async () => (await import('./maintenance/index')).maintenance,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.templates,
    load: async () => (await import('./templates/index')).templates,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.statusPages,
    load: async () => (await import('./status-pages/index')).statusPages,
  },
  { group: 'Checks and runtimes:', spec: TOP.checks, load: async () => (await import('./checks/index')).checks },
  {
    group: 'Checks and runtimes:',
    spec: TOP.heartbeats,
    load: async () => (await import('./heartbeats/index')).heartbeats,
  },
  {
    group: 'Checks and runtimes:',
    spec: TOP.runtimes,
    load: async () => (await import('./runtimes/index')).runtimes,
  },
  { group: 'Setup:', spec: TOP.auth, load: async () => (await import('./auth/index')).auth },
  { group: 'Setup:', spec: TOP.config, load: async () => (await import('./config/index')).config },
  { group: 'Tools:', spec: TOP.api, load: async () => (await import('./api/index')).api, eager: true },
  {
    group: 'Tools:',
    spec: TOP.completion,
    load: async () => (await import('./completion/index')).completion,
    eager: true,
  },
  {
    group: 'Tools:',
    spec: TOP.sandbox,
    load: async () => (await import('./sandbox/index')).sandbox,
    eager: true,
  },
  { group: 'Tools:', spec: TOP.schema, load: async () => (await import('./schema/index')).schema },
  { group: 'Tools:', spec: TOP.skill, load: async () => (await import('./skill/index')).skill },
  { group: 'Tools:', spec: TOP.mcp, load: async () => (await import('./mcp/index')).mcp },
  {
    group: 'Tools:',
    spec: TOP.completeValues,
    load: async () => (await import('./completion/index')).completeValues,
    hidden: true,
  },
];
