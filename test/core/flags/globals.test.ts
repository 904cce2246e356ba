/** The global flags (src/core/flags/globals.ts): a value that is not one is refused before anything is sent. */
import { refusesBadInput } from '../../helpers';

refusesBadInput([
  { what: '--timeout 0', line: '--timeout 0 runtimes list', says: 'Invalid timeout "0" (from --timeout)' },
  {
    what: '--timeout that is not a number',
    line: '--timeout soon runtimes list',
    says: 'Invalid timeout "soon" (from --timeout)',
  },
  {
    what: '--base-url that is not http(s)',
    line: '--base-url ftp://api.example.com runtimes list',
    says: '"ftp://api.example.com" (from --base-url): only http:// and https://',
  },
  {
    what: '--base-url that is not a URL',
    line: '--base-url api runtimes list',
    says: 'Invalid URL "api" (from --base-url)',
  },
  {
    what: '--profile with a path in it',
    line: '--profile ../evil runtimes list',
    says: 'Invalid profile name "../evil" (from --profile)',
  },
]);
