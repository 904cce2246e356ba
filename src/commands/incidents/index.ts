import type { Ctx } from '../../context';
import { noun } from '../define';

export function incidentsCommand(_ctx: Ctx) {
  return noun('incidents', 'Open, update and resolve status-page incidents (the outage commands)');
}
