import { verbNode } from '../../core/flags/tree';
import { MCP } from './spec';

/** `mon mcp`: its tools are derived from the whole command tree it is handed. */
export const mcp = verbNode(MCP, async (tree) => (await import('./mcp')).mcpRun(tree));
