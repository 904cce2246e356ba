import { verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const SKILL = verb({
  ...TOP.skill,
  // Printing reads only; --write writes one file of this machine (the same file again: idempotent).
  effect: { kind: 'write', idempotent: true, local: true },
  document: { text: 'Markdown (a SKILL.md)' },
  flags: {
    write: {
      kind: 'text',
      value: 'dir',
      help: "write DIR/mon/SKILL.md instead of printing it (e.g. ~/.claude/skills, a project's .claude/skills)",
    },
    force: {
      kind: 'bool',
      help: 'with --write: replace a SKILL.md that mon did not write (it is kept as SKILL.md.bak)',
    },
  },
  about:
    'The skill is generated from the same tables as the help and `mon schema`: front matter (name,\n' +
    'description), when to use mon, the mode and plan protocol (exit 9 and its confirmCommand, exit\n' +
    '10), the sandbox to rehearse on, and the commands by task with command lines that run as\n' +
    'shown against a fresh sandbox. --write replaces a SKILL.md that mon wrote; another file is\n' +
    'left as it is (exit 1) unless --force, which keeps it as SKILL.md.bak.\n',
  examples: ['mon skill', 'mon skill --write ~/.claude/skills', 'mon skill --write .claude/skills'],
});
