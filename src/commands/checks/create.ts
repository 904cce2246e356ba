import { createCheck, createCheckRequest } from '../../api/resources/checks';
import { combinedCheckCreateSchema } from '../../api/schemas/checks';
import type { Ctx } from '../../core/context';
import { printDryRun } from '../../core/dry-run';
import type { Input } from '../../core/flags/spec';
import { sayWarning } from '../../output/say';
import { composeCheckBody, warnAboutIgnoredAlertSettings, type CreateCheckCtx } from './shared/compose';
import { printCreatedCheck } from './shared/show';
import type { CREATE } from './spec';

/** `mon checks create --type TYPE`: the deprecated combined operation, POST /v1/checks. */
export async function createCheckRun(ctx: CreateCheckCtx, { flags }: Input<typeof CREATE>): Promise<void> {
  warnDeprecated(ctx, flags.type);
  const body = await composeCheckBody(ctx, flags, { schema: combinedCheckCreateSchema, combined: true });
  warnAboutIgnoredAlertSettings(ctx, flags, body);
  const options = { autoAssignAlerts: flags.autoAssignAlerts !== false };
  if (flags.dryRun) return printDryRun(ctx, createCheckRequest(body, options));
  const { check, raw: response } = await createCheck(await ctx.api(), body, options);
  await printCreatedCheck(ctx, check, response);
}

/** The replacement depends on the type: create-dns for DNS, the API's per-type operations for API and browser checks. */
export function warnDeprecated(ctx: Pick<Ctx, 'io'>, type: string | undefined): void {
  const { io } = ctx;
  const kind = type?.trim().toUpperCase();
  const dns = 'For DNS checks use `mon checks create-dns`.';
  const perType =
    'For API and browser checks use the per-type operations (`mon api -X POST /v1/checks/api --input body.json`).';
  const replacement = kind === 'DNS' ? [dns] : kind === 'API' || kind === 'BROWSER' ? [perType] : [dns, perType];
  sayWarning(
    io,
    '`mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.',
    replacement.map((line) => `  ${line}`).join('\n'),
  );
}
