import { once } from 'node:events';
import type { Input } from '../../core/flags/spec';
import type { Ctx } from '../../core/context';
import { CliError, UsageError } from '../../errors';
import { realFile, tryLock } from '../../lock';
import type { IO } from '../../io';
import { showRecord } from '../../output/present';
import { sayWarning } from '../../output/say';
import { lockFileFailure, prepareDataDir } from '../../sandbox/data-dir';
import { lockPath, SANDBOX_ACCOUNT_ID, sandboxExports } from '../../sandbox/defaults';
import { dataFileOf } from './shared/data-file';
import { parseFaults } from '../../sandbox/faults';
import { startSandbox } from '../../sandbox/server';
import type { SANDBOX } from './spec';
import { errorWords } from '../../text/codes';

/** What the table cannot say alone: the key's length and the fault list's grammar. */
function checkOptions(flags: Input<typeof SANDBOX>['flags']): void {
  const problems: string[] = [];
  if (flags.apiKey !== undefined && flags.apiKey.length < 8) problems.push('--api-key must be at least 8 characters');
  if (flags.faults !== undefined) {
    try {
      parseFaults(flags.faults);
    } catch (error) {
      problems.push(
        `--faults is not a fault list (${(error as Error).message.replace(/\.$/, '')}; see \`mon sandbox --help\`)`,
      );
    }
  }
  if (problems.length === 1) throw new UsageError(`${problems[0]}.`);
  if (problems.length)
    throw new UsageError(`${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** `mon sandbox`: serve until Ctrl-C (or SIGTERM), then stop cleanly and exit 0. */
export async function sandboxRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'cancel'>,
  { flags: options }: Input<typeof SANDBOX>,
): Promise<void> {
  checkOptions(options);
  const { io } = ctx;
  const dataFile = dataFileOf(ctx.env, options.data);
  const accountId = ctx.globals.account ?? SANDBOX_ACCOUNT_ID;
  prepareDataDir(dataFile, options.data !== undefined);

  let lock;
  try {
    // The real file: a symlink to it (or to its directory) is the same data, so the same lock.
    lock = tryLock(lockPath(realFile(dataFile)), 'mon sandbox');
  } catch (error) {
    throw lockFileFailure(error, dataFile, options.data !== undefined) ?? error;
  }
  if (!('release' in lock)) {
    const holder = lock.heldBy;
    const where = holder.server ? ` at ${holder.server.url}` : '';
    throw new CliError(
      'failure',
      `The data file ${dataFile} is in use by ${holder.what} (pid ${holder.pid}${where}).`,
      holder.server
        ? `Use that sandbox (MON_BASE_URL=${holder.server.url}), stop it, or pass another --data FILE.`
        : 'Wait for it to finish, or pass another --data FILE.',
    );
  }
  let sandbox;
  try {
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      dataFile,
      apiKey: options.apiKey,
      accountId,
      maxChecks: options.maxChecks,
      faults: options.faults,
      seedFile: options.seed,
      log: ctx.globals.debug || io.stderrIsTTY ? (line) => io.err(`${io.errStyle.dim(line)}\n`) : undefined,
    });
  } catch (error) {
    lock.release();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${options.port} on ${options.host} is already in use.`,
        'Pick another with --port, or --port 0 for any free port.',
      );
    }
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new UsageError(
        `Cannot listen on ${options.host}:${options.port}: ${errorWords(error, code)}.`,
        'Pick another --host or --port.',
      );
    }
    if (error instanceof Error && !(error instanceof CliError)) throw new CliError('failure', error.message);
    throw error;
  }
  const { apiKey, reachableAt } = sandbox;
  // Tell other mon commands where this data file is served, so they talk to us.
  lock.advertise({ url: sandbox.url, apiKey, accountId });
  const extra = sandbox.banner();
  // What another terminal needs to use it: one line of JSON for a script that starts it, lines for a person.
  const banner = (io: IO) => {
    const b = io.style.bold;
    const lines = [
      `${io.style.green('●')} mon sandbox is running`,
      '',
      `  ${b('Base URL:')}    ${sandbox.url}`,
      `  ${b('Ping URL:')}    ${sandbox.pingUrl}/<token>`,
      `  ${b('Account ID:')}  ${accountId}`,
      `  ${b('API key:')}     ${apiKey}`,
      `  ${b('Data:')}        ${dataFile}${sandbox.store.report.created ? ' (new, with sample data)' : ''}`,
      ...(sandbox.store.report.droppedTornTail
        ? [io.style.yellow('  (an unfinished last write in the data file was discarded)')]
        : []),
      ...(options.faults ? [`  ${b('Faults:')}      ${options.faults}`] : []),
      ...(extra.lines.length ? ['', ...extra.lines] : []),
      '',
      'Use it from another terminal:',
      ...sandboxExports({ baseUrl: sandbox.url, accountId, apiKey, pingUrl: sandbox.pingUrl }).map(
        (line) => `  ${line}`,
      ),
      '  mon status-pages list',
      '',
      'Press Ctrl-C to stop.',
    ];
    io.out(`${lines.join('\n')}\n`);
  };
  await showRecord(ctx, {
    json: {
      baseUrl: sandbox.url,
      pingUrl: sandbox.pingUrl,
      accountId,
      apiKey,
      dataFile,
      ...(reachableAt.length ? { reachableAt } : {}),
      ...extra.json,
    },
    compact: true,
    title: 'mon sandbox is running',
    fields: [
      { label: 'Base URL', key: 'baseUrl', value: sandbox.url },
      { label: 'Ping URL', key: 'pingUrl', value: `${sandbox.pingUrl}/<token>` },
      { label: 'Account ID', key: 'accountId', value: accountId },
      { label: 'API key', key: 'apiKey', value: apiKey },
      { label: 'Data', key: 'dataFile', value: dataFile },
    ],
    drawn: { table: banner, tsv: banner },
  });
  if (reachableAt.length) {
    // Beyond loopback, anyone who can reach this machine can use it, with the key printed above.
    sayWarning(
      io,
      `the sandbox listens beyond this machine (--host ${options.host}):\n` +
        `anyone who can reach it can use it, with its key. It can be reached at:\n` +
        reachableAt.map((url) => `  ${url}`).join('\n'),
      'Use --host 127.0.0.1 (the default) to keep it to this machine.',
    );
  }
  try {
    if (!ctx.cancel.aborted) await once(ctx.cancel.signal, 'abort');
  } finally {
    await sandbox.close();
    lock.release();
    io.err('Sandbox stopped.\n');
  }
}
