import { existsSync } from 'node:fs';
import type { HeartbeatState, TimeUnit } from '../api/heartbeat-rules';
import { API_KEY_META, statusPagePath } from './defaults';
import { CLOCK_OFFSET_META, SandboxClock } from './module';
import { monitors } from './modules/heartbeats/store';
import { currentState } from './modules/heartbeats/timeline';
import { publicPages } from './modules/statusPages';
import { Store } from './store';

export interface HeartbeatSummary {
  name: string;
  checkId: string;
  pingToken: string;
  period: number;
  periodUnit: TimeUnit;
  grace: number;
  graceUnit: TimeUnit;
  state: HeartbeatState;
}

/**
 * What a sandbox data file holds for someone who wants to use it: its heartbeat monitors
 * (check ID, ping token, state by the sandbox clock), read without changing the file,
 * starting anything or taking its lock. Undefined when there is no such file yet.
 */
export function inspectDataFile(
  file: string,
  now: () => number = Date.now,
):
  | {
      heartbeats: HeartbeatSummary[];
      /** The public status pages: name and path (/status/<url>). */
      statusPages: { name: string; path: string }[];
      clockOffsetMs: number;
      apiKey: string | undefined;
    }
  | undefined {
  if (!existsSync(file)) return undefined;
  const store = Store.read(file);
  const clockOffsetMs = store.meta<number>(CLOCK_OFFSET_META) ?? 0;
  const ctx = { store, clock: new SandboxClock(now, clockOffsetMs) };
  const heartbeats = monitors(ctx)
    .values()
    .map((monitor) => ({
      name: monitor.name,
      checkId: monitor.id,
      pingToken: monitor.pingToken,
      period: monitor.period,
      periodUnit: monitor.periodUnit,
      grace: monitor.grace,
      graceUnit: monitor.graceUnit,
      state: currentState(ctx, monitor),
    }));
  // Its own key (a file from before mon kept one has none until a sandbox serves it again).
  const apiKey = store.meta<unknown>(API_KEY_META);
  const statusPages = publicPages(ctx).map((page) => ({ name: page.name, path: statusPagePath(page.url) }));
  return { heartbeats, statusPages, clockOffsetMs, apiKey: typeof apiKey === 'string' ? apiKey : undefined };
}
