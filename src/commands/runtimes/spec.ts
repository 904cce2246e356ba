import { RUNTIME_IDS } from '../../api/schemas/enums';
import { READ_ONLY } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const RUNTIMES: NounSpec = {
  ...TOP.runtimes,
  examples: ['mon runtimes list', 'mon runtimes get 2025.04'],
};

export const LIST = verb({
  name: 'list',
  summary: 'List the supported runtimes',
  effect: READ_ONLY,
  flags: {},
  examples: ['mon runtimes list', `mon runtimes list --jq '.[] | select(.stage == "CURRENT") | .name'`],
});

export const GET = verb({
  name: 'get',
  summary: 'Show one runtime and the package versions it has',
  effect: READ_ONLY,
  args: [{ key: 'runtime', label: 'RUNTIME', kind: 'id', values: RUNTIME_IDS, help: 'runtime name, e.g. 2025.04' }],
  flags: {},
  examples: ['mon runtimes get 2025.04', `mon runtimes get 2025.04 --jq '.dependencies.playwright'`],
});
