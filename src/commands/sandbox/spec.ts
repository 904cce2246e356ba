import { verb } from '../../core/flags/spec';

export const SANDBOX = verb({
  name: 'sandbox',
  summary: 'Serve a local copy of the whole API, to try mon',
  flags: {
    host: { kind: 'text', value: 'host', default: '127.0.0.1', help: 'interface to listen on' },
    port: {
      kind: 'int',
      value: 'port',
      min: 0,
      max: 65535,
      default: 4010,
      help: 'port to listen on (0: any free port)',
    },
    data: { kind: 'file', help: 'journal file to persist to (default: in the user data directory)' },
    apiKey: { kind: 'raw', value: 'key', help: 'API key clients must send (default: the sandbox key it prints)' },
    maxChecks: { kind: 'int', min: 0, help: 'answer 402 to the deprecated `checks create` past this many checks' },
    faults: { kind: 'raw', value: 'spec', help: 'inject failures, e.g. 503:0.2,429x1,delay:300 (see below)' },
    seed: { kind: 'file', help: 'JSON file of extra heartbeat monitors to create' },
  },
  about:
    'The global --account sets the account ID the sandbox accepts. The sandbox prints its base\n' +
    'URL, ping URL, account ID and API key, then serves until Ctrl-C. --json prints the same as\n' +
    'one JSON line.\n\n' +
    'Faults (--faults, comma-separated): STATUS:P answers STATUS to a fraction P of requests;\n' +
    'STATUSxN to the next N; reset (close the connection), hang (never answer) and drop (do the\n' +
    'work, then close the connection unanswered) take :P or xN too; delay:MS delays every\n' +
    'answer; a rule ending in @METHOD applies to that method only (e.g. dropx1@POST).\n',
  examples: [
    'mon sandbox',
    'mon sandbox --port 0 --data ./sandbox.jsonl --json',
    'mon sandbox --faults 503:0.2,429:0.1,delay:300',
    '# in another terminal:',
    'MON_BASE_URL=http://127.0.0.1:4010 MON_API_KEY=sk_sandbox_0123456789abcdef mon incidents list',
  ],
});
