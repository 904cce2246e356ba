import { GLOBAL_FLAGS, type GlobalOptions } from './globals';
import { canonicalValue, kebab, type Flag, type FlagTable, type Input, type VerbSpec } from './spec';
import { isVerb, type CommandNode, type VerbNode } from './tree';

/*
 * A plain command line, read and checked without commander (building the program and its
 * parse cost ~5 ms a start; zod ~10 ms more): `mon incidents list --status all --limit 20
 * --json`, `mon status`, `mon completion bash`. It names one verb, with no words but its
 * path and arguments; every flag is a long one the verb or the global table has (not
 * both), given once, as `--flag value` or `--flag=value` with a value that does not start
 * with a dash; and every value is plain (`plainInput`). Anything else (help, a short flag,
 * `--`, a typo, a value to check, a prompt to word) is commander's, as always: the two
 * readings are held together by test/core/flags/plain.test.ts.
 */

/** What a plain command line runs. */
export interface PlainLine {
  verb: VerbNode;
  /** `mon incidents list`: the command's path, as commander names it. */
  path: string;
  /** The global flags, as commander's program.opts() has them. */
  globals: GlobalOptions;
  input: Input<VerbSpec>;
}

interface Spelling {
  key: string;
  flag: Flag;
  /** A switch's value when this spelling is given (`--no-color`: false). */
  given?: boolean;
}

/** Each spelling of a table's flags (`--json`, `--no-input`, `--status`). */
function spellings(table: FlagTable): Map<string, Spelling> {
  const names = new Map<string, Spelling>();
  for (const [key, flag] of Object.entries(table)) {
    const long = `--${flag.long ?? kebab(key)}`;
    if (flag.kind !== 'bool') names.set(long, { key, flag });
    else {
      const forms = flag.forms ?? 'positive';
      if (forms !== 'negative') names.set(long, { key, flag, given: true });
      if (forms !== 'positive') names.set(`--no-${long.slice(2)}`, { key, flag, given: false });
    }
  }
  return names;
}

/** Commander's values before any flag is read: a switch with only its --no- form is true. */
function defaults(table: FlagTable): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(table))
    if (flag.kind === 'bool' && flag.forms === 'negative') values[key] = true;
  return values;
}

const GLOBAL_SPELLINGS = spellings(GLOBAL_FLAGS);

/** `argv` (the words after `mon`) as a run of the verb under `top`, or undefined when it is not plain. */
export function readPlainLine(argv: readonly string[], top: CommandNode): PlainLine | undefined {
  const globals = defaults(GLOBAL_FLAGS);
  const given = new Set<Flag>();
  let node: CommandNode | undefined;
  const path = ['mon'];
  let own: Map<string, Spelling> | undefined;
  let flags: Record<string, unknown> = {};
  const args: string[] = [];
  for (let at = 0; at < argv.length; at++) {
    const word = argv[at]!;
    if (!word.startsWith('-')) {
      // The command's words come first, each under the one before; a verb's arguments follow.
      const child =
        node === undefined
          ? word === top.spec.name
            ? top
            : undefined
          : isVerb(node)
            ? undefined
            : node.children.find((sub) => sub.spec.name === word);
      if (child) {
        node = child;
        path.push(word);
        if (isVerb(node)) {
          own = spellings(node.spec.flags);
          flags = defaults(node.spec.flags);
        }
      } else if (node && isVerb(node)) args.push(word);
      else return undefined;
      continue;
    }
    const equals = word.indexOf('=');
    const name = equals < 0 ? word : word.slice(0, equals);
    const mine = own?.get(name);
    const global = GLOBAL_SPELLINGS.get(name);
    const spelling = mine ?? global;
    if (!spelling || (mine && global) || given.has(spelling.flag)) return undefined;
    given.add(spelling.flag);
    const values = mine ? flags : globals;
    if (spelling.given !== undefined) {
      if (equals >= 0) return undefined;
      values[spelling.key] = spelling.given;
      continue;
    }
    const value = equals >= 0 ? word.slice(equals + 1) : argv[++at];
    if (value === undefined || value.startsWith('-')) return undefined;
    values[spelling.key] = value;
  }
  // A verb with commands under it (`mon sandbox`) shares its flags with them: commander's.
  if (!node || !isVerb(node) || node.children.length > 0) return undefined;
  if (args.length > (node.spec.args?.length ?? 0)) return undefined;
  const input = plainInput(node.spec, flags, args);
  return input && { verb: node, path: path.join(' '), globals: globals as GlobalOptions, input };
}

/**
 * The input of a command line whose every value is plain (`mon incidents list --status all
 * --limit 20 --json`, `mon completion bash`): switches, enum values typed as one of their
 * values, whole numbers written as digits within their range, defaults for the rest. Nothing
 * to word an error for, so the validator (zod, ~10 ms to load) is not loaded. undefined for
 * anything else: parse.ts checks that input and words its errors.
 */
export function plainInput<S extends VerbSpec>(
  spec: S,
  rawFlags: Record<string, unknown>,
  rawArgs: unknown[],
): Input<S> | undefined {
  const flags: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(spec.flags)) {
    const raw = rawFlags[key];
    if (raw === undefined) {
      if ('default' in flag && flag.default !== undefined) flags[key] = flag.default;
      continue;
    }
    if ('repeatable' in flag && flag.repeatable) return undefined;
    if (flag.kind === 'bool' && typeof raw === 'boolean') flags[key] = raw;
    else if (flag.kind === 'enum' && !flag.numeric && typeof raw === 'string') {
      const value = canonicalValue(flag.values, raw);
      if (value === undefined) return undefined;
      flags[key] = value;
    } else if (flag.kind === 'int' && typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)) {
      const value = Number(raw);
      if (value < flag.min || value > (flag.max ?? Number.MAX_SAFE_INTEGER)) return undefined;
      flags[key] = value;
    } else return undefined;
  }
  const args: Record<string, string> = {};
  for (const [index, arg] of (spec.args ?? []).entries()) {
    const raw = rawArgs[index];
    const value = arg.kind === 'enum' && typeof raw === 'string' ? canonicalValue(arg.values ?? [], raw) : undefined;
    if (value === undefined) return undefined;
    args[arg.key] = value;
  }
  return { flags, args } as Input<S>;
}
