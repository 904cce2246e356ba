import type { SandboxModule } from '../server';

/** The heartbeats part of the API (filled in by its issue). */
export const heartbeatsModule: SandboxModule = {
  name: 'heartbeats',
  routes() {},
};
