import type { ApiRequest } from '../api/request';
import type { Ctx } from './context';
import { printJson } from '../output/render';
import { stringifyJson } from '../text/json';
import { maskSecretValues } from '../text/mask';

/**
 * --dry-run: the request a mutating command would send (method, URL, JSON body), printed
 * on stdout, and nothing sent. Headers are left out: they would carry the key; secret
 * values in the body are masked. With --json: `{method, url, body}`.
 */
export async function printDryRun(ctx: Pick<Ctx, 'io' | 'globals' | 'prepare'>, request: ApiRequest): Promise<void> {
  await printDryRuns(ctx, [request]);
}

/**
 * The same for a command that sends several requests (`incidents update`: PUT, then POST),
 * in the order they would go; with --json an array of `{method, url, body}` when there are
 * several.
 */
export async function printDryRuns(
  ctx: Pick<Ctx, 'io' | 'globals' | 'prepare'>,
  requests: ApiRequest[],
): Promise<void> {
  const shown = [];
  for (const request of requests) {
    const prepared = await ctx.prepare(request);
    shown.push({ method: prepared.method, url: prepared.url, body: maskSecretValues(request.body ?? null) });
  }
  if (ctx.globals.json) {
    await printJson(ctx.io, shown.length === 1 ? shown[0] : shown);
    return;
  }
  shown.forEach(({ method, url, body }, index) => {
    ctx.io.outRaw(`${index > 0 ? '\n' : ''}${method} ${url}\n`);
    if (body !== null) ctx.io.outRaw(`${stringifyJson(body, 2)}\n`);
  });
  ctx.io.err(ctx.io.errStyle.dim('Dry run: nothing was sent.\n'));
}
