import type { Ctx } from '../../context';
import { noun } from '../define';

export function apiCommand(_ctx: Ctx) {
  return noun('api', 'Make an authenticated request to any API path');
}
