import { Option } from 'commander';
import type { Ctx } from '../../core/context';
import { examples, noun, verb } from '../../core/flags/define';

export function authCommand(ctx: Ctx) {
  return noun('auth')
    .addHelpText('after', examples('mon auth login', 'mon auth status', 'mon auth logout'))
    .addCommand(
      verb(
        ctx,
        'login',
        'Store an API key, account ID and base URL in a profile (checked first)',
        async () => (await import('./login')).loginRun,
      )
        .addOption(new Option('--with-key', 'read the API key from stdin instead of prompting'))
        .addHelpText(
          'after',
          '\nPrompts for the base URL, account ID and key on a terminal (the key is not echoed).\n' +
            'Takes --base-url, --account and --ping-url (global flags) when given. The key is\n' +
            'checked with one request before anything is saved; it never goes on the command line.\n' +
            examples(
              'mon auth login',
              'mon auth login --base-url https://api.example.com --account 1f9c...',
              'printenv MON_KEY | mon auth login --with-key --base-url https://api.example.com --account 1f9c...',
              'mon --profile staging auth login',
            ),
        ),
    )
    .addCommand(
      verb(
        ctx,
        'status',
        'Show the credentials in use and where each comes from (exit 4 without a key)',
        async () => (await import('./status')).statusRun,
      ).addHelpText(
        'after',
        examples('mon auth status', 'MON_PROFILE=staging mon auth status', 'mon auth status --json'),
      ),
    )
    .addCommand(
      verb(
        ctx,
        'logout',
        'Remove the stored API key from the profile (keeps base URL and account)',
        async () => (await import('./logout')).logoutRun,
      ).addHelpText('after', examples('mon auth logout', 'mon --profile staging auth logout')),
    );
}
