import type { ApiRequest } from '../api/client';
import type { Ctx } from '../context';

/**
 * --dry-run: the request a mutating command would send (method, URL, JSON body), printed
 * on stdout, and nothing sent. Headers are left out: they would carry the key. With
 * --json: `{method, url, body}`.
 */
export async function printDryRun(ctx: Pick<Ctx, 'io' | 'globals' | 'prepare'>, request: ApiRequest): Promise<void> {
  const prepared = await ctx.prepare(request);
  const body = request.body;
  if (ctx.globals.json) {
    ctx.io.out(`${JSON.stringify({ method: prepared.method, url: prepared.url, body: body ?? null }, null, 2)}\n`);
    return;
  }
  ctx.io.out(`${prepared.method} ${prepared.url}\n`);
  if (body !== undefined) ctx.io.out(`${JSON.stringify(body, null, 2)}\n`);
  ctx.io.err(ctx.io.errStyle.dim('Dry run: nothing was sent.\n'));
}
