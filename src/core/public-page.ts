import type { ApiClient } from '../api/client';
import { statusPagePages } from '../api/resources/statusPages';
import { pageServices } from '../api/answers';
import type { StatusPage } from '../api/schemas/statusPages';
import type { Incident } from '../api/schemas/incidents';
import type { ApiRequest } from '../api/request';
import { PAGE_LIMIT } from '../api/schemas/enums';
import { CliError } from '../errors';
import type { IO } from '../io';
import { sayNote, saySuccess, sayWarning } from '../output/say';
import { lockHolder, realFile } from '../lock';
import { defaultDataFile, lockPath, PING_URL_HEADER, statusPagePath } from '../sandbox/defaults';
import { DEFAULT_HOST, DEFAULT_PORT } from '../sandbox/limits';
import { sanitize } from '../text/escape';
import { httpUrl } from '../text/html';
import { openInBrowser } from './browser';

/*
 * Where a status page is public, and showing it (`mon status-pages open`, `mon incidents
 * ... --web`). A mon sandbox serves each page itself at /status/<url> (it says it is one in
 * every answer's headers); for an account the page is at its custom domain when it has one,
 * else at the address the API gives as its `url` when that is one. When the API gives only
 * a name, mon says so rather than guess a host.
 */

type Client = Pick<ApiClient, 'request' | 'config'>;

/** Every status page of the account, and whether the server is a mon sandbox. */
export async function allStatusPages(client: Client): Promise<{ pages: StatusPage[]; sandbox: boolean }> {
  let sandbox = false;
  const watching: Pick<ApiClient, 'request'> = {
    request: async <T>(request: ApiRequest) => {
      const answer = await client.request<T>(request);
      sandbox ||= answer.headers[PING_URL_HEADER] !== undefined;
      return answer;
    },
  };
  const pages: StatusPage[] = [];
  for await (const { page } of statusPagePages(watching, { limit: PAGE_LIMIT.max })) pages.push(...page.entries);
  return { pages, sandbox };
}

/**
 * Where the sandbox's pages are served for a browser: the server's own address, except when
 * `mon --sandbox` runs the sandbox inside this command (no `mon sandbox` serves its data
 * file), which stops with it: then where `mon sandbox` serves them (`temporary`).
 */
export function sandboxPagesAt(
  embedded: boolean,
  env: NodeJS.ProcessEnv,
  baseUrl: string,
): { baseUrl: string; temporary: boolean } {
  if (!embedded || lockHolder(lockPath(realFile(defaultDataFile(env))))?.server) return { baseUrl, temporary: false };
  return { baseUrl: `http://${DEFAULT_HOST}:${DEFAULT_PORT}`, temporary: true };
}

/**
 * The public address of `page`, or why there is none. An account's page is opened only at an
 * https:// address with no user name or password in it: its custom domain (a host name and
 * nothing else: "status.example.com@evil.example" is the host evil.example), else the
 * address the API gives. Why a value is refused never quotes it (it may hold a password).
 */
export function publicPageUrl(
  page: Pick<StatusPage, 'name' | 'url' | 'customDomain'>,
  where: { sandbox: boolean; baseUrl: string },
): { url: string } | { none: string } {
  if (where.sandbox) return { url: new URL(statusPagePath(page.url), where.baseUrl).href };
  const name = sanitize(page.name);
  const domain = page.customDomain?.trim();
  if (domain) {
    const host = domain.replace(/^https?:\/\//i, '').replace(/\/$/, '');
    const url = HOST_NAME.test(host) ? safeUrl(`https://${host}/`) : undefined;
    if (url && new URL(url).hostname === process.getBuiltinModule('node:url').domainToASCII(host)) return { url };
    return {
      none: `The custom domain of the status page "${name}" is not a host name (mon opens only https:// on the page's own domain, never an address with a user name or password): mon does not open it.`,
    };
  }
  const given = safeUrl(page.url);
  if (given) return { url: given };
  // A URL with a user name may hold a password: not repeated.
  const shown = page.url.includes('@') ? 'its url' : `its url "${sanitize(page.url)}"`;
  return {
    none: `The API gives no address for the status page "${name}" (no custom domain, and ${shown} is not an https:// address); mon does not guess one.`,
  };
}

/** A host name as a custom domain is one: dot-separated labels of letters, digits and hyphens (IDNs in their xn-- form, or as typed). */
const HOST_NAME = /^(?!-)[\p{L}\p{N}-]{1,63}(?:\.(?!-)[\p{L}\p{N}-]{1,63})+$/u;

/** `text` as an https:// URL with no user name or password; undefined otherwise. */
function safeUrl(text: string): string | undefined {
  const url = httpUrl(text);
  if (!url) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' && !parsed.username && !parsed.password ? url : undefined;
}

/**
 * Shows each page: its URL printed (`print`), or opened in the browser; when it cannot be
 * opened, printed, saying why (exit 0). A page with no address is an error (exit 1) after
 * the others were shown. `afterWork` (`--web`, once a command did its work): stdout stays
 * the command's, so a URL not opened is named on stderr, and a page with no address is a
 * warning: the work was done, and exit 1 would invite doing it again.
 */
export async function showPages(
  ctx: { io: IO; env: NodeJS.ProcessEnv },
  pages: readonly Pick<StatusPage, 'name' | 'url' | 'customDomain'>[],
  where: { sandbox: boolean; baseUrl: string; print: boolean; embedded: boolean; afterWork?: boolean },
): Promise<void> {
  const missing: string[] = [];
  const served = where.sandbox ? sandboxPagesAt(where.embedded, ctx.env, where.baseUrl) : undefined;
  if (served) where = { ...where, baseUrl: served.baseUrl };
  for (const page of pages) {
    const found = publicPageUrl(page, where);
    if ('none' in found) {
      missing.push(found.none);
      continue;
    }
    const url = sanitize(found.url);
    if (where.print) {
      ctx.io.out(`${url}\n`);
      continue;
    }
    const why = served?.temporary
      ? 'the embedded sandbox (--sandbox) stops when this command ends; `mon sandbox`, in another terminal, serves its pages (and `mon --sandbox` commands then use it)'
      : await openInBrowser(found.url, { env: ctx.env });
    if (why === undefined) {
      saySuccess(ctx.io, `Opened ${url} in the browser.`);
    } else if (where.afterWork) {
      sayNote(ctx.io, `Not opened in a browser: ${why}. The page is at ${url}`);
    } else {
      sayNote(ctx.io, `Not opened in a browser: ${why}. The page is at:`);
      ctx.io.out(`${url}\n`);
    }
  }
  if (!missing.length) return;
  const hint =
    'Its address is in the status page settings of the web app; mon opens its custom domain when that is a host name (over https://).';
  if (where.afterWork) return sayWarning(ctx.io, missing.join('\n'), hint);
  throw new CliError('failure', missing.join('\n'), hint);
}

/**
 * `mon incidents ... --web`: the status pages that show the incident's services, opened
 * after the command did its work (what it printed on stdout stays its own: a URL not opened
 * is shown on stderr). No page shows them: a note.
 */
export async function openIncidentPages(
  ctx: { io: IO; env: NodeJS.ProcessEnv; embedded: boolean },
  client: Client,
  incident: Pick<Incident, 'services'>,
): Promise<void> {
  const { pages, sandbox } = await allStatusPages(client);
  const services = new Set(incident.services.map((service) => service.id));
  const showing = pages.filter((page) => pageServices(page).some(({ service }) => services.has(service.id)));
  if (!showing.length) return sayNote(ctx.io, 'No status page shows the services of this incident: nothing to open.');
  await showPages(ctx, showing, {
    sandbox,
    baseUrl: client.config.baseUrl,
    print: false,
    embedded: ctx.embedded,
    afterWork: true,
  });
}
