import { parseSetting, profileName, SETTINGS, type SettingName } from '../../config/settings';
import { requireProfile, type Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { CliError, UsageError } from '../../errors';
import { printJson, renderDetails } from '../../output/render';
import { maskSecret, maskUrl } from '../../text/mask';
import type { GET, SET, UNSET } from './spec';

type ConfigCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'config' | 'commandPath'>;

/** The settings `mon config` changes: all of them but the key, which never goes on a command line. */
type Key = Exclude<SettingName, 'api-key'>;

function keyOf(name: string): Key {
  if (name === 'api-key' || name === 'apiKey' || name === 'key') {
    throw new UsageError(
      'The API key is not handled by `mon config`: on the command line it would stay in your shell history.',
      'Use `mon auth login` (prompts, or reads stdin with --with-key), or set MON_API_KEY.',
    );
  }
  if (!Object.hasOwn(SETTINGS, name)) {
    const names = Object.keys(SETTINGS).filter((setting) => setting !== 'api-key');
    throw new UsageError(`Unknown setting ${JSON.stringify(name)}: use one of ${names.join(', ')}.`);
  }
  return name as Key;
}

export async function configListRun(ctx: ConfigCtx): Promise<void> {
  requireProfile(ctx);
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  const all = store.profiles();
  const stored = (Object.hasOwn(all, profile) ? all[profile] : undefined) ?? {};
  const values: Record<string, string | number | null> = { profile };
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = stored[name];
    values[name] =
      value === undefined
        ? null
        : name === 'api-key'
          ? maskSecret(String(value))
          : typeof value === 'string'
            ? maskUrl(value)
            : (value as number);
  }
  if (ctx.globals.json) {
    await printJson(ctx.io, values);
  } else {
    renderDetails(
      ctx.io,
      Object.entries(values).map(([key, value]) => ({ label: key, key, value, display: value ?? 'not set' })),
    );
  }
  const others = Object.keys(all).filter((name) => name !== profile);
  if (ctx.io.stderrIsTTY && !ctx.globals.json) {
    ctx.io.err(
      ctx.io.errStyle.dim(
        `\nStored in ${store.path}${others.length ? `; other profiles: ${others.join(', ')}` : ''}\n`,
      ),
    );
  }
}

export async function configGetRun(ctx: ConfigCtx, { args }: Input<typeof GET>): Promise<void> {
  const key = keyOf(args.key);
  const profile = profileName(ctx.globals, ctx.env).value;
  const value = requireProfile(ctx)?.[key];
  if (value === undefined) throw new CliError('failure', `${key} is not set in profile "${profile}".`);
  // A user name and password in a URL are never printed, as the key is not.
  ctx.io.outRaw(`${maskUrl(String(value))}\n`);
}

export async function configSetRun(ctx: ConfigCtx, { args }: Input<typeof SET>): Promise<void> {
  const key = keyOf(args.key);
  const value = parseSetting(key, args.value, key);
  const profile = profileName(ctx.globals, ctx.env).value;
  await ctx.config().updateProfile(profile, (current) => ({ ...current, [key]: value }));
  ctx.io.err(`${ctx.io.errStyle.green('✓')} Set ${key} to ${maskUrl(String(value))} in profile "${profile}".\n`);
}

export async function configUnsetRun(ctx: ConfigCtx, { args }: Input<typeof UNSET>): Promise<void> {
  const key = keyOf(args.key);
  requireProfile(ctx);
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  if (store.profile(profile)?.[key] === undefined) {
    ctx.io.err(`${key} is not set in profile "${profile}": nothing to remove.\n`);
    return;
  }
  await store.updateProfile(profile, (current) => {
    const next = { ...current };
    delete next[key];
    return next;
  });
  ctx.io.err(`${ctx.io.errStyle.green('✓')} Removed ${key} from profile "${profile}".\n`);
}

export async function configPathRun(ctx: Pick<Ctx, 'io' | 'config'>): Promise<void> {
  ctx.io.outRaw(`${ctx.config().path}\n`);
}
