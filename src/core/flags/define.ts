import { Command, Option } from 'commander';
import type { Ctx } from '../context';

/** A verb's work: what the user asked for (flags, then positional arguments) → output. */
export type Run = (ctx: Ctx, options: Record<string, unknown>, ...args: unknown[]) => Promise<void>;

/**
 * A verb: its flags and help are defined eagerly (cheap: commander only), its work is
 * loaded when it runs, so `mon --help` never loads zod, undici or the renderers.
 */
export function verb(ctx: Ctx, name: string, description: string, load: () => Promise<Run>): Command {
  return new Command(name).description(description).action(async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command;
    const run = await load();
    await run(ctx, command.opts(), ...params.slice(0, -2));
  });
}

/** A noun: a group of verbs; run without a verb it shows its help. (Descriptions of the top-level nouns live in program.ts.) */
export function noun(name: string, description = ''): Command {
  return new Command(name).description(description);
}

/** The "Examples:" block of a command's help. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => (line.startsWith('#') ? `  ${line}` : `  $ ${line}`)).join('\n')}\n`;
}

/** For repeatable flags: `--service A --service B` → ["A", "B"]. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** --limit, --next-id and --all of every paginated list. */
export function withListFlags(command: Command): Command {
  return command
    .addOption(new Option('--limit <n>', 'entries per page, 1 to 100 (default 20)'))
    .addOption(new Option('--next-id <id>', 'start at this page (the nextId a previous page gave)'))
    .addOption(new Option('--all', 'follow every page'));
}
