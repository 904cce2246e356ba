import { Argument } from 'commander';
import type { Ctx } from '../../core/context';
import { examples, verb } from '../../core/flags/define';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function completionCommand(ctx: Ctx) {
  return verb(
    ctx,
    'completion',
    'Print shell completions for bash, zsh or fish',
    async () => (await import('./completion')).completionRun,
  )
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      '\nInstall:\n' +
        "  bash  echo 'source <(mon completion bash)' >> ~/.bashrc\n" +
        '  zsh   mon completion zsh > "${fpath[1]}/_mon"   (then restart zsh)\n' +
        '  fish  mon completion fish > ~/.config/fish/completions/mon.fish\n' +
        'The same scripts are in the completions/ folder of the repository.\n' +
        examples('mon completion bash', 'mon completion zsh > ~/.zfunc/_mon'),
    );
}
