import type { Command } from 'commander';
import { z } from 'zod';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { MCP } from './spec';

/** `mon mcp`: serves the tools derived from the whole command tree (`tree` builds it) until stdin closes. */
export function mcpRun(tree: () => Promise<Command>) {
  return async (ctx: Ctx, { flags }: Input<typeof MCP>): Promise<void> => {
    // A one-shot command parses a few bodies once, so zod is loaded jitless (scripts/build.mjs);
    // a server validates every message it receives and sends: compiling the validators pays.
    // zod decides it when a schema is made, so before the SDK's are (with ./shared/server):
    // set later, the SDK's schemas stayed jitless (~0.06 ms more a call, on its request and result checks).
    z.config({ jitless: false });
    const { serve } = await import('./shared/server');
    await serve(ctx, { tree, allowWrites: flags.allowWrites ?? false });
  };
}
