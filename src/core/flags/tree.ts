import type { Command } from 'commander';
import { nothingSentIfCancelled } from '../confirm';
import type { Ctx } from '../context';
import { runs } from './read';
import type { Input, NounSpec, RawInput, VerbSpec } from './spec';

/*
 * A top-level command's tree as plain data: nouns, and verbs with their tables and run
 * functions (loaded when they run). The command line is read over it (read.ts), and
 * commander.ts builds commander commands from it; a line that reads cleanly runs from it
 * without building any (main.ts).
 */

/** A verb's work: its validated input (and what it may use) → output. */
export type Run<S extends VerbSpec> = (ctx: Ctx, input: Input<S>) => Promise<void>;

/** Builds the whole program (the completion scripts describe all of it). */
export type Tree = () => Promise<Command>;

export interface VerbNode {
  spec: VerbSpec;
  load: (tree: Tree) => Promise<Run<VerbSpec>>;
  /** Commands under a verb that also runs alone (`mon sandbox` serves, `mon sandbox info` asks it). */
  children: CommandNode[];
}

export interface NounNode {
  spec: NounSpec;
  children: CommandNode[];
}

export type CommandNode = VerbNode | NounNode;

/** A verb: its table and its run function's module. */
export function verbNode<S extends VerbSpec>(
  spec: S,
  load: (tree: Tree) => Promise<Run<S>>,
  children: CommandNode[] = [],
): VerbNode {
  return { spec, load: load as VerbNode['load'], children };
}

/** A noun: a group of verbs; alone it shows its help. */
export function nounNode(spec: NounSpec, children: CommandNode[]): NounNode {
  return { spec, children };
}

export function isVerb(node: CommandNode): node is VerbNode {
  return runs(node);
}

/**
 * Runs a verb with its input (converted, and `raw` as read: a plan token is bound to it). A
 * plan token is redeemed by core/write.ts instead of the verb's run: what its plan said is
 * sent, nothing is asked or computed again. One that changes something (it has --dry-run)
 * says so when a prompt is cancelled.
 */
export async function runVerb(
  ctx: Ctx,
  spec: VerbSpec,
  run: Run<VerbSpec>,
  input: Input<VerbSpec>,
  raw: RawInput,
): Promise<void> {
  ctx.verb = { spec, input, raw };
  if (spec.document) {
    const { refuseFormats } = await import('../../output/present');
    refuseFormats(ctx, spec.document, ctx.commandPath);
  }
  // A procedure's token is checked by core/write.ts when the verb has made its plan again.
  const rerun = !('byMethod' in spec.effect) && spec.effect.redeem === 'rerun';
  if ((input.flags as { planToken?: string }).planToken !== undefined && !rerun) {
    const { redeemPlanToken } = await import('../write');
    return redeemPlanToken(ctx);
  }
  const work = () => run(ctx, input);
  return 'dryRun' in spec.flags ? nothingSentIfCancelled(work) : work();
}
