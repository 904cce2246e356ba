import { createDnsCheck, createDnsCheckRequest } from '../../api/resources/checks';
import { dnsCheckCreateSchema } from '../../api/schemas/checks';
import { printDryRun } from '../../core/dry-run';
import type { Input } from '../../core/flags/spec';
import { composeCheckBody, warnAboutIgnoredAlertSettings, type CreateCheckCtx } from './shared/compose';
import { printCreatedCheck } from './shared/show';
import type { CREATE_DNS } from './spec';

/** `mon checks create-dns`: POST /v1/checks/dns. */
export async function createDnsCheckRun(ctx: CreateCheckCtx, { flags }: Input<typeof CREATE_DNS>): Promise<void> {
  const body = await composeCheckBody(ctx, flags, { schema: dnsCheckCreateSchema });
  warnAboutIgnoredAlertSettings(ctx, flags, body);
  const options = { autoAssignAlerts: flags.autoAssignAlerts !== false };
  if (flags.dryRun) return printDryRun(ctx, createDnsCheckRequest(body, options));
  const { check, raw: response } = await createDnsCheck(await ctx.api(), body, options);
  await printCreatedCheck(ctx, check, response);
}
