import type { Command } from 'commander';
import type { Ctx } from '../core/context';
import { TOP } from './top-level';

/** Builds a command's tree. `tree` builds the whole program (completions describe all of it). */
export type Builder = (ctx: Ctx, tree: () => Promise<Command>) => Command;

export interface TopLevel {
  /** The heading it is listed under in `mon --help`. */
  group: string;
  spec: { name: string; summary: string };
  /** Its module, loaded only when the command is built: a command line loads the one it runs. */
  load: () => Promise<Builder>;
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
    load: async () => (await import('./status/index')).statusCommand,
    eager: true,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.incidents,
    load: async () => (await import('./incidents/index')).incidentsCommand,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.templates,
    load: async () => (await import('./templates/index')).templatesCommand,
  },
  {
    group: 'Status pages and incidents:',
    spec: TOP.statusPages,
    load: async () => (await import('./status-pages/index')).statusPagesCommand,
  },
  { group: 'Checks and runtimes:', spec: TOP.checks, load: async () => (await import('./checks/index')).checksCommand },
  {
    group: 'Checks and runtimes:',
    spec: TOP.heartbeats,
    load: async () => (await import('./heartbeats/index')).heartbeatsCommand,
  },
  {
    group: 'Checks and runtimes:',
    spec: TOP.runtimes,
    load: async () => (await import('./runtimes/index')).runtimesCommand,
  },
  { group: 'Setup:', spec: TOP.auth, load: async () => (await import('./auth/index')).authCommand },
  { group: 'Setup:', spec: TOP.config, load: async () => (await import('./config/index')).configCommand },
  { group: 'Tools:', spec: TOP.api, load: async () => (await import('./api/index')).apiCommand, eager: true },
  {
    group: 'Tools:',
    spec: TOP.completion,
    load: async () => (await import('./completion/index')).completionCommand,
    eager: true,
  },
  {
    group: 'Tools:',
    spec: TOP.sandbox,
    load: async () => (await import('./sandbox/index')).sandboxCommand,
    eager: true,
  },
  {
    group: 'Tools:',
    spec: TOP.completeValues,
    load: async () => (await import('./completion/index')).completeValuesCommand,
    hidden: true,
  },
];
