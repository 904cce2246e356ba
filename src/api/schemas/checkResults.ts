import { z } from 'zod';
import { LOCATIONS, REPORTED_CHECK_TYPES } from './checkValues';
import { decimalNumber, wholeNumber } from './common';
import { CHECK_RESULTS_LIMIT, CHECK_RESULTS_WINDOW_SECONDS, RESULT_TYPES } from './enums';

/*
 * Check results (the public description's GET /v1/check-results/{checkId} and
 * /v1/check-results/{checkId}/{checkResultId}): the list's query, as the client sends it and
 * the sandbox checks it (docs/API.md), and the answers. A result counts as failed when
 * hasFailures or hasErrors is true.
 */

const EPOCH_RULE = 'a UNIX time in seconds';
const hours = CHECK_RESULTS_WINDOW_SECONDS / 3600;

/**
 * The list's query: limit 1 to 100 (the API's default 10), page from 1, and the filters. The
 * window is `from` (included) to `to` (excluded), UNIX seconds, at most 6 hours long: without
 * either, the last 6 hours; with one, 6 hours from or up to it.
 */
export const checkResultsQuerySchema = z
  .object({
    limit: wholeNumber(CHECK_RESULTS_LIMIT.min, CHECK_RESULTS_LIMIT.max).optional(),
    page: wholeNumber(1).optional(),
    location: z.enum(LOCATIONS, { error: 'must be a data-center location such as eu-west-1' }).optional(),
    checkType: z.enum(REPORTED_CHECK_TYPES, { error: `must be one of ${REPORTED_CHECK_TYPES.join(', ')}` }).optional(),
    hasFailures: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    resultType: z.enum(RESULT_TYPES, { error: `must be one of ${RESULT_TYPES.join(', ')}` }).optional(),
    from: decimalNumber(0, Number.MAX_SAFE_INTEGER, EPOCH_RULE).optional(),
    to: decimalNumber(0, Number.MAX_SAFE_INTEGER, EPOCH_RULE).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must not be before from (${query.from})` });
    } else if (query.to - query.from > CHECK_RESULTS_WINDOW_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${hours} hours (${CHECK_RESULTS_WINDOW_SECONDS} seconds) after from`,
      });
    }
  });

/** The check a result list or a result is of: a check ID (the description: a UUID). */
export const resultsCheckIdSchema = z.guid({ error: 'must be a check ID (8-4-4-4-12 hexadecimal digits)' });

// The answers: lenient (the API may add fields), strict only about what mon computes with.

/** One run's result. Failed: hasFailures (the check failed) or hasErrors (the service failed to run it). */
export const checkResultSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  checkId: z.string().optional(),
  hasFailures: z.boolean().optional(),
  hasErrors: z.boolean().optional(),
  isDegraded: z.boolean().nullable().optional(),
  runLocation: z.string().optional(),
  startedAt: z.string().nullable().optional(),
  stoppedAt: z.string().nullable().optional(),
  responseTime: z.number().optional(),
  resultType: z.string().optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** GET /v1/check-results/{checkId}: one page, newest first, a bare array. */
export const checkResultListSchema = z.array(checkResultSchema);
