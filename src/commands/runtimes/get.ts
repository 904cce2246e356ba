import { getRuntime } from '../../api/resources/runtimes';
import type { Ctx } from '../../core/context';
import { printJson, renderDetails, renderList } from '../../output/render';
import { sanitize } from '../../text/escape';
import type { Input } from '../../core/flags/spec';
import { colorValue } from '../../output/say';
import { endOfLifeDisplay, isoDate } from './shared/columns';
import type { GET } from './spec';

export async function getRuntimeRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const client = await ctx.api();
  const { runtime, raw } = await getRuntime(client, args.runtime);
  if (ctx.globals.json) return printJson(ctx.io, raw);
  const { io } = ctx;
  renderDetails(io, [
    { label: 'Runtime', key: 'name', value: runtime.name },
    { label: 'Stage', key: 'stage', value: runtime.stage, color: (text) => colorValue(io.style, runtime.stage, text) },
    { label: 'Node.js', key: 'nodeJsVersion', value: runtime.nodeJsVersion },
    {
      label: 'End of life',
      key: 'runtimeEndOfLife',
      value: isoDate(runtime.runtimeEndOfLife),
      display: endOfLifeDisplay(runtime, client.now()),
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
