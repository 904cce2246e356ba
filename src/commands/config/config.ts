import type { Profile } from '../../config/store';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { GET, SET, SETTING_NAMES, UNSET } from './spec';
import { CliError, UsageError } from '../../errors';
import { printJson, renderDetails } from '../../output/render';
import { maskSecret } from '../../text/mask';
import { checkHttpUrl, parseTimeoutSeconds, profileName } from '../../config/settings';

type ConfigCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'config'>;

/** The settings `mon config` handles, by the name users type. */
const KEYS = {
  'base-url': { field: 'baseUrl', parse: (value: string) => checkHttpUrl(value, 'base-url') },
  account: { field: 'accountId', parse: (value: string) => nonEmpty(value, 'account') },
  'ping-url': { field: 'pingUrl', parse: (value: string) => checkHttpUrl(value, 'ping-url') },
  timeout: { field: 'timeout', parse: (value: string) => parseTimeoutSeconds(value, 'timeout') },
} as const satisfies Record<
  (typeof SETTING_NAMES)[number],
  { field: keyof Profile; parse: (value: string) => unknown }
>;
type Key = keyof typeof KEYS;

function nonEmpty(value: string, name: string): string {
  if (!value.trim()) throw new UsageError(`${name} cannot be empty.`);
  return value.trim();
}

function keyOf(name: unknown): Key {
  const key = String(name);
  if (key === 'api-key' || key === 'apiKey' || key === 'key') {
    throw new UsageError(
      'The API key is not handled by `mon config`: on the command line it would stay in your shell history.',
      'Use `mon auth login` (prompts, or reads stdin with --with-key), or set MON_API_KEY.',
    );
  }
  if (!Object.hasOwn(KEYS, key)) {
    throw new UsageError(`Unknown setting ${JSON.stringify(key)}: use one of ${Object.keys(KEYS).join(', ')}.`);
  }
  return key as Key;
}

export async function configListRun(ctx: ConfigCtx): Promise<void> {
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  const all = store.profiles();
  const stored = (Object.hasOwn(all, profile) ? all[profile] : undefined) ?? {};
  const values: Record<string, string | number | null> = { profile };
  for (const [key, { field }] of Object.entries(KEYS)) values[key] = stored[field] ?? null;
  values['api-key'] = stored.apiKey ? maskSecret(stored.apiKey) : null;
  if (ctx.globals.json) {
    printJson(ctx.io, values);
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
  const value = ctx.config().profile(profile)?.[KEYS[key].field];
  if (value === undefined) throw new CliError('failure', `${key} is not set in profile "${profile}".`);
  ctx.io.out(`${value}\n`);
}

export async function configSetRun(ctx: ConfigCtx, { args }: Input<typeof SET>): Promise<void> {
  const key = keyOf(args.key);
  const value = KEYS[key].parse(args.value);
  const profile = profileName(ctx.globals, ctx.env).value;
  await ctx.config().updateProfile(profile, (current) => ({ ...current, [KEYS[key].field]: value }));
  ctx.io.err(`${ctx.io.errStyle.green('✓')} Set ${key} to ${value} in profile "${profile}".\n`);
}

export async function configUnsetRun(ctx: ConfigCtx, { args }: Input<typeof UNSET>): Promise<void> {
  const key = keyOf(args.key);
  const profile = profileName(ctx.globals, ctx.env).value;
  const store = ctx.config();
  if (store.profile(profile)?.[KEYS[key].field] === undefined) {
    ctx.io.err(`${key} is not set in profile "${profile}": nothing to remove.\n`);
    return;
  }
  await store.updateProfile(profile, (current) => {
    const next = { ...current };
    delete next[KEYS[key].field];
    return next;
  });
  ctx.io.err(`${ctx.io.errStyle.green('✓')} Removed ${key} from profile "${profile}".\n`);
}

export async function configPathRun(ctx: Pick<Ctx, 'io' | 'config'>): Promise<void> {
  ctx.io.out(`${ctx.config().path}\n`);
}
