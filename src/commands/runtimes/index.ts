import type { Ctx } from '../../core/context';
import { examples, noun, verb } from '../../core/flags/define';

export function runtimesCommand(ctx: Ctx) {
  return noun('runtimes')
    .addHelpText('after', examples('mon runtimes list', 'mon runtimes get 2025.04'))
    .addCommand(
      verb(
        ctx,
        'list',
        'List the supported runtimes',
        async () => (await import('./list')).listRuntimesRun,
      ).addHelpText(
        'after',
        examples('mon runtimes list', `mon runtimes list --json | jq -r '.[] | select(.stage == "CURRENT") | .name'`),
      ),
    )
    .addCommand(
      verb(
        ctx,
        'get',
        'Show one runtime and the package versions it has',
        async () => (await import('./get')).getRuntimeRun,
      )
        .argument('<runtime>', 'runtime name, e.g. 2025.04')
        .addHelpText(
          'after',
          examples('mon runtimes get 2025.04', `mon runtimes get 2025.04 --json | jq -r '.dependencies.playwright'`),
        ),
    );
}
