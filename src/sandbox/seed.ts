import { existsSync } from 'node:fs';
import { API_KEY_META } from './defaults';
import { SandboxClock, type ModuleContext, type SandboxOptions } from './module';
import { MODULES } from './modules/index';
import { Store } from './store';

/** Adds each module's starting data to a store that has none of it yet (once per data file). */
export function seedModules(ctx: ModuleContext): void {
  for (const module of MODULES) {
    if (module.seed && !ctx.store.meta(`seeded.${module.name}`)) {
      module.seed(ctx);
      ctx.store.setMeta(`seeded.${module.name}`, true);
    }
  }
}

/**
 * `mon sandbox reset`: the data file holds the seeded data again and nothing else (the
 * clock offset included), but its own API key stays: the key is not data, and scripts keep
 * working. The new journal is written beside the old one and renamed over it, so the file is
 * never half old, half new.
 */
export function resetDataFile(
  file: string,
  options: Pick<SandboxOptions, 'accountId'>,
  now: () => number = Date.now,
): void {
  const apiKey = existsSync(file) ? Store.read(file).meta<unknown>(API_KEY_META) : undefined;
  Store.replace(file, (store) => {
    seedModules({ store, clock: new SandboxClock(now), options: { ...options }, baseUrl: () => '', pingUrl: () => '' });
    if (typeof apiKey === 'string') store.setMeta(API_KEY_META, apiKey);
  });
}
