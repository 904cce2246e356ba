import type { SandboxModule } from '../module';
import { alertChannelsModule } from './alertChannels';
import { checkResultsModule } from './checkResults';
import { checkSessionsModule } from './checkSessions';
import { checksModule } from './checks';
import { heartbeatsModule } from './heartbeats/index';
import { incidentsModule } from './incidents';
import { maintenanceWindowsModule } from './maintenanceWindows';
import { runtimesModule } from './runtimes';
import { statusPagesModule } from './statusPages';

/** The parts of the API the sandbox serves. A new resource is a new module in this list. */
export const MODULES: SandboxModule[] = [
  runtimesModule,
  statusPagesModule,
  alertChannelsModule,
  incidentsModule,
  checksModule,
  heartbeatsModule,
  maintenanceWindowsModule,
  checkSessionsModule,
  checkResultsModule,
];
