import { createDnsCheck, createDnsCheckRequest } from '../../api/resources/checks';
import { dnsCheckCreateSchema } from '../../api/schemas/checks';
import type { Ctx } from '../../core/context';
import { printDryRun } from '../../core/dry-run';
import type { Input } from '../../core/flags/spec';
import type { CheckFlags } from './body';
import { composeCheckBody } from './compose';
import { printCreatedCheck } from './show';
import type { CREATE_DNS } from './spec';

export type CreateCheckCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare'>;

/** `mon checks create-dns`: POST /v1/checks/dns. */
export async function createDnsCheckRun(ctx: CreateCheckCtx, { flags }: Input<typeof CREATE_DNS>): Promise<void> {
  const body = await composeCheckBody(ctx, flags, { schema: dnsCheckCreateSchema });
  warnAboutIgnoredAlertSettings(ctx, flags, body);
  const options = { autoAssignAlerts: flags.autoAssignAlerts !== false };
  if (flags.dryRun) return printDryRun(ctx, createDnsCheckRequest(body, options));
  const { check, raw: response } = await createDnsCheck(await ctx.api(), body, options);
  await printCreatedCheck(ctx, check, response);
}

/** Alert-settings flags do nothing while the account's settings apply: say so instead of failing silently. */
export function warnAboutIgnoredAlertSettings(
  ctx: Pick<Ctx, 'io'>,
  flags: CheckFlags,
  body: { useGlobalAlertSettings?: boolean },
): void {
  const given = Object.entries(flags).some(
    ([key, value]) => key.startsWith('alert') && key !== 'alertChannel' && value !== undefined,
  );
  if (!given || body.useGlobalAlertSettings === false) return;
  const { io } = ctx;
  io.err(
    `${io.errStyle.yellow('warning:')} the --alert-* settings apply only with --no-use-global-alert-settings; ` +
      'without it the account-level alert settings are used.\n',
  );
}
