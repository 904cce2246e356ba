import { READ_ONLY } from '../../core/flags/common';
import { verb } from '../../core/flags/spec';
import { TOP } from '../top-level';

/* The command line of `mon mcp`: a Model Context Protocol server on stdin and stdout. */

export const MCP = verb({
  ...TOP.mcp,
  // The server itself changes nothing: each write tool it serves (only with --allow-writes) plans.
  effect: READ_ONLY,
  flags: {
    allowWrites: {
      kind: 'bool',
      help: 'serve the write tools too (each acts only with the planToken of its own plan)',
    },
  },
  about:
    'An MCP server on stdio for an AI agent (Claude Code, Cursor, VS Code, ...): one tool per\n' +
    'command that calls the API (`incidents_list`, `incidents_update`, `checks_get`, `status`,\n' +
    '...), with the input schema, the words and the classification of `mon schema`. Only the\n' +
    'read-only tools unless --allow-writes. A write tool called without `planToken` returns the\n' +
    'plan (status confirmation_required) and changes nothing; called again with the same\n' +
    'arguments and that planToken, it sends exactly what was planned, if the object is still as\n' +
    'planned (else a tool error naming what changed). Credentials, --profile and --sandbox work\n' +
    'as for every command; each call runs in this process (no process per call, one connection\n' +
    'kept open). stdout carries only the protocol; messages go to stderr. It ends when stdin\n' +
    'closes (exit 0) or on SIGTERM (143). With --sandbox the sandbox is served to other mon\n' +
    'commands too (`mon --sandbox ...` talks to it): rehearse an outage with an agent first.\n',
  examples: ['mon mcp --sandbox', 'mon mcp --sandbox --allow-writes', 'mon mcp'],
});
