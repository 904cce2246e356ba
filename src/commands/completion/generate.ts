import type { Command, Option } from 'commander';
import { ArgOption, FlagOption } from '../../core/flags/commander';

/** The command tree as completion scripts need it. */
export interface CompletionNode {
  /** "" for the root, "incidents updates" for a nested verb. */
  path: string;
  description: string;
  subcommands: { name: string; description: string }[];
  options: CompletionOption[];
  /** Values for the first positional argument, if it has a fixed set. */
  argumentValues?: readonly string[];
}

export interface CompletionOption {
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  values?: readonly string[];
}

/** The values a flag or argument takes, from its table entry (core/flags/spec.ts). */
function flagValues(option: Option): readonly string[] | undefined {
  if (!(option instanceof FlagOption)) return option.argChoices;
  const { flag } = option;
  if (flag.kind === 'enum' || flag.kind === 'raw') return flag.values?.map(String);
  return undefined;
}

export function describeTree(program: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const globalOptions = program.options.filter((option) => !option.hidden);
  const visit = (command: Command, path: string) => {
    const own = path === '' ? [] : command.options.filter((option) => !option.hidden);
    const options = [...own, ...globalOptions, helpOptionOf(command)].map(describeOption);
    const subcommands = command.commands
      .filter((sub) => !(sub as Command & { _hidden?: boolean })._hidden)
      .map((sub) => ({ name: sub.name(), description: sub.description() }));
    const node: CompletionNode = { path, description: command.description(), subcommands, options: dedupe(options) };
    const first = command.registeredArguments[0];
    if (first instanceof ArgOption && first.spec.values) node.argumentValues = first.spec.values;
    nodes.push(node);
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return nodes;
}

function helpOptionOf(command: Command): Option {
  return (command as unknown as { _getHelpOption(): Option })._getHelpOption();
}

function describeOption(option: Option): CompletionOption {
  const described: CompletionOption = {
    description: option.description,
    takesValue: option.required || option.optional,
  };
  if (option.long) described.long = option.long;
  if (option.short) described.short = option.short;
  const values = flagValues(option);
  if (values) described.values = values;
  return described;
}

function dedupe(options: CompletionOption[]): CompletionOption[] {
  const seen = new Set<string>();
  return options.filter((option) => {
    const key = option.long ?? option.short ?? '';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const HEADER = (shell: string) =>
  `# ${shell} completion for mon. Generated from the command tree by \`mon completion ${shell}\`; do not edit.\n`;

const flagsOf = (node: CompletionNode) =>
  node.options.flatMap((option) => [option.long, option.short].filter((flag): flag is string => Boolean(flag)));
const valueFlagsOf = (nodes: CompletionNode[]) =>
  [
    ...new Set(nodes.flatMap((node) => node.options.filter((o) => o.takesValue).flatMap((o) => [o.long, o.short]))),
  ].filter((flag): flag is string => Boolean(flag));
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The completion script for a shell, from the command tree. */
export function completionScript(program: Command, shell: string): string {
  const nodes = describeTree(program);
  if (shell === 'zsh') return zshScript(nodes);
  if (shell === 'fish') return fishScript(nodes);
  return bashScript(nodes);
}

export function bashScript(nodes: CompletionNode[]): string {
  const lines: string[] = [HEADER('bash'), '_mon_subcommands() {', '  case "$1" in'];
  for (const node of nodes) {
    if (node.subcommands.length)
      lines.push(`    ${shellWord(node.path)}) echo ${shellWord(node.subcommands.map((s) => s.name).join(' '))} ;;`);
  }
  lines.push('  esac', '}', '_mon_flags() {', '  case "$1" in');
  for (const node of nodes) lines.push(`    ${shellWord(node.path)}) echo ${shellWord(flagsOf(node).join(' '))} ;;`);
  lines.push('  esac', '}', '_mon_values() {', '  case "$1|$2" in');
  for (const node of nodes) {
    for (const option of node.options) {
      if (!option.values) continue;
      for (const flag of [option.long, option.short].filter(Boolean)) {
        lines.push(`    ${shellWord(`${node.path}|${flag}`)}) echo ${shellWord(option.values.join(' '))} ;;`);
      }
    }
    if (node.argumentValues)
      lines.push(`    ${shellWord(`${node.path}|`)}) echo ${shellWord(node.argumentValues.join(' '))} ;;`);
  }
  lines.push(
    '  esac',
    '}',
    `_mon_value_flags=' ${valueFlagsOf(nodes).join(' ')} '`,
    '_mon() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  local path="" word i skip=0',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    word="${COMP_WORDS[i]}"',
    '    if ((skip)); then skip=0; continue; fi',
    '    if [[ "$word" == -* ]]; then',
    '      [[ "$word" != *=* && "$_mon_value_flags" == *" $word "* ]] && skip=1',
    '      continue',
    '    fi',
    '    [[ " $(_mon_subcommands "$path") " == *" $word "* ]] && path="${path:+$path }$word"',
    '  done',
    '  if [[ "$prev" == -* && "$_mon_value_flags" == *" $prev "* ]]; then',
    '    COMPREPLY=($(compgen -W "$(_mon_values "$path" "$prev")" -- "$cur"))',
    '    return',
    '  fi',
    '  if [[ "$cur" == -* ]]; then',
    '    COMPREPLY=($(compgen -W "$(_mon_flags "$path")" -- "$cur"))',
    '  else',
    '    COMPREPLY=($(compgen -W "$(_mon_subcommands "$path") $(_mon_values "$path" "")" -- "$cur"))',
    '  fi',
    '}',
    'complete -F _mon mon',
  );
  return `${lines.join('\n')}\n`;
}

export function zshScript(nodes: CompletionNode[]): string {
  const zshWord = (text: string) => `'${text.replace(/'/g, `''`)}'`;
  const lines: string[] = [
    '#compdef mon',
    HEADER('zsh'),
    '_mon() {',
    '  local -a subcommands flags values',
    '  local path="" word skip=0 prev="${words[CURRENT-1]}"',
  ];
  lines.push(`  local value_flags=' ${valueFlagsOf(nodes).join(' ')} '`);
  lines.push('  for word in "${(@)words[2,CURRENT-1]}"; do');
  lines.push('    if (( skip )); then skip=0; continue; fi');
  lines.push('    if [[ "$word" == -* ]]; then');
  lines.push('      [[ "$word" != *=* && "$value_flags" == *" $word "* ]] && skip=1');
  lines.push('      continue');
  lines.push('    fi');
  lines.push('    _mon_subcommands "$path"');
  lines.push('    (( ${subcommands[(I)${word}:*]} )) && path="${path:+$path }$word"');
  lines.push('  done');
  lines.push('  if [[ "$prev" == -* && "$value_flags" == *" $prev "* ]]; then');
  lines.push('    _mon_values "$path" "$prev"; compadd -a values; return');
  lines.push('  fi');
  lines.push('  if [[ "$PREFIX" == -* ]]; then');
  lines.push('    _mon_flags "$path"; _describe -t flags flag flags');
  lines.push('  else');
  lines.push('    _mon_subcommands "$path"; _mon_values "$path" ""');
  lines.push('    (( ${#subcommands} )) && _describe -t commands command subcommands');
  lines.push('    (( ${#values} )) && compadd -a values');
  lines.push('  fi');
  lines.push('}');
  lines.push('_mon_subcommands() {', '  subcommands=()', '  case "$1" in');
  for (const node of nodes) {
    if (!node.subcommands.length) continue;
    const entries = node.subcommands.map((s) => zshWord(`${s.name}:${s.description}`)).join(' ');
    lines.push(`    ${zshWord(node.path)}) subcommands=(${entries}) ;;`);
  }
  lines.push('  esac', '}', '_mon_flags() {', '  flags=()', '  case "$1" in');
  for (const node of nodes) {
    const entries = node.options
      .flatMap((option) =>
        [option.long, option.short].filter(Boolean).map((flag) => zshWord(`${flag}:${option.description}`)),
      )
      .join(' ');
    lines.push(`    ${zshWord(node.path)}) flags=(${entries}) ;;`);
  }
  lines.push('  esac', '}', '_mon_values() {', '  values=()', '  case "$1|$2" in');
  for (const node of nodes) {
    for (const option of node.options) {
      if (!option.values) continue;
      for (const flag of [option.long, option.short].filter(Boolean)) {
        lines.push(`    ${zshWord(`${node.path}|${flag}`)}) values=(${option.values.map(zshWord).join(' ')}) ;;`);
      }
    }
    if (node.argumentValues)
      lines.push(`    ${zshWord(`${node.path}|`)}) values=(${node.argumentValues.map(zshWord).join(' ')}) ;;`);
  }
  lines.push('  esac', '}', 'compdef _mon mon');
  return `${lines.join('\n')}\n`;
}

export function fishScript(nodes: CompletionNode[]): string {
  const fishWord = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines: string[] = [HEADER('fish')];
  lines.push(`set -g __mon_value_flags ${valueFlagsOf(nodes).join(' ')}`);
  lines.push('function __mon_subcommands', '  switch "$argv[1]"');
  for (const node of nodes) {
    if (node.subcommands.length)
      lines.push(`    case ${fishWord(node.path)}`, `      echo ${node.subcommands.map((s) => s.name).join(' ')}`);
  }
  lines.push('  end', 'end');
  lines.push(
    'function __mon_path',
    '  set -l words (commandline -opc)',
    '  set -e words[1]',
    '  set -l path',
    '  set -l skip 0',
    '  for word in $words',
    '    if test $skip = 1',
    '      set skip 0',
    '      continue',
    '    end',
    "    if string match -q -- '-*' $word",
    '      if contains -- $word $__mon_value_flags',
    '        set skip 1',
    '      end',
    '      continue',
    '    end',
    '    if contains -- $word (string split " " (__mon_subcommands (string join " " $path)))',
    '      set path $path $word',
    '    end',
    '  end',
    '  string join " " $path',
    'end',
    'complete -c mon -f',
  );
  for (const node of nodes) {
    const condition = `-n "test (__mon_path) = ${fishWord(node.path).replace(/"/g, '\\"')}"`;
    for (const sub of node.subcommands) {
      lines.push(`complete -c mon ${condition} -a ${fishWord(sub.name)} -d ${fishWord(sub.description)}`);
    }
    for (const option of node.options) {
      const parts = [`complete -c mon ${condition}`];
      if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
      if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
      if (option.takesValue) parts.push(option.values ? `-x -a ${fishWord(option.values.join(' '))}` : '-r');
      parts.push(`-d ${fishWord(option.description)}`);
      lines.push(parts.join(' '));
    }
    if (node.argumentValues) lines.push(`complete -c mon ${condition} -a ${fishWord(node.argumentValues.join(' '))}`);
  }
  return `${lines.join('\n')}\n`;
}
