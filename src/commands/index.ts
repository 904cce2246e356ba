import type { Command } from 'commander';
import type { Ctx } from '../core/context';
import { apiCommand } from './api/index';
import { API } from './api/spec';
import { authCommand } from './auth/index';
import { AUTH } from './auth/spec';
import { checksCommand } from './checks/index';
import { CHECKS } from './checks/spec';
import { completeValuesCommand, completionCommand } from './completion/index';
import { COMPLETE_VALUES, COMPLETION } from './completion/spec';
import { configCommand } from './config/index';
import { CONFIG } from './config/spec';
import { heartbeatsCommand } from './heartbeats/index';
import { HEARTBEATS } from './heartbeats/spec';
import { incidentsCommand } from './incidents/index';
import { INCIDENTS } from './incidents/spec';
import { runtimesCommand } from './runtimes/index';
import { RUNTIMES } from './runtimes/spec';
import { sandboxCommand } from './sandbox/index';
import { statusCommand } from './status/index';
import { STATUS } from './status/spec';
import { SANDBOX } from './sandbox/spec';
import { statusPagesCommand } from './status-pages/index';
import { templatesCommand } from './templates/index';
import { TEMPLATES } from './templates/spec';
import { STATUS_PAGES } from './status-pages/spec';

export interface TopLevel {
  /** The heading it is listed under in `mon --help`. */
  group: string;
  spec: { name: string; summary: string };
  /** Builds its command tree. `tree` builds the whole program (completions describe all of it). */
  build: (ctx: Ctx, tree: () => Command) => Command;
  /** Built even when another command is run (a verb shows its arguments in `mon --help`). */
  eager?: boolean;
  /** Left out of help and suggestions (run by the completion scripts). */
  hidden?: boolean;
}

/** The top-level commands, in help order. */
export const TOP_LEVEL: TopLevel[] = [
  { group: 'Status pages and incidents:', spec: STATUS, build: statusCommand, eager: true },
  { group: 'Status pages and incidents:', spec: INCIDENTS, build: incidentsCommand },
  { group: 'Status pages and incidents:', spec: TEMPLATES, build: templatesCommand },
  { group: 'Status pages and incidents:', spec: STATUS_PAGES, build: statusPagesCommand },
  { group: 'Checks and runtimes:', spec: CHECKS, build: checksCommand },
  { group: 'Checks and runtimes:', spec: HEARTBEATS, build: heartbeatsCommand },
  { group: 'Checks and runtimes:', spec: RUNTIMES, build: runtimesCommand },
  { group: 'Setup:', spec: AUTH, build: authCommand },
  { group: 'Setup:', spec: CONFIG, build: configCommand },
  { group: 'Tools:', spec: API, build: apiCommand, eager: true },
  { group: 'Tools:', spec: COMPLETION, build: completionCommand, eager: true },
  { group: 'Tools:', spec: SANDBOX, build: sandboxCommand, eager: true },
  { group: 'Tools:', spec: COMPLETE_VALUES, build: completeValuesCommand, hidden: true },
];
