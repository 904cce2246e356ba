import type { Ctx } from '../../core/context';
import { examples, noun, verb } from '../../core/flags/define';

const load = async () => import('./config');

export function configCommand(ctx: Ctx) {
  return noun('config')
    .addHelpText('after', examples('mon config list', 'mon config set timeout 60', 'mon config path'))
    .addCommand(
      verb(ctx, 'list', "Show the profile's settings", async () => (await load()).configListRun).addHelpText(
        'after',
        examples('mon config list', 'mon --profile staging config list --json'),
      ),
    )
    .addCommand(
      verb(ctx, 'get', 'Print one setting (exit 1 when it is not set)', async () => (await load()).configGetRun)
        .argument('<key>', 'base-url, account, ping-url or timeout')
        .addHelpText('after', examples('mon config get base-url', 'curl "$(mon config get base-url)/v1/runtimes"')),
    )
    .addCommand(
      verb(
        ctx,
        'set',
        'Change one setting (the key is set with `mon auth login`)',
        async () => (await load()).configSetRun,
      )
        .argument('<key>', 'base-url, account, ping-url or timeout')
        .argument('<value>', 'the new value')
        .addHelpText(
          'after',
          examples(
            'mon config set base-url https://api.example.com',
            'mon config set ping-url https://ping.example.com',
            'mon --profile staging config set timeout 60',
          ),
        ),
    )
    .addCommand(
      verb(ctx, 'unset', 'Remove one setting from the profile', async () => (await load()).configUnsetRun)
        .argument('<key>', 'base-url, account, ping-url or timeout')
        .addHelpText('after', examples('mon config unset ping-url')),
    )
    .addCommand(
      verb(ctx, 'path', 'Print where the profiles are stored', async () => (await load()).configPathRun).addHelpText(
        'after',
        examples('mon config path', 'MON_CONFIG_DIR=/tmp/mon mon config path'),
      ),
    );
}
