import { getStatusPage } from '../../api/resources/statusPages';
import type { StatusPage } from '../../api/schemas/statusPages';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { IO } from '../../io';
import { printJson, renderDetails, shortId } from '../../output/render';
import { colorId, colorValue } from '../../output/say';
import { sanitize } from '../../text/escape';
import { statusPageId } from './shared/find-page';
import type { GET } from './spec';

/** `mon status-pages get PAGE`: the page, its cards with their services, its open incidents. */
export async function getStatusPageRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const client = await ctx.api();
  const { page, raw } = await getStatusPage(client, await statusPageId(client, args.page));
  if (ctx.globals.json) return printJson(ctx.io, raw);
  renderPage(ctx.io, page);
}

function renderPage(io: IO, page: StatusPage): void {
  renderDetails(io, [
    { label: 'ID', key: 'id', value: page.id, color: (text) => colorId(io.style, text) },
    { label: 'Name', key: 'name', value: page.name },
    { label: 'URL', key: 'url', value: page.url },
    ...(page.customDomain ? [{ label: 'Custom domain', key: 'customDomain', value: page.customDomain }] : []),
    { label: 'Private', key: 'isPrivate', value: page.isPrivate ? 'yes' : 'no' },
  ]);
  const { bold } = io.style;
  const cards = page.cards ?? [];
  io.out(`\n${bold('Cards and services')}\n`);
  if (!cards.length) io.out('  none\n');
  for (const card of cards) {
    io.out(`  ${sanitize(card.name)}\n`);
    for (const service of card.services ?? [])
      io.out(`    ${colorId(io.style, shortId(service.id))}  ${sanitize(service.name)}\n`);
  }
  const incidents = page.incidents ?? [];
  io.out(`\n${bold('Open incidents')}\n`);
  if (!incidents.length) io.out('  none\n');
  for (const incident of incidents) {
    const severity = colorValue(io.style, incident.severity, sanitize(incident.severity));
    const status = colorValue(io.style, incident.lastUpdateStatus, sanitize(incident.lastUpdateStatus));
    io.out(`  ${colorId(io.style, shortId(incident.id))}  ${severity}  ${status}  ${sanitize(incident.name)}\n`);
  }
}
