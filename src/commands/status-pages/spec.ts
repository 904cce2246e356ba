import { PAGE_FLAGS, READ_ONLY } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const STATUS_PAGES: NounSpec = {
  ...TOP.statusPages,
  examples: ['mon status-pages list', 'mon status-pages get acme-cloud', 'mon status-pages open acme-cloud --print'],
};

export const GET = verb({
  name: 'get',
  summary: 'Show a status page: its cards and services, and its open incidents',
  effect: READ_ONLY,
  args: [
    {
      key: 'page',
      label: 'PAGE',
      kind: 'text',
      help: 'the status page: its ID, its URL slug, or its name in any case',
      complete: 'status-pages',
    },
  ],
  flags: {},
  about:
    'From GET /v1/status-pages/{id}. PAGE that names several pages is refused (exit 2) with\n' +
    'the matches listed. --json prints the page as received.\n',
  examples: ['mon status-pages get acme-cloud', 'mon status-pages get "Acme Cloud" --json'],
});

export const LIST = verb({
  name: 'list',
  summary: 'List status pages with their cards and services',
  effect: READ_ONLY,
  flags: { ...PAGE_FLAGS },
  examples: [
    'mon status-pages list',
    'mon status-pages list --all',
    '# service IDs, for `mon incidents create --service ID`:',
    `mon status-pages list --all --jq '.[].cards[].services[] | "\\(.id)  \\(.name)"'`,
  ],
});

export const OPEN = verb({
  name: 'open',
  summary: 'Open a status page in the browser, as its subscribers see it',
  effect: READ_ONLY,
  args: [
    {
      key: 'page',
      label: 'PAGE',
      kind: 'text',
      optional: true,
      help: 'the page: its ID, URL slug or name, in any case (on a terminal, leave it out to pick; with one page, that one)',
    },
  ],
  flags: {
    print: { kind: 'bool', help: 'print its URL instead of opening it' },
  },
  about:
    "The URL is the page's custom domain when it has one, else the address the API gives; a mon sandbox\n" +
    'serves its pages itself (http://HOST:PORT/status/<url>). With no browser to open (no display, the\n' +
    'opener missing or failing) the URL is printed instead, saying why, and mon exits 0.\n',
  examples: [
    'mon --sandbox status-pages open acme-payments',
    'mon status-pages open "Acme Cloud" --print',
    'mon status-pages open',
  ],
});
