import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import { buildSchema } from '../../core/schema';
import { printJson } from '../../output/render';
import type { SCHEMA } from './spec';

/** `mon schema [COMMAND...]`: the contract as one JSON object (core/schema.ts), from the whole tree `tree` builds. */
export function schemaRun(tree: () => Promise<Command>) {
  return async (ctx: Pick<Ctx, 'io'>, { args }: Input<typeof SCHEMA>): Promise<void> => {
    await printJson(ctx.io, buildSchema(await tree(), args.command ?? []));
  };
}
