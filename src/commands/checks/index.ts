import type { Ctx } from '../../context';
import { noun } from '../define';

export function checksCommand(_ctx: Ctx) {
  return noun('checks', 'Create checks: DNS monitors, and the deprecated combined create');
}
