import { ApiError } from '../../../api/errors';
import type { ApiRequest } from '../../../api/request';
import type { Ctx } from '../../../core/context';
import { CliError } from '../../../errors';

/**
 * A call to a sandbox's admin routes (/__sandbox/...) through the API client in use: the
 * base URL and key of the profile, MON_BASE_URL/MON_API_KEY, or the embedded sandbox with
 * --sandbox. Any other server does not know these routes: that is said plainly.
 */
export async function adminCall<T>(ctx: Pick<Ctx, 'api'>, request: ApiRequest): Promise<T> {
  const client = await ctx.api();
  try {
    return (await client.request<T>(request)).body;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
      throw new CliError(
        'not-found',
        `${client.config.baseUrl} is not a mon sandbox: ${request.method} ${request.path} answered ${error.status}.`,
        'Point MON_BASE_URL (or --base-url) at a running `mon sandbox`, or use the embedded one with --sandbox.',
      );
    }
    throw error;
  }
}
