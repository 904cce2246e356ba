import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { storedTemplates, type NamedTemplate } from '../../core/templates';
import { showList } from '../../output/present';
import type { Column } from '../../output/render';
import type { LIST } from './spec';
import { nextCommand } from '../../text/next';

const COLUMNS: Column<NamedTemplate>[] = [
  { header: 'NAME', value: (row) => row.name },
  { header: 'STATUS', value: (row) => row.status ?? '', display: (row) => row.status ?? '—' },
  { header: 'MESSAGE', value: (row) => row.message, shrink: true },
];

/** `mon templates list`: the templates of the profile in use. */
export async function listTemplatesRun(
  ctx: Pick<Ctx, 'io' | 'env' | 'globals' | 'config'>,
  _input: Input<typeof LIST>,
): Promise<void> {
  const rows = Object.entries(storedTemplates(ctx)).map(([name, template]) => ({ name, ...template }));
  await showList(ctx, {
    rows,
    columns: COLUMNS,
    json: rows,
    empty: `No templates. Store one with ${nextCommand(ctx.globals, 'templates add NAME --message "..."')}.`,
  });
}
