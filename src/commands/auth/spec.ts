import { READ_ONLY } from '../../core/flags/common';
import { verb, type NounSpec } from '../../core/flags/spec';
import { TOP } from '../top-level';

export const AUTH: NounSpec = {
  ...TOP.auth,
  examples: ['mon auth login', 'mon auth status', 'mon auth logout'],
};

export const LOGIN = verb({
  name: 'login',
  summary: 'Store an API key, account ID and base URL in a profile (checked first)',
  effect: { kind: 'write', idempotent: true, local: true },
  flags: { withKey: { kind: 'bool', help: 'read the API key from stdin instead of prompting' } },
  about:
    'Prompts for the base URL, account ID and key on a terminal (the key is not echoed).\n' +
    'Takes --base-url, --account and --ping-url (global flags) when given. The key is\n' +
    'checked with one request before anything is saved; it never goes on the command line.\n' +
    'Logged in to a `mon sandbox`, the ping URL it announces is stored too (unless --ping-url\n' +
    'or MON_PING_URL gives one), so `mon heartbeats ping` works afterwards.\n',
  examples: [
    'mon auth login',
    'mon auth login --base-url http://127.0.0.1:4010',
    'mon auth login --base-url https://api.example.com --account 1f9c...',
    'printenv MON_KEY | mon auth login --with-key --base-url https://api.example.com --account 1f9c...',
    'mon --profile staging auth login',
  ],
});

export const STATUS = verb({
  name: 'status',
  summary: 'Show the credentials in use and where each comes from (exit 4 without a key)',
  effect: READ_ONLY,
  flags: {},
  examples: ['mon auth status', 'MON_PROFILE=staging mon auth status', 'mon auth status --json'],
});

export const LOGOUT = verb({
  name: 'logout',
  summary: 'Remove the stored API key from the profile (keeps base URL and account)',
  effect: { kind: 'destructive', idempotent: true, local: true },
  flags: {},
  examples: ['mon auth logout', 'mon --profile staging auth logout'],
});
