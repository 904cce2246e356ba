import type { Command } from 'commander';
import type { Ctx } from '../../core/context';
import type { Input } from '../../core/flags/spec';
import type { MCP } from './spec';

/** `mon mcp`: serves the tools derived from the whole command tree (`tree` builds it) until stdin closes. */
export function mcpRun(tree: () => Promise<Command>) {
  return async (ctx: Ctx, { flags }: Input<typeof MCP>): Promise<void> => {
    const { serve } = await import('./shared/server');
    await serve(ctx, { tree, allowWrites: flags.allowWrites ?? false });
  };
}
