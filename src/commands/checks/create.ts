import { createCheck, createCheckRequest } from '../../api/resources/checks';
import { CHECK_TYPES, combinedCheckCreateSchema } from '../../api/schemas/checks';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { UsageError } from '../../errors';
import { sayWarning } from '../../output/say';
import { nextCommand } from '../../text/next';
import { shellQuote } from '../../text/shell';
import { composeCheckBody, createCheckWrite, type CreateCheckCtx } from './shared/compose';
import type { CREATE } from './spec';

/**
 * `mon checks create --type DNS`: the deprecated combined operation, POST /v1/checks. Its body
 * is the DNS check's fields plus `type` (the spec), so the only check its flags describe is a
 * DNS check: every other type is refused before anything is asked or sent, naming the command
 * that creates it (`heartbeats create`), or `mon api` for a body the user writes.
 */
export async function createCheckRun(ctx: CreateCheckCtx, { flags }: Input<typeof CREATE>): Promise<void> {
  const compose = await composeCheckBody(ctx, flags, {
    schema: combinedCheckCreateSchema,
    combined: true,
    // Checked (and the deprecation said) once --file and the flags are read, before anything is asked.
    checkType: (type) => {
      refuseTypeNotBuilt(ctx, type, flags.name, flags.type !== undefined ? '--type' : "--file's type");
      warnDeprecated(ctx);
    },
  });
  const options = { autoAssignAlerts: flags.autoAssignAlerts !== false };
  await createCheckWrite(
    ctx,
    flags,
    compose,
    (body) => createCheckRequest(body, options),
    (client, body) => createCheck(client, body, options),
  );
}

/** The types `checks create` cannot build (a known type other than DNS): exit 2, naming what creates one. */
export function refuseTypeNotBuilt(
  ctx: Pick<Ctx, 'globals'>,
  type: unknown,
  name: string | undefined,
  from: string,
): void {
  const kind = typeof type === 'string' ? type.trim().toUpperCase() : undefined;
  if (kind === undefined || kind === 'DNS' || !(CHECK_TYPES as readonly string[]).includes(kind)) return;
  const named = name === undefined ? 'NAME' : shellQuote(name);
  if (kind === 'HEARTBEAT') {
    throw new UsageError(
      `${from} HEARTBEAT: \`mon checks create\` does not build heartbeat monitors (its body holds a DNS request, which a heartbeat has not); nothing was sent.`,
      `Create it with ${nextCommand(ctx.globals, `heartbeats create --name ${named} --period 1d --grace 1h`)} (a ping expected every day, an hour of grace: give the job's own).`,
    );
  }
  throw new UsageError(
    `${from} ${kind}: \`mon checks create\` builds DNS checks only: its flags describe a DNS request, and ${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind} check's request is another kind, which mon has no flags for; nothing was sent.`,
    `Write the body yourself (docs/API.md shows the operation's fields) and send it: ${nextCommand(ctx.globals, 'api -X POST /v1/checks --input check.json')}.`,
  );
}

/** The operation is deprecated: the warning names the command that creates the same DNS check. */
function warnDeprecated(ctx: Pick<Ctx, 'io' | 'globals'>): void {
  sayWarning(
    ctx.io,
    '`mon checks create` uses POST /v1/checks, which the API has deprecated and will remove.',
    `  For DNS checks use ${nextCommand(ctx.globals, 'checks create-dns')}, with the same flags but --type and --dependency.`,
  );
}
