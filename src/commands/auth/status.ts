import { ApiError } from '../../api/errors';
import { SETTINGS, SETTING_NAMES, type Setting, type Settings } from '../../config/settings';
import type { Ctx } from '../../core/context';
import { hasStoredKey, rejectedKey } from '../../core/credentials';
import { AuthError, CliError } from '../../errors';
import { showList } from '../../output/present';
import type { Column } from '../../output/render';
import { saySuccess } from '../../output/say';
import { maskSecret, maskUrl } from '../../text/mask';

type StatusCtx = Pick<Ctx, 'io' | 'globals' | 'settings' | 'config' | 'api' | 'mode'>;

interface Row {
  name: string;
  value: string | number | boolean | null;
  source: string;
}

/** Each setting in use, shown as typed in `mon config` (the key masked), and where it came from. */
function rows(settings: Settings): Row[] {
  const out: Row[] = [{ name: 'profile', value: settings.profile.value, source: settings.profile.source }];
  for (const name of SETTING_NAMES) {
    const setting = settings[SETTINGS[name].field] as Setting<string | number | boolean> | undefined;
    const value =
      setting === undefined
        ? null
        : name === 'api-key'
          ? maskSecret(String(setting.value))
          : name === 'timeout'
            ? Number(setting.value) / 1000
            : typeof setting.value === 'string'
              ? maskUrl(setting.value)
              : setting.value;
    out.push({ name, value, source: setting?.source ?? 'not set' });
  }
  return out;
}

const COLUMNS: Column<Row>[] = [
  { header: 'SETTING', value: (row) => row.name },
  { header: 'VALUE', value: (row) => row.value, display: (row) => row.value ?? '—' },
  {
    header: 'SOURCE',
    value: (row) => row.source,
    color: (text, row, io) => (row.value === null ? io.style.yellow(text) : io.style.dim(text)),
  },
];

type Check = { result: 'ok' | 'rejected' | 'unreachable'; status?: number; message: string; error?: unknown };

/** One authenticated request (the first status page) says whether the key works. */
async function checkKey(ctx: StatusCtx, settings: Settings): Promise<Check> {
  try {
    const client = await ctx.api();
    await client.request({ method: 'GET', path: '/v1/status-pages', query: { limit: 1 } });
    return { result: 'ok', message: `The key works: ${settings.baseUrl!.value} accepted it.` };
  } catch (caught) {
    const profile = settings.profile.value;
    const error = rejectedKey(caught, settings.apiKey!.source, profile, () => hasStoredKey(ctx, profile));
    if (error instanceof ApiError && error.kind === 'auth')
      return { result: 'rejected', status: error.status, message: error.message, error };
    return { result: 'unreachable', message: `Could not check the key: ${(error as Error).message}`, error };
  }
}

/**
 * `mon auth status`: every setting in use and where it comes from, then one request to
 * check the key. Exit 0 when it works, 4 when it is rejected (or there is none), 1 when the
 * server cannot be reached.
 */
export async function statusRun(ctx: StatusCtx): Promise<void> {
  const settings = await ctx.settings();
  const { io } = ctx;
  const configFile = ctx.config().path;
  const check = settings.apiKey && settings.baseUrl ? await checkKey(ctx, settings) : undefined;
  const shown = rows(settings);
  const { mode, reason } = ctx.mode();
  await showList(ctx, {
    // Who mon takes the caller for (src/mode.ts: prompts, output, plans), and why, as the first row.
    rows: [{ name: 'mode', value: mode, source: reason }, ...shown],
    columns: COLUMNS,
    json: {
      mode,
      modeReason: reason,
      ...Object.fromEntries(
        shown.map((row) => [row.name, row.value === null ? null : { value: row.value, source: row.source }]),
      ),
      'config-file': configFile,
      'key-check': check
        ? { result: check.result, ...(check.status ? { status: check.status } : {}), message: check.message }
        : null,
    },
    empty: '',
    after: (io) => io.out(`\n${io.style.dim(`Config file: ${configFile}`)}\n`),
  });
  if (check?.result === 'ok') saySuccess(io, check.message);
  if (!settings.apiKey) {
    throw new AuthError(
      `Not logged in: profile "${settings.profile.value}" has no API key and MON_API_KEY is not set.`,
    );
  }
  if (!check)
    throw new AuthError(
      'No API base URL is configured, so the key cannot be checked.',
      (next) => `Run ${next('auth login')}, or set MON_BASE_URL.`,
    );
  if (check.result === 'ok') return;
  if (check.result === 'rejected') throw check.error;
  const kind = check.error instanceof CliError ? check.error.kind : 'network';
  throw new CliError(
    kind === 'auth' ? 'network' : kind,
    check.message,
    check.error instanceof CliError ? check.error.nextStep : undefined,
  );
}
