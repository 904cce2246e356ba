import type { Ctx } from '../../../core/context';
import { saySuccess } from '../../../output/say';
import type { Input } from '../../../core/flags/spec';
import { CliError, UsageError } from '../../../errors';
import { showOutcome } from '../../../output/present';
import { MAX_CLOCK_ADVANCE_SECONDS } from '../../../sandbox/limits';
import { sanitize } from '../../../text/escape';
import { humanDuration, readDuration } from '../../../text/time';
import { adminCall } from '../shared/admin';
import type { ADVANCE } from '../spec';

interface ClockAnswer {
  now: string;
  offsetSeconds: number;
}

/** `mon sandbox clock advance DURATION`: POST /__sandbox/clock. */
export async function sandboxClockAdvanceRun(
  ctx: Pick<Ctx, 'io' | 'globals' | 'api'>,
  { args }: Input<typeof ADVANCE>,
): Promise<void> {
  const { io } = ctx;
  const read = readDuration(args.duration, { max: { ms: MAX_CLOCK_ADVANCE_SECONDS * 1000, words: '100 years' } });
  if ('problem' in read) {
    throw new UsageError(
      `DURATION ${read.problem} (got "${sanitize(args.duration)}"): nothing was sent.`,
      read.tooLong
        ? 'Advance by a shorter time, e.g. 30d.'
        : (next) => `The clock only moves forward, e.g. ${next('sandbox clock advance 2h')}.`,
    );
  }
  const { ms } = read;
  const answer = await adminCall<ClockAnswer>(ctx, {
    method: 'POST',
    path: '/__sandbox/clock',
    body: { advanceSeconds: ms / 1000 },
  });
  if (typeof answer?.now !== 'string') {
    throw new CliError('response', 'The sandbox answered POST /__sandbox/clock without the new time.');
  }
  const ahead =
    typeof answer.offsetSeconds === 'number' && answer.offsetSeconds > 0
      ? ` (${humanDuration(answer.offsetSeconds)} ahead of the real time)`
      : '';
  saySuccess(
    io,
    `The sandbox clock moved forward ${humanDuration(ms / 1000)}: it is now ${sanitize(answer.now)}${ahead}.`,
  );
  // Piped, the new time alone, for a script.
  await showOutcome(ctx, { json: answer, id: answer.now });
}
