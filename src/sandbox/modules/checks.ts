import type { SandboxModule } from '../server';

/** The checks part of the API (filled in by its issue). */
export const checksModule: SandboxModule = {
  name: 'checks',
  routes() {},
};
