import type { Ctx } from '../../core/context';
import { usesEmbeddedSandbox } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { CliError } from '../../errors';
import { showList } from '../../output/present';
import { tableText, type Column } from '../../output/render';
import { sanitize } from '../../text/escape';
import { cutRows } from '../../text/wrap';
import { colorHttpStatus } from '../../output/say';
import { maskSecret, maskSecretValues } from '../../text/mask';
import { absoluteTime } from '../../text/time';
import { adminCall } from './shared/admin';
import { BODY_ROWS, type REQUESTS } from './spec';

/** One request as `mon sandbox requests` shows it. */
export interface ShownRequest {
  method: string;
  path: string;
  status: number | null;
  time: string;
  body: unknown;
}

const REDACTED = '[redacted]';

/**
 * The log without secrets: the API key redacted wherever it appears (and the `value` of a
 * check's secret variables), ping tokens masked in paths and wherever else they appear.
 */
export function redactRequests(entries: ShownRequest[], apiKey: string): ShownRequest[] {
  const tokens = new Set<string>();
  for (const entry of entries) {
    // A sandbox masks them itself (sandbox/redact.ts); one from before did not.
    const found = /^\/ping\/([^/?#]+)/.exec(entry.path)?.[1];
    if (!found || /[\u2026\u2022]/.test(found)) continue;
    tokens.add(found);
    try {
      tokens.add(decodeURIComponent(found));
    } catch {
      // Not percent-encoded text: the raw form is masked.
    }
  }
  const secrets: [string, string][] = [
    ...(apiKey ? [[apiKey, REDACTED] as [string, string]] : []),
    ...[...tokens].filter((token) => token.length >= 4).map((token): [string, string] => [token, maskSecret(token)]),
  ];
  const clean = (text: string) => secrets.reduce((out, [secret, shown]) => out.split(secret).join(shown), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return clean(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [clean(key), walk(inner)]));
  };
  return entries.map((entry) => ({
    method: entry.method,
    path: clean(entry.path),
    status: entry.status,
    time: entry.time,
    body: walk(maskSecretValues(entry.body, REDACTED)),
  }));
}

const bodyText = (body: unknown) => (body === undefined || body === null ? '' : JSON.stringify(body));

const COLUMNS: Column<ShownRequest>[] = [
  // On a terminal "11-23 12:25:10" (UTC, the year left out) leaves the width to PATH and BODY.
  {
    header: 'TIME (UTC)',
    value: (r) => r.time,
    display: (r) => r.time.slice(5, 19).replace('T', ' '),
    text: (r) => absoluteTime(r.time, 'seconds'),
  },
  { header: 'METHOD', value: (r) => r.method },
  // The end of a path tells requests apart: it is cut last, and in the middle.
  { header: 'PATH', value: (r) => r.path, shrink: 'last', cut: 'path' },
  {
    header: 'STATUS',
    value: (r) => r.status,
    display: (r) => r.status ?? '—',
    color: (text, r, io) => colorHttpStatus(io.style, r.status, text),
  },
  { header: 'BODY', value: (r) => bodyText(r.body), display: (r) => bodyText(r.body) || '—', shrink: true },
];

/** Where a body's rows start under its request. */
const BODY_INDENT = 2;

/**
 * On a terminal: one row per request (time, method, path, status), its body under it, escaped,
 * on rows of their own as wide as the terminal (at most BODY_ROWS of them without --full,
 * saying how much is left), so that a body is read, not cut to the few cells a column leaves.
 */
async function renderLog(io: Ctx['io'], shown: readonly ShownRequest[], full: boolean): Promise<void> {
  const width = io.columns();
  const [header, ...rows] = (await tableText(io, shown, COLUMNS.slice(0, -1), width)).trimEnd().split('\n');
  const lines = [header!];
  shown.forEach((entry, index) => {
    lines.push(rows[index]!);
    const text = sanitize(bodyText(entry.body));
    const cut = cutRows(text, width - BODY_INDENT);
    const kept = full || cut.length <= BODY_ROWS ? cut : cut.slice(0, BODY_ROWS);
    lines.push(...kept.map((row) => `${' '.repeat(BODY_INDENT)}${io.style.dim(row)}`));
    if (kept.length < cut.length) {
      const left = cut.slice(kept.length).join('').length;
      lines.push(
        `${' '.repeat(BODY_INDENT)}… ${left.toLocaleString('en-US')} more characters (--full shows every body whole)`,
      );
    }
  });
  const paged = lines.length > io.rows() && (await io.startPager());
  try {
    io.outRaw(`${lines.join('\n')}\n`);
  } finally {
    if (paged) await io.endPager();
  }
}

function isLogged(value: unknown): value is ShownRequest {
  const entry = value as Partial<ShownRequest> | null;
  return typeof entry?.method === 'string' && typeof entry.path === 'string';
}

/** `mon sandbox requests`: GET /__sandbox/requests?limit=N, secrets taken out. */
export async function sandboxRequestsRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'env' | 'api'>,
  { flags }: Input<typeof REQUESTS>,
): Promise<void> {
  const answer = await adminCall<unknown>(ctx, {
    method: 'GET',
    path: '/__sandbox/requests',
    query: { limit: flags.limit },
  });
  if (!Array.isArray(answer) || !answer.every(isLogged)) {
    throw new CliError(
      'response',
      'The sandbox answered GET /__sandbox/requests with something that is not a request log.',
    );
  }
  const logged = answer.slice(-flags.limit).map((entry) => ({
    method: entry.method,
    path: entry.path,
    status: typeof entry.status === 'number' ? entry.status : null,
    time: typeof entry.time === 'string' ? entry.time : '',
    body: entry.body ?? null,
  }));
  const shown = redactRequests(logged, (await ctx.api()).config.apiKey);
  await showList(ctx, {
    rows: shown,
    columns: COLUMNS,
    json: shown,
    empty: usesEmbeddedSandbox(ctx)
      ? 'No requests recorded. The embedded sandbox (--sandbox) starts afresh for each command: run `mon sandbox` to keep a log.'
      : 'No requests recorded yet.',
    // Said even when piped: an empty log is more often a question (why?) than an answer.
    emptyAlways: true,
    drawn: { table: (io, rows) => renderLog(io, rows, Boolean(flags.full)) },
  });
}
