import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { usesEmbeddedSandbox } from '../../core/context';
import { CliError } from '../../errors';
import { showRecord } from '../../output/present';
import type { Column } from '../../output/render';
import type { IO } from '../../io';
import { SANDBOX_ACCOUNT_ID, sandboxExports } from '../../sandbox/defaults';
import { inspectDataFile, type HeartbeatSummary } from '../../sandbox/inspect';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../sandbox/limits';
import { sanitize } from '../../text/escape';
import { colorValue } from '../../output/say';
import { humanDuration } from '../../text/time';
import { dataFileOf, holderOf } from './shared/data-file';
import type { INFO } from './spec';
import { shellQuote } from '../../text/shell';

const every = (amount: number, unit: string) => `${amount} ${amount === 1 ? unit.replace(/s$/, '') : unit}`;

const PAGE_COLUMNS: Column<{ name: string; url: string }>[] = [
  { header: 'NAME', value: (page) => page.name },
  { header: 'URL', value: (page) => page.url },
];

const HEARTBEAT_COLUMNS: Column<HeartbeatSummary>[] = [
  { header: 'NAME', value: (h) => h.name, shrink: true },
  { header: 'STATE', value: (h) => h.state, color: (text, h, io) => colorValue(io.style, h.state, text) },
  { header: 'EVERY', value: (h) => every(h.period, h.periodUnit) },
  { header: 'GRACE', value: (h) => every(h.grace, h.graceUnit) },
  { header: 'CHECK ID', value: (h) => h.checkId },
  { header: 'PING TOKEN', value: (h) => h.pingToken },
];

/**
 * `mon sandbox info`: what a user needs to use a sandbox (base URL, credentials, heartbeat
 * check IDs and ping tokens), read from its data file without starting anything.
 */
export async function sandboxInfoRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'now' | 'cancel'>,
  { flags }: Input<typeof INFO>,
): Promise<void> {
  const { io } = ctx;
  const dataFile = dataFileOf(ctx.env, flags.data);
  const embedded = usesEmbeddedSandbox(ctx) && flags.data === undefined;
  const start = flags.data === undefined ? 'mon sandbox' : `mon sandbox --data ${shellQuote(flags.data)}`;
  const inspect = () => {
    try {
      return inspectDataFile(dataFile, ctx.now);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError('failure', sanitize((error as Error).message), 'It was left as it is.');
    }
  };
  let data = inspect();
  if (!data && embedded) {
    // As every other `mon --sandbox` command: the embedded sandbox starts, with its sample data, on first use.
    const { startEmbeddedSandbox } = await import('../../sandbox/embedded');
    await (await startEmbeddedSandbox({ env: ctx.env, io, signal: ctx.cancel.signal })).close();
    data = inspect();
  }
  if (!data) {
    throw new CliError(
      'failure',
      `There is no sandbox data file at ${dataFile} yet.`,
      flags.data === undefined
        ? 'It is created, with sample data, by the first `mon sandbox` or `mon --sandbox COMMAND` (e.g. `mon --sandbox runtimes list`); then run this again.'
        : `It is created, with sample data, by \`${start}\`; then run this again.`,
    );
  }
  const holder = holderOf(dataFile);
  const server = holder?.server;
  const running = server ?? {
    url: `http://${DEFAULT_HOST}:${DEFAULT_PORT}`,
    // The data file's own key, which a `mon sandbox` started on it serves with.
    apiKey: data.apiKey ?? null,
    accountId: ctx.globals.account ?? SANDBOX_ACCOUNT_ID,
  };
  const info: Info = {
    baseUrl: running.url,
    accountId: running.accountId,
    apiKey: running.apiKey,
    pingUrl: `${running.url}/ping`,
    statusPages: data.statusPages.map((page) => ({ name: page.name, url: `${running.url}${page.path}` })),
    heartbeats: data.heartbeats,
  };
  await showRecord(ctx, {
    json: info,
    title: 'Sandbox',
    fields: [
      { label: 'Base URL', key: 'baseUrl', value: info.baseUrl },
      { label: 'Account ID', key: 'accountId', value: info.accountId },
      { label: 'API key', key: 'apiKey', value: info.apiKey },
      { label: 'Ping URL', key: 'pingUrl', value: info.pingUrl },
    ],
    sections: [
      {
        kind: 'rows',
        title: 'Status pages',
        key: 'status-page',
        rows: info.statusPages,
        columns: PAGE_COLUMNS,
        empty: 'None.',
      },
      {
        kind: 'rows',
        title: 'Heartbeat monitors',
        key: 'heartbeat',
        rows: info.heartbeats,
        columns: HEARTBEAT_COLUMNS,
        empty: 'No heartbeat monitors.',
      },
    ],
    drawn: { table: (io) => screen(io, { dataFile, start, embedded, holder, data, info }) },
  });
}

interface Info {
  baseUrl: string;
  accountId: string;
  apiKey: string | null;
  pingUrl: string;
  statusPages: { name: string; url: string }[];
  heartbeats: HeartbeatSummary[];
}

/** What the screen says besides the info: the data file, who serves it, how to start one. */
interface Shown {
  dataFile: string;
  start: string;
  embedded: boolean;
  holder: ReturnType<typeof holderOf>;
  data: NonNullable<ReturnType<typeof inspectDataFile>>;
  info: Info;
}

/** What a person at a terminal reads: where the data is, whether it is served, how to use it. */
function screen(io: IO, shown: Shown): void {
  const { dataFile, start, embedded, holder, data, info } = shown;
  const server = holder?.server;
  const b = io.style.bold;
  const lines = [`${b('Data file:')} ${sanitize(dataFile)}`];
  if (server) {
    lines.push(
      `${io.style.green('●')} Served by a running \`mon sandbox\` (pid ${holder!.pid}) at ${sanitize(server.url)}.`,
    );
  } else {
    lines.push(`${io.style.dim('○')} No \`mon sandbox\` serves it. To serve it at the base URL below: \`${start}\``);
    if (embedded)
      lines.push('  (`mon --sandbox COMMAND` uses it too, starting it for that one command on a free port.)');
  }
  if (data.clockOffsetMs > 0) {
    lines.push(
      `${b('Clock:')} ${humanDuration(data.clockOffsetMs / 1000)} ahead of the real time (mon sandbox clock advance)`,
    );
  }
  lines.push(
    '',
    `The sandbox's own credentials (not an account's; shown so you can use them):`,
    `  ${b('Base URL:')}    ${sanitize(info.baseUrl)}${server ? '' : ' (when started)'}`,
    `  ${b('Ping URL:')}    ${sanitize(info.pingUrl)}/<ping token>`,
    `  ${b('Account ID:')}  ${sanitize(info.accountId)}`,
    `  ${b('API key:')}     ${info.apiKey === null ? 'none yet: `mon sandbox` makes one (its own, random) when it next serves this file' : sanitize(info.apiKey)}`,
    '',
    ...sandboxExports({ ...info, apiKey: info.apiKey ?? '…' }).map((line) => `  ${sanitize(line)}`),
    '',
  );
  if (info.statusPages.length) {
    lines.push(
      `Status pages, as subscribers see them (no key needed${server ? '' : '; served while a sandbox runs'}):`,
      ...info.statusPages.map((page) => `  ${sanitize(page.name)}  ${sanitize(page.url)}`),
      '',
    );
  }
  io.out(`${lines.join('\n')}\n`);
  if (info.heartbeats.length === 0) {
    io.out('No heartbeat monitors.\n');
    return;
  }
  // One block per monitor: the IDs stay whole on a narrow terminal.
  const blocks = info.heartbeats.map((h) =>
    [
      `  ${b(sanitize(h.name))}  ${colorValue(io.style, h.state)}  (every ${every(h.period, h.periodUnit)}, grace ${every(h.grace, h.graceUnit)})`,
      `    check ID:    ${sanitize(h.checkId)}`,
      `    ping token:  ${sanitize(h.pingToken)}`,
    ].join('\n'),
  );
  io.out(`Heartbeat monitors (mon heartbeats ping TOKEN, mon heartbeats events CHECK_ID):\n${blocks.join('\n')}\n`);
}
