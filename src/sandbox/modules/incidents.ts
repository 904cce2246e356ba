import type { SandboxModule } from '../server';

/** The incidents part of the API (filled in by its issue). */
export const incidentsModule: SandboxModule = {
  name: 'incidents',
  routes() {},
};
