import { SETTING_NAMES } from '../../config/settings';
import { READ_ONLY_LOCAL } from '../../core/flags/common';
import { verb, type ArgSpec, type NounSpec } from '../../core/flags/spec';
import { TOP } from '../top-level';

/** The settings `mon config` handles (the key is set with `mon auth login`, never on a command line). */
const CONFIGURABLE = SETTING_NAMES.filter((name) => name !== 'api-key');

const KEY = {
  key: 'key',
  label: 'KEY',
  kind: 'text',
  values: CONFIGURABLE,
  help: CONFIGURABLE.join(', '),
} as const satisfies ArgSpec;

export const CONFIG: NounSpec = {
  ...TOP.config,
  examples: ['mon config list', 'mon config set timeout 60', 'mon config path'],
};

export const LIST = verb({
  name: 'list',
  summary: "Show the profile's settings",
  effect: READ_ONLY_LOCAL,
  flags: {},
  examples: ['mon config list', 'mon --profile staging config list --json'],
});

export const GET = verb({
  name: 'get',
  summary: 'Print one setting (exit 1 when it is not set)',
  effect: READ_ONLY_LOCAL,
  args: [KEY],
  flags: {},
  examples: ['mon config get base-url', 'curl "$(mon config get base-url)/v1/runtimes"'],
});

export const SET = verb({
  name: 'set',
  summary: 'Change one setting (the key is set with `mon auth login`)',
  effect: { kind: 'write', idempotent: true, local: true },
  args: [KEY, { key: 'value', label: 'VALUE', kind: 'text', help: 'the new value' }],
  flags: {},
  examples: [
    'mon config set base-url https://api.example.com',
    'mon config set ping-url https://ping.example.com',
    'mon --profile staging config set timeout 60',
  ],
});

export const UNSET = verb({
  name: 'unset',
  summary: 'Remove one setting from the profile',
  effect: { kind: 'write', idempotent: true, local: true },
  args: [KEY],
  flags: {},
  examples: ['mon config unset ping-url'],
});

export const PATH = verb({
  name: 'path',
  summary: 'Print where the profiles are stored',
  effect: READ_ONLY_LOCAL,
  flags: {},
  examples: ['mon config path', 'MON_CONFIG_DIR=/tmp/mon mon config path'],
});
