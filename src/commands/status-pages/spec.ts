import { PAGE_FLAGS } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';

export const STATUS_PAGES: NounSpec = {
  name: 'status-pages',
  summary: 'Status pages, cards and services (find service IDs)',
  examples: ['mon status-pages list', 'mon status-pages list --all --json'],
};

export const LIST = verb({
  name: 'list',
  summary: 'List status pages with their cards and services',
  flags: { ...PAGE_FLAGS },
  examples: [
    'mon status-pages list',
    'mon status-pages list --all',
    '# service IDs, for `mon incidents create --service ID`:',
    `mon status-pages list --all --jq '.[].cards[].services[] | "\\(.id)  \\(.name)"'`,
  ],
});
