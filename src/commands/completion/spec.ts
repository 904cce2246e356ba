import { READ_ONLY, READ_ONLY_LOCAL } from '../../core/flags/common';
import { COMPLETION_SOURCES, verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export const COMPLETION = verb({
  ...TOP.completion,
  effect: READ_ONLY_LOCAL,
  document: { text: 'a shell script' },
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

/** Hidden: what the completion scripts run to offer values from the API (silent, 2 s at most). */
export const COMPLETE_VALUES = verb({
  ...TOP.completeValues,
  effect: READ_ONLY,
  args: [{ key: 'source', label: 'SOURCE', kind: 'enum', values: COMPLETION_SOURCES, help: 'what to list' }],
  flags: {},
  about:
    'The completion scripts run it; it prints nothing (and exits 0) when the API cannot be\n' +
    'reached within 2 seconds or the profile has no key.\n',
  examples: ['mon __complete open-incidents'],
});
