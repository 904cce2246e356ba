import type { Ctx } from '../../core/context';
import { examples, noun, verb, withListFlags } from '../../core/flags/define';

export function statusPagesCommand(ctx: Ctx) {
  return noun('status-pages')
    .addHelpText('after', examples('mon status-pages list', 'mon status-pages list --all --json'))
    .addCommand(
      withListFlags(
        verb(
          ctx,
          'list',
          'List status pages with their cards and services',
          async () => (await import('./list')).listStatusPagesRun,
        ),
      ).addHelpText(
        'after',
        examples(
          'mon status-pages list',
          'mon status-pages list --all',
          '# service IDs, for `mon incidents create --service ID`:',
          `mon status-pages list --all --json | jq -r '.[].cards[].services[] | "\\(.id)  \\(.name)"'`,
        ),
      ),
    );
}
