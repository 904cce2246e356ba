/**
 * The flag tables' own rules (src/commands/<noun>/spec.ts): every `int` flag's min and max,
 * every `text` flag's max (and "not empty"), every `enum` flag's values, as cases on both
 * sides for a run of mon (test/rules/cli.test.ts in-process, test/e2e/rules.test.ts for
 * the verb that serves).
 */
import { TOP_LEVEL } from '../../src/commands/index';
import { flagName, type Flag, type VerbSpec } from '../../src/core/flags/spec';
import { isVerb, type CommandNode } from '../../src/core/flags/tree';
import { casesOf, type Bound } from './derive';

/** Every verb of mon: its command words and its table. */
export async function allVerbs(): Promise<{ words: string; spec: VerbSpec }[]> {
  const verbs: { words: string; spec: VerbSpec }[] = [];
  const visit = (node: CommandNode, path: string[]) => {
    const words = [...path, node.spec.name];
    if (isVerb(node)) verbs.push({ words: words.join(' '), spec: node.spec });
    for (const child of node.children) visit(child, words);
  };
  for (const top of TOP_LEVEL) visit(await top.load(), []);
  return verbs;
}

/** `--flag=value` for a value: a duration as `30s`, a text as it is. */
export const flagWord = (name: string, value: unknown) => `${name}=${String(value)}`;

export interface CliCase {
  what: string;
  words: string[];
  accepted: boolean;
  /** The flags a refusal may name. */
  named: string[];
  /** Accepted: where the value shows in what was sent, and what it is. */
  sent?: { path: string; value: unknown; count?: boolean; seconds?: boolean };
}

/** The cases of a flag's own rule (its table's min, max, values), beside `base` (the flags every run needs). */
export function tableCases(key: string, flag: Flag, base: string[] = []): CliCase[] {
  const name = flagName(key, flag);
  let bound: Bound | undefined;
  if (flag.kind === 'int') bound = { path: name, kind: 'range', integer: true, min: flag.min, max: flag.max };
  else if (flag.kind === 'text' && flag.max !== undefined)
    bound = { path: name, kind: 'length', min: 1, max: flag.max };
  else if (flag.kind === 'enum') bound = { path: name, kind: 'values', values: flag.values };
  if (!bound) return [];
  return casesOf(bound).map((one) => ({
    what: `${one.what} (its table)`,
    words: [...base.filter((word) => !word.startsWith(`${name}=`)), flagWord(name, one.value)],
    accepted: one.accepted,
    named: [name],
  }));
}
