import { homedir } from 'node:os';
import { join } from 'node:path';

type Kind = 'config' | 'data' | 'cache';

/**
 * The platform directories for `mon` (the env-paths conventions, without its "-nodejs"
 * suffix). MON_CONFIG_DIR / MON_DATA_DIR / MON_CACHE_DIR override them.
 */
export function monDir(kind: Kind, env: NodeJS.ProcessEnv = process.env): string {
  const override = { config: env.MON_CONFIG_DIR, data: env.MON_DATA_DIR, cache: env.MON_CACHE_DIR }[kind];
  if (override) return override;
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') {
    const sub = { config: 'Preferences', data: 'Application Support', cache: 'Caches' }[kind];
    return join(home, 'Library', sub, 'mon');
  }
  if (process.platform === 'win32') {
    const appData = env.APPDATA || join(home, 'AppData', 'Roaming');
    const localAppData = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
    const sub = { config: 'Config', data: 'Data', cache: 'Cache' }[kind];
    return join(kind === 'config' ? appData : localAppData, 'mon', sub);
  }
  const xdg = {
    config: env.XDG_CONFIG_HOME || join(home, '.config'),
    data: env.XDG_DATA_HOME || join(home, '.local', 'share'),
    cache: env.XDG_CACHE_HOME || join(home, '.cache'),
  }[kind];
  return join(xdg, 'mon');
}

export function configFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(monDir('config', env), 'config.json');
}
