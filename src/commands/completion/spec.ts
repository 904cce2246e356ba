import { verb } from '../../core/flags/spec';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export const COMPLETION = verb({
  name: 'completion',
  summary: 'Print shell completions for bash, zsh or fish',
  args: [{ key: 'shell', label: 'shell', kind: 'enum', values: SHELLS, help: 'bash, zsh or fish' }],
  flags: {},
  about:
    'Install:\n' +
    "  bash  echo 'source <(mon completion bash)' >> ~/.bashrc\n" +
    '  zsh   mon completion zsh > "${fpath[1]}/_mon"   (then restart zsh)\n' +
    '  fish  mon completion fish > ~/.config/fish/completions/mon.fish\n' +
    'The same scripts are in the completions/ folder of the repository.\n',
  examples: ['mon completion bash', 'mon completion zsh > ~/.zfunc/_mon'],
});
