import { getStatusPage } from '../../api/resources/statusPages';
import type { StatusPage } from '../../api/schemas/statusPages';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { showRecord, type OutlineCell, type RecordView } from '../../output/present';
import { shortId } from '../../output/render';
import { paint, paintId } from '../../output/say';
import { statusPageId } from './shared/find-page';
import type { GET } from './spec';

/** `mon status-pages get PAGE`: the page, its cards with their services, its open incidents. */
export async function getStatusPageRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const client = await ctx.api();
  const { page, raw } = await getStatusPage(client, await statusPageId(client, args.page));
  await showRecord(ctx, pageView(page, raw));
}

/** The page's fields, then its cards with their services and its open incidents, as indented lines. */
function pageView(page: StatusPage, raw: unknown): RecordView {
  const id = (value: string): OutlineCell => ({ value, display: shortId(value), color: paintId });
  return {
    json: raw,
    title: `Status page: ${page.name}`,
    fields: [
      { label: 'ID', key: 'id', value: page.id, color: paintId },
      { label: 'Name', key: 'name', value: page.name },
      { label: 'URL', key: 'url', value: page.url },
      ...(page.customDomain ? [{ label: 'Custom domain', key: 'customDomain', value: page.customDomain }] : []),
      { label: 'Private', key: 'isPrivate', value: page.isPrivate ? 'yes' : 'no' },
    ],
    sections: [
      {
        kind: 'outline',
        title: 'Cards and services',
        items: (page.cards ?? []).map((card) => ({
          cells: [{ value: card.name }],
          children: (card.services ?? []).map((service) => ({ cells: [id(service.id), { value: service.name }] })),
        })),
      },
      {
        kind: 'outline',
        title: 'Open incidents',
        items: (page.incidents ?? []).map((incident) => ({
          cells: [
            id(incident.id),
            { value: incident.severity, color: paint(incident.severity) },
            { value: incident.lastUpdateStatus, color: paint(incident.lastUpdateStatus) },
            { value: incident.name },
          ],
        })),
      },
    ],
  };
}
