import { getRuntime } from '../../api/resources/runtimes';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { showRecord } from '../../output/present';
import { paint } from '../../output/say';
import { endOfLifeDisplay, isoDate } from './shared/columns';
import type { GET } from './spec';

export async function getRuntimeRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof GET>,
): Promise<void> {
  const client = await ctx.api();
  const { runtime, raw } = await getRuntime(client, args.runtime);
  const dependencies = Object.entries(runtime.dependencies).map(([name, version]) => ({ name, version }));
  await showRecord(ctx, {
    json: raw,
    title: `Runtime ${runtime.name}`,
    fields: [
      { label: 'Runtime', key: 'name', value: runtime.name },
      { label: 'Stage', key: 'stage', value: runtime.stage, color: paint(runtime.stage) },
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
        text: runtime.multiStepSupport ? 'yes' : 'no',
      },
      { label: 'Description', key: 'description', value: runtime.description },
    ],
    sections: [
      {
        kind: 'rows',
        title: `Packages (${dependencies.length}):`,
        // Piped: one "dependency<TAB>name<TAB>version" row per package after the key/value lines.
        key: 'dependency',
        rows: dependencies,
        columns: [
          { header: 'PACKAGE', value: (d: (typeof dependencies)[number]) => d.name },
          { header: 'VERSION', value: (d: (typeof dependencies)[number]) => d.version },
        ],
        empty: 'This runtime lists no packages.',
      },
    ],
  });
}
