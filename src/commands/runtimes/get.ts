import { z } from 'zod';
import { getRuntime } from '../../api/resources/runtimes';
import { pathIdSchema } from '../../api/schemas/common';
import type { Ctx } from '../../core/context';
import { printJson, renderDetails, renderList } from '../../output/render';
import { sanitize } from '../../text/escape';
import { parseOptions } from '../../core/flags/parse';
import { endOfLifeDisplay, isoDate, stageColor } from './columns';

export async function getRuntimeRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  _options: unknown,
  id: unknown,
): Promise<void> {
  const { runtime: name } = parseOptions(z.object({ runtime: pathIdSchema }), { runtime: id }, { runtime: 'RUNTIME' });
  const { runtime, raw } = await getRuntime(await ctx.api(), name);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  const { io } = ctx;
  renderDetails(io, [
    { label: 'Runtime', key: 'name', value: runtime.name },
    { label: 'Stage', key: 'stage', value: runtime.stage, color: (text) => stageColor(text, runtime.stage, io) },
    { label: 'Node.js', key: 'nodeJsVersion', value: runtime.nodeJsVersion },
    {
      label: 'End of life',
      key: 'runtimeEndOfLife',
      value: isoDate(runtime.runtimeEndOfLife),
      display: endOfLifeDisplay(runtime),
    },
    {
      label: 'Multi-step',
      key: 'multiStepSupport',
      value: runtime.multiStepSupport,
      display: runtime.multiStepSupport ? 'yes' : 'no',
    },
    { label: 'Description', key: 'description', value: runtime.description },
  ]);
  const dependencies = Object.entries(runtime.dependencies).map(([name, version]) => ({ name, version }));
  if (io.stdoutIsTTY) io.out(`\n${io.style.bold(`Packages (${dependencies.length}):`)}\n`);
  if (!io.stdoutIsTTY) {
    // Piped: one "dependency<TAB>name<TAB>version" row per package after the key/value lines.
    for (const { name, version } of dependencies) io.out(`dependency\t${sanitize(name)}\t${sanitize(version)}\n`);
    return;
  }
  await renderList(
    io,
    dependencies,
    [
      { header: 'PACKAGE', value: (d) => d.name },
      { header: 'VERSION', value: (d) => d.version },
    ],
    'This runtime lists no packages.',
  );
}
