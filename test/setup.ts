/**
 * Run in every test worker before each file (vitest.config.ts, setupFiles).
 *
 * - The environment is cleared of the agents' markers, MON_MODE and CI again (test/clean-env.ts;
 *   test/global-setup.ts clears them before the workers start): in-process runs and every
 *   process a test spawns without an environment of its own start without them.
 * - The tests' own `fetch` calls (set-ups, looks at a sandbox, hostile servers) open a
 *   connection per request: a kept-alive one can be closed by the server (the sandbox's
 *   keep-alive time is 5 s) just as the next request goes out on it, which a loaded machine
 *   makes likely ("fetch failed ... ECONNRESET"). mon's own client does not use fetch (its
 *   transports are in src/api/transport.ts, and it retries a GET or PUT whose connection was
 *   reset: test/api/client.test.ts).
 */
import { Agent, setGlobalDispatcher } from 'undici';
import { clearVariables } from './clean-env';

clearVariables(process.env);
setGlobalDispatcher(new Agent({ pipelining: 0 }));
