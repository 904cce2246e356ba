import type { Ctx } from '../context';
import { answerCheck } from './convert';
import type { BoolFlag, EnumFlag, TextFlag } from './spec';

/*
 * Prompts built from the flag tables: the question is the flag's `prompt`, the choices are
 * its values, and a typed answer is checked with the flag's own rule.
 */

type Asker = Pick<Ctx, 'prompter' | 'now'>;

/**
 * A text flag's value, typed (trimmed; checked as the flag would be). `previous`: the answer of
 * an edit round, in the input to edit.
 */
export async function askText(ctx: Asker, flag: TextFlag, options: { previous?: string } = {}): Promise<string> {
  const answer = await ctx.prompter.input({
    message: flag.prompt ?? flag.help,
    ...(options.previous !== undefined ? { default: options.previous, editable: true } : {}),
    validate: answerCheck(flag, ctx.now()),
  });
  return answer.trim();
}

/**
 * An enum flag's value, picked from its values: `current` marked, `preselected` (else
 * `current`, else the flag's default) under the cursor.
 */
export async function askChoice<V extends string>(
  ctx: Asker,
  flag: EnumFlag<V>,
  options: { current?: V; preselected?: V } = {},
): Promise<V> {
  return ctx.prompter.select<V>({
    message: flag.prompt ?? flag.help,
    choices: flag.values.map((value) => ({ name: value === options.current ? `${value} (current)` : value, value })),
    default: options.preselected ?? options.current ?? flag.default,
  });
}

/** A switch, asked as yes/no (no unless told). */
export async function askYesNo(ctx: Asker, flag: BoolFlag, options: { default?: boolean } = {}): Promise<boolean> {
  return ctx.prompter.confirm({ message: flag.prompt ?? flag.help, default: options.default ?? false });
}
