import { commandLine } from '../text/next';
import type { ApiClient, ClientOptions } from '../api/client';
import type { ApiRequest, ClientConfig, PreparedRequest } from '../api/request';
import { ConfigStore } from '../config/store';
import { editorCommand, envFlag } from '../env';
import { AuthError, UsageError } from '../errors';
import type { IO } from '../io';
import { useJq } from '../output/jq';
import { outputFlags } from '../output/present';
import { sayWarning } from '../output/say';
import type { Prompter } from './prompter';
import { terminalPrompter } from './terminal-prompter';
import { accessibleSetting, needsProfile, profileName, resolveSettings, type Settings } from '../config/settings';
import type { Profile } from '../config/store';
import type { GlobalOptions } from './flags/globals';
import type { Reading } from './flags/read';
import type { Invocation } from './flags/spec';
import { detectMode, type ModeDecision } from '../mode';
import { Progress, type Timers } from './progress';
import { Cancellation } from '../signals';

/**
 * What a command may use. Everything expensive (config file, API client, embedded
 * sandbox) is created on first use, so `mon --help` touches none of it. Run functions take
 * a `Pick<Ctx, ...>` of what they need, which is what tests fake.
 */
export interface Ctx {
  io: IO;
  env: NodeJS.ProcessEnv;
  prompter: Prompter;
  /**
   * Aborted on Ctrl-C or SIGTERM (cli.ts), with the signal's name; an API call listens to it
   * (signals.ts), and `cancel.signal` is an AbortSignal for Node or a package. Not a getter of
   * the context: with one on each context, `mon mcp` (a context per call) grew Node 24's young
   * generation to 128 MB (RSS 150-160 MB after 1,000 calls, against 107-116).
   */
  cancel: Cancellation;
  /** The global flags, known once commander has parsed the command line. */
  globals: GlobalOptions;
  /** The command being run, e.g. "mon incidents create" (for messages). */
  commandPath: string;
  /** The command line as read (core/flags/read.ts; a plan's confirmCommand is made from its words), once it is read. */
  line?: Reading;
  /** The verb running, with its input as read (set by runVerb): what a write's plan is bound to. */
  verb?: Invocation;
  /** Who is calling (src/mode.ts), decided once from the environment and stdin; an unknown MON_MODE is exit 2. */
  mode(): ModeDecision;
  config(): ConfigStore;
  settings(): Promise<Settings>;
  /** A client for the resolved account; fails with exit 4 when no key is configured. */
  api(): Promise<ApiClient>;
  /**
   * A client for other credentials (auth login checks them before saving) or another host
   * (heartbeat pings: no key, fewer attempts, a shorter deadline).
   */
  clientFor(
    config: ClientConfig,
    tuning?: Partial<Pick<ClientOptions, 'timeoutMs' | 'maxAttempts'>>,
  ): Promise<ApiClient>;
  /** What a request would look like, for --dry-run (needs a base URL, not a key). */
  prepare(request: ApiRequest): Promise<PreparedRequest>;
  /** Run at the end of the command (close connections, stop the embedded sandbox). */
  onClose(task: () => Promise<void> | void): void;
  close(): Promise<void>;
  /** The clock, injectable for tests. */
  now(): number;
  /** The spinner of a terminal (see progress.ts); off when piped, with --json or under CI. */
  progress(): Progress;
  /** Accessible mode (MON_ACCESSIBLE or the profile's `accessible`): no animation, plain numbered prompts. */
  accessible(): boolean;
  /** Where the key of `api()`'s client came from, once it exists: a 401/403 names it. */
  keySource?: { source: string; profile: string };
  /** Set by a command whose output depends only on its command line and the width (help, completion scripts). */
  outputReusable?: boolean;
  /**
   * Runs another command line in this process with a context of its own and returns its exit
   * code: main.ts's main(), handed down by main() itself (`mon mcp` runs each tool call so).
   */
  runLine?: (argv: string[], ctx: Ctx) => Promise<number>;
  /**
   * This command serves others for as long as it runs (`mon mcp`): an embedded sandbox it
   * starts is advertised in its lock, so that other mon commands talk to it instead of waiting.
   */
  serving?: boolean;
}

export interface ContextOptions {
  io: IO;
  env?: NodeJS.ProcessEnv;
  prompter?: Prompter;
  cancel?: Cancellation;
  now?: () => number;
  /** The spinner's timers (tests pass their own). */
  timers?: Timers;
  /** Client tuning for tests (shorter backoff). */
  clientOverrides?: Partial<ClientOptions>;
  /**
   * The settings, resolved once by a longer-lived context (`mon mcp`'s, whose embedded sandbox
   * and profile every call uses), instead of resolving them (and starting a sandbox) again.
   */
  settings?: () => Promise<Settings>;
  /** The connections of the API clients, shared with other contexts (`mon mcp`'s calls) and closed by their owner. */
  pool?: ClientOptions['pool'];
}

export function createContext(options: ContextOptions): Ctx {
  const { io } = options;
  const env = options.env ?? process.env;
  const closers: (() => Promise<void> | void)[] = [];
  let store: ConfigStore | undefined;
  let settings: Promise<Settings> | undefined;
  let client: Promise<ApiClient> | undefined;
  let progress: Progress | undefined;
  let accessible: boolean | undefined;
  let mode: ModeDecision | undefined;
  const cancel = options.cancel ?? new Cancellation();

  const ctx: Ctx = {
    io,
    env,
    prompter:
      options.prompter ??
      terminalPrompter(io, { accessible: () => ctx.accessible(), cancel, editor: () => editorCommand(env) }),
    cancel,
    globals: {},
    commandPath: 'mon',
    now: options.now ?? Date.now,

    mode() {
      mode ??= detectMode(env, io.stdinIsTTY);
      return mode;
    },

    progress() {
      // Decided once the global flags are known: only for a person at a terminal (and only
      // then is the profile read for its accessible mode).
      const shown = io.stderrIsTTY && io.stdoutIsTTY && !ctx.globals.json && !envFlag(env.CI) && !ctx.globals.debug;
      progress ??= new Progress(io, shown, options.timers, shown && ctx.accessible());
      return progress;
    },

    accessible() {
      accessible ??= (() => {
        try {
          const name = profileName(ctx.globals, env).value;
          return accessibleSetting(env, ctx.config().profile(name), name).value;
        } catch {
          // A profile or config file that cannot be read is reported by what needs it, not here.
          return accessibleSetting(env, undefined, '').value;
        }
      })();
      return accessible;
    },

    config() {
      store ??= new ConfigStore(env, (line) => sayWarning(io, line));
      return store;
    },

    settings() {
      settings ??= (options.settings?.() ?? loadSettings(ctx)).then((resolved) => {
        // From here on, every line mon writes shows the key masked, whatever text carries it.
        if (resolved.apiKey) io.addSecret(resolved.apiKey.value);
        return resolved;
      });
      return settings;
    },

    async api() {
      client ??= (async () => {
        const resolved = await ctx.settings();
        const where = `profile "${resolved.profile.value}"`;
        if (!resolved.apiKey) throw new AuthError(`No API key is configured (${where}, MON_API_KEY).`);
        if (!resolved.baseUrl) {
          throw new AuthError(
            `No API base URL is configured (${where}, MON_BASE_URL).`,
            (next) =>
              `Run ${next('auth login')}, or set MON_BASE_URL (try \`mon --sandbox ...\` to use the local sandbox).`,
          );
        }
        ctx.keySource = { source: resolved.apiKey.source, profile: resolved.profile.value };
        return ctx.clientFor({
          baseUrl: resolved.baseUrl.value,
          apiKey: resolved.apiKey.value,
          accountId: resolved.accountId?.value,
        });
      })();
      return client;
    },

    async clientFor(config, tuning = {}) {
      const resolved = await ctx.settings();
      if (config.apiKey) io.addSecret(config.apiKey);
      const { ApiClient } = await import('../api/client');
      const created = new ApiClient({
        ...config,
        timeoutMs: tuning.timeoutMs ?? resolved.timeoutMs.value,
        maxAttempts: tuning.maxAttempts,
        cancel,
        env,
        insecure: resolved.insecure,
        debug: resolved.debug ? (line) => io.err(`${io.errStyle.dim(line)}\n`) : undefined,
        onWait: (label) => ctx.progress().start(label),
        now: ctx.now,
        pool: options.pool,
        ...options.clientOverrides,
      });
      closers.push(() => created.close());
      return created;
    },

    async prepare(request) {
      const resolved = await ctx.settings();
      if (!resolved.baseUrl) {
        throw new UsageError(
          'No API base URL is configured, so there is no URL to show.',
          (next) => `Run ${next('auth login')} or set MON_BASE_URL.`,
        );
      }
      const { prepareRequest } = await import('../api/request');
      return prepareRequest(
        { baseUrl: resolved.baseUrl.value, apiKey: '', accountId: resolved.accountId?.value },
        request,
      );
    },

    onClose(task) {
      closers.push(task);
    },

    async close() {
      progress?.finish();
      while (closers.length) {
        const task = closers.pop()!;
        try {
          await task();
        } catch {
          // Closing is best effort: the command's outcome is already decided.
        }
      }
    },
  };
  return ctx;
}

/**
 * `mon` as the next command must be typed to reach the same place: with the global flags that
 * chose it on this command line (`mon --sandbox`, `mon --profile staging`; text/next.ts), for
 * a screen that writes its commands itself.
 */
export function monWord(ctx: Pick<Ctx, 'globals'>): string {
  return commandLine(ctx.globals, '').trimEnd();
}

/** --sandbox or MON_SANDBOX=1: settings() starts the embedded sandbox (and holds its data file until the command ends). */
export function usesEmbeddedSandbox(ctx: Pick<Ctx, 'globals' | 'env'>): boolean {
  return Boolean(ctx.globals.sandbox) || envFlag(ctx.env.MON_SANDBOX);
}

async function loadSettings(ctx: Ctx): Promise<Settings> {
  const { globals, env } = ctx;
  if (usesEmbeddedSandbox(ctx)) {
    const { startEmbeddedSandbox } = await import('../sandbox/embedded');
    const sandbox = await startEmbeddedSandbox({ env, io: ctx.io, signal: ctx.cancel.signal, advertise: ctx.serving });
    ctx.onClose(() => sandbox.close());
    // Only the sandbox's own address and credentials: never an account's from env or profile.
    const base = resolveSettings(
      { ...globals, baseUrl: undefined, account: undefined, pingUrl: undefined },
      { MON_TIMEOUT: env.MON_TIMEOUT, MON_DEBUG: env.MON_DEBUG },
      undefined,
    );
    const source = 'the embedded sandbox (--sandbox)';
    return {
      ...base,
      baseUrl: { value: sandbox.baseUrl, source },
      apiKey: { value: sandbox.apiKey, source },
      accountId: { value: sandbox.accountId, source },
      pingUrl: { value: sandbox.pingUrl, source },
    };
  }
  const name = profileName(globals, env);
  const profile =
    name.source !== 'default'
      ? requireProfile(ctx)
      : needsProfile(globals, env)
        ? ctx.config().profile(name.value)
        : undefined;
  return resolveSettings(globals, env, profile);
}

/**
 * The profile that --profile or MON_PROFILE names, which must exist (exit 2 naming the ones
 * that do) for every command but those that create it (`auth login`, `config set`); the
 * default profile need not.
 */
export function requireProfile(ctx: Pick<Ctx, 'globals' | 'env' | 'config' | 'commandPath'>): Profile | undefined {
  const name = profileName(ctx.globals, ctx.env);
  const profile = ctx.config().profile(name.value);
  if (profile || name.source === 'default' || /^mon (auth login|config set)$/.test(ctx.commandPath)) return profile;
  const known = Object.keys(ctx.config().profiles());
  throw new UsageError(
    `There is no profile "${name.value}" (from ${name.source}).${known.length ? ` Profiles: ${known.join(', ')}.` : ''}`,
    (next) => `Create it with ${next(`--profile ${name.value} auth login`)}.`,
  );
}

/** What every command does before it runs, however its line was read: the global flags take effect. */
export async function startCommand(ctx: Ctx, globals: GlobalOptions, path: string): Promise<void> {
  // Agent mode (src/mode.ts): JSON out unless a --format is given, no colour, no prompt (and so
  // no spinner). --format, --json and --jq made one decision (--jq implies --json; a bad
  // --format is exit 2); the jq expression is compiled now, before anything is sent.
  const { mode } = ctx.mode();
  const agent = mode === 'agent';
  ctx.globals = outputFlags(agent && globals.format === undefined ? { ...globals, json: true } : globals);
  ctx.commandPath = path;
  await ctx.io.setColor({ noColorFlag: globals.color === false || agent, env: ctx.env });
  // Only a person is asked: CI (or MON_MODE=ci) and agents never are.
  ctx.io.promptsDisabled = globals.input === false || envFlag(ctx.env.MON_NO_INPUT) || mode !== 'interactive';
  if (globals.jq !== undefined) await useJq(ctx.io, globals.jq, { signal: ctx.cancel.signal, onClose: ctx.onClose });
}
