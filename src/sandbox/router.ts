import { HttpError, type SandboxRequest, type SandboxResponse } from './http';

export type Handler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

export interface Route {
  method: string;
  /** e.g. "/v1/status-pages/incidents/:incidentId" */
  path: string;
  /** Requires the API key (default true; false for pings). */
  auth?: boolean;
  handler: Handler;
}

interface Compiled extends Route {
  segments: string[];
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** A small router: literal segments and `:param` segments, percent-decoded one by one. */
export class Router {
  private readonly routes: Compiled[] = [];

  add(route: Route): this {
    this.routes.push({ ...route, segments: route.path.split('/').slice(1) });
    return this;
  }

  get(path: string, handler: Handler, options: { auth?: boolean } = {}): this {
    return this.add({ method: 'GET', path, handler, ...options });
  }

  post(path: string, handler: Handler, options: { auth?: boolean } = {}): this {
    return this.add({ method: 'POST', path, handler, ...options });
  }

  put(path: string, handler: Handler, options: { auth?: boolean } = {}): this {
    return this.add({ method: 'PUT', path, handler, ...options });
  }

  /**
   * The route for a method and raw (still encoded) path; 404 or 405 when there is none. A
   * literal segment wins over a parameter, whatever the order the routes were added in
   * (`/v1/status-pages/incidents` is not the status page "incidents").
   */
  match(method: string, rawPath: string): Match {
    const parts = rawPath.split('/').slice(1);
    let pathMatched = false;
    let best: (Match & { literals: number }) | undefined;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      pathMatched = true;
      const literals = route.segments.filter((segment) => !segment.startsWith(':')).length;
      if (route.method === method && (!best || literals > best.literals)) best = { route, params, literals };
    }
    if (best) return { route: best.route, params: best.params };
    if (pathMatched) throw new HttpError(405, `${method} is not supported on ${rawPath}`);
    throw new HttpError(404, 'Not Found');
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    let actual: string;
    try {
      actual = decodeURIComponent(parts[i]!);
    } catch {
      return undefined;
    }
    if (expected.startsWith(':')) {
      if (!actual) return undefined;
      params[expected.slice(1)] = actual;
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
