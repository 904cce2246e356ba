import { CliError, type ErrorKind } from '../errors';
import { sanitize } from '../text/escape';
import { maskUrl } from '../text/mask';
import type { Hint } from '../text/next';

/** Where a failed request was going, for messages. */
export interface RequestLabel {
  method: string;
  path: string;
}

/** A failed API call: the HTTP status, the server's message and request ID when there are any. */
export class ApiError extends CliError {
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly requestId: string | undefined;
  readonly attempts: number;

  constructor(
    kind: ErrorKind,
    message: string,
    details: { status?: number; serverMessage?: string; requestId?: string; attempts?: number; hint?: Hint } = {},
  ) {
    const suffix = details.requestId ? ` (request ID ${sanitize(details.requestId)})` : '';
    super(kind, message + suffix, details.hint);
    this.name = 'ApiError';
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.requestId = details.requestId;
    this.attempts = details.attempts ?? 1;
  }
}

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-amzn-requestid', 'x-correlation-id'];

export function requestIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers[name];
    if (value) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The server's `message` from a `{statusCode, error, message}` body, if the body is one. */
export function serverMessageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (typeof body?.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON (an HTML page from a proxy, say): the status says enough.
  }
  return undefined;
}

/** The reason phrase of each status mon or its sandbox may meet (the sandbox answers with them too). */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};

/** "Not Found"; undefined for a status without a phrase here. */
export function statusText(status: number): string | undefined {
  return Object.hasOwn(STATUS_TEXT, status) ? STATUS_TEXT[status] : undefined;
}

/** "404 Not Found", or the bare number. */
export function statusLabel(status: number): string {
  const text = statusText(status);
  return text ? `${status} ${text}` : String(status);
}

/** The one function that picks an error type for a non-2xx response (openai-node's APIError.generate). */
export function errorFromResponse(
  request: RequestLabel & { uncertainHint?: Hint },
  status: number,
  text: string,
  headers: Record<string, string | string[] | undefined>,
  attempts: number,
): ApiError {
  const serverMessage = serverMessageOf(text);
  const requestId = requestIdOf(headers);
  const said = serverMessage ? `: ${sanitize(serverMessage)}` : '';
  const what = `${statusLabel(status)}${said}`;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  const details = { status, serverMessage, requestId, attempts };
  if (status === 401) {
    return new ApiError('auth', `Authentication failed (${what}).`, {
      ...details,
      hint: (next) => `Run ${next('auth login')} or set MON_API_KEY.`,
    });
  }
  if (status === 403) {
    return new ApiError('auth', `Access denied (${what}).`, {
      ...details,
      hint: (next) =>
        `Check that the API key belongs to the account ID in use (--account / MON_ACCOUNT_ID; ${next('auth status')} shows both).`,
    });
  }
  if (status === 402) {
    return new ApiError('plan-limit', `Your plan's limit is reached (${what}).`, {
      ...details,
      hint: 'Upgrade the plan or remove checks you no longer need, then try again.',
    });
  }
  if (status >= 300 && status < 400) {
    // Followed, a redirect would take the key to wherever the server says: it is not followed.
    const location = [headers.location].flat()[0];
    const where = location ? `to ${sanitize(maskUrl(location))}` : 'without saying where (no Location)';
    return new ApiError(
      'api',
      `The server answered ${statusLabel(status)} to ${request.method} ${request.path}, redirecting ${where}; mon does not follow redirects, so the key goes nowhere else.`,
      {
        ...details,
        hint: (next) =>
          `If the API has moved, point the base URL at its new address (--base-url, MON_BASE_URL or ${next('config set base-url URL')}); ${next('auth status')} shows the one in use.`,
      },
    );
  }
  if (status === 404) {
    return new ApiError('not-found', `Not found (${what}) for ${request.method} ${request.path}.`, details);
  }
  if (status === 429) {
    return new ApiError('rate-limit', `Rate limited (${what})${tries}.`, {
      ...details,
      hint: 'Wait a minute before trying again, or make fewer requests at once.',
    });
  }
  if (status >= 500) {
    return new ApiError('api', `The server failed (${what})${tries} on ${request.method} ${request.path}.`, {
      ...details,
      // A gateway's 502/504 says nothing of whether the server behind it acted on a POST.
      hint:
        request.uncertainHint ??
        'The service may be having trouble; try again in a moment (--debug shows each attempt).',
    });
  }
  return new ApiError('api', `The server refused ${request.method} ${request.path} (${what}).`, details);
}

/** Rewords a 404 for the resource the user named ("Runtime 2099.01 not found"). */
export function rewordNotFound(error: unknown, message: string, hint?: Hint): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'not-found') return error;
  return new ApiError('not-found', message, {
    status: error.status,
    serverMessage: error.serverMessage,
    requestId: error.requestId,
    hint,
  });
}
