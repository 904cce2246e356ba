import { createDnsCheck, createDnsCheckRequest } from '../../api/resources/checks';
import { dnsCheckCreateSchema } from '../../api/schemas/checks';
import type { Input } from '../../core/flags/spec';
import { composeCheckBody, createCheckWrite, type CreateCheckCtx } from './shared/compose';
import type { CREATE_DNS } from './spec';

/** `mon checks create-dns`: POST /v1/checks/dns. */
export async function createDnsCheckRun(ctx: CreateCheckCtx, { flags }: Input<typeof CREATE_DNS>): Promise<void> {
  const compose = await composeCheckBody(ctx, flags, { schema: dnsCheckCreateSchema });
  const options = { autoAssignAlerts: flags.autoAssignAlerts !== false };
  await createCheckWrite(
    ctx,
    flags,
    compose,
    (body) => createDnsCheckRequest(body, options),
    (client, body) => createDnsCheck(client, body, options),
  );
}
