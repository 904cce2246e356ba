import type { Ctx } from '../../context';
import { noun } from '../define';

export function completionCommand(_ctx: Ctx) {
  return noun('completion', 'Print the shell completion script for bash, zsh or fish');
}
