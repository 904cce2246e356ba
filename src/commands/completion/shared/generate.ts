import type { Command, Option } from 'commander';
import { ArgOption, FlagOption } from '../../../core/flags/commander';
import type { GLOBAL_FLAGS } from '../../../core/flags/globals';
import { kebab, type CompletionSource } from '../../../core/flags/spec';

/** The command tree as completion scripts need it. */
export interface CompletionNode {
  /** "" for the root, "incidents updates" for a nested verb. */
  path: string;
  description: string;
  subcommands: { name: string; description: string }[];
  options: CompletionOption[];
  /** Values for the first positional argument, if it has a fixed set. */
  argumentValues?: readonly string[];
  /** Or looked up by `mon __complete SOURCE` (the open incidents, the stored templates). */
  argumentSource?: CompletionSource;
}

export interface CompletionOption {
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  values?: readonly string[];
  /** Its values looked up by `mon __complete SOURCE` (service names, templates, profiles). */
  source?: CompletionSource;
}

/**
 * The values a flag or argument takes, from its table entry (core/flags/spec.ts). Choices
 * are matched in any case, and offered the way the docs write them: in lower case.
 */
function flagValues(option: Option): readonly string[] | undefined {
  if (!(option instanceof FlagOption)) return option.argChoices;
  const { flag } = option;
  if (flag.kind !== 'enum' && flag.kind !== 'raw') return undefined;
  // A check's enum fields are raw flags upper-cased into the body (`convert`, checks/spec.ts).
  const anyCase = flag.kind === 'enum' || (flag as { convert?: string }).convert === 'upper';
  return flag.values?.map((value) => (anyCase ? String(value).toLowerCase() : String(value)));
}

/** The command tree, and the global flags (offered on every command: written once). */
export interface CompletionTree {
  nodes: CompletionNode[];
  globals: CompletionOption[];
}

export function describeTree(program: Command): CompletionTree {
  const nodes: CompletionNode[] = [];
  // What each command's help lists (commander's public Help): its options with the help
  // option last, its commands with `help` last.
  const help = program.createHelp();
  const globals = help.visibleOptions(program).map(describeOption);
  const isGlobal = new Set(globals.flatMap(flagNames));
  const visit = (command: Command, path: string) => {
    const own = path === '' ? [] : command.options.filter((option) => !option.hidden);
    const options = own.map(describeOption).filter((option) => !flagNames(option).some((flag) => isGlobal.has(flag)));
    // A noun's `help` is left out (commander lists it); `mon help COMMAND...` is offered, its
    // words being the topics, the command tree itself (HELP_WORD below). A command's one line
    // is its summary (a verb's description goes on with its effect, for its help).
    const subcommands = help
      .visibleCommands(command)
      .filter((sub) => sub.name() !== HELP_WORD || path === '')
      .map((sub) => ({ name: sub.name(), description: help.subcommandDescription(sub) }));
    const node: CompletionNode = { path, description: help.subcommandDescription(command), subcommands, options };
    const first = command.registeredArguments[0];
    if (first instanceof ArgOption && first.spec.values)
      node.argumentValues = first.spec.values.map((value) => value.toLowerCase());
    if (first instanceof ArgOption && first.spec.complete) node.argumentSource = first.spec.complete;
    nodes.push(node);
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return { nodes, globals };
}

/** The word of `mon help COMMAND...`: what follows it is completed as the command tree, nothing else. */
const HELP_WORD = 'help';

function describeOption(option: Option): CompletionOption {
  const described: CompletionOption = {
    description: option.description,
    takesValue: option.required || option.optional,
  };
  if (option.long) described.long = option.long;
  if (option.short) described.short = option.short;
  const values = flagValues(option);
  if (values) described.values = values;
  if (option instanceof FlagOption && option.flag.complete) described.source = option.flag.complete;
  return described;
}

const HEADER = (shell: string) =>
  `# ${shell} completion for mon. Generated from the command tree by \`mon completion ${shell}\`; do not edit.\n` +
  '# Every word it offers is data: what `mon __complete` prints (from the API or the config) is\n' +
  '# offered and inserted quoted, never run or expanded.\n';

/** How zsh heads each looked-up list. */
const SOURCE_LABELS: Record<CompletionSource, string> = {
  'open-incidents': 'open incident',
  services: 'service',
  templates: 'template',
  profiles: 'profile',
  checks: 'check',
  heartbeats: 'heartbeat',
  'status-pages': 'status page',
};

/** The global flags that pick the account: passed on to `mon __complete` when typed. */
const ACCOUNT_FLAGS = (
  ['profile', 'baseUrl', 'account', 'sandbox'] as const satisfies (keyof typeof GLOBAL_FLAGS)[]
).map((key) => `--${kebab(key)}`);

const flagNames = (option: CompletionOption) =>
  [option.long, option.short].filter((flag): flag is string => Boolean(flag));
const valueFlagsOf = ({ nodes, globals }: CompletionTree) => [
  ...new Set(
    [...globals, ...nodes.flatMap((node) => node.options)].filter((option) => option.takesValue).flatMap(flagNames),
  ),
];
/**
 * Each (node, flag) whose value has a fixed set, and each node's first argument (flag "");
 * a global flag's values under the path pattern "*", after every node's own.
 */
const valueCases = ({ nodes, globals }: CompletionTree) => {
  const withValues = (path: string, options: CompletionOption[]) =>
    options.flatMap((option) =>
      option.values ? flagNames(option).map((flag) => ({ path, flag, values: option.values! })) : [],
    );
  return [
    ...nodes.flatMap((node) => [
      ...withValues(node.path, node.options),
      ...(node.argumentValues ? [{ path: node.path, flag: '', values: node.argumentValues }] : []),
    ]),
    ...withValues('*', globals),
  ];
};
/** Each (node, flag) whose values are looked up, by source; a global flag's under "*", last. */
const flagSourceCases = ({ nodes, globals }: CompletionTree) => {
  const withSource = (path: string, options: CompletionOption[]) =>
    options.flatMap((option) =>
      option.source ? flagNames(option).map((flag) => ({ path, flag, source: option.source! })) : [],
    );
  return [...nodes.flatMap((node) => withSource(node.path, node.options)), ...withSource('*', globals)];
};
/** `case` patterns: each node with an argument looked up, by source. */
const sourceCases = ({ nodes }: CompletionTree) =>
  [...new Set(nodes.flatMap((node) => (node.argumentSource ? [node.argumentSource] : [])))].map((source) => ({
    source,
    paths: nodes.filter((node) => node.argumentSource === source).map((node) => node.path),
  }));

/** The completion script for a shell, from the command tree. */
export function completionScript(program: Command, shell: string): string {
  const tree = describeTree(program);
  if (shell === 'zsh') return zshScript(tree);
  if (shell === 'fish') return fishScript(tree);
  return bashScript(tree);
}

/** A single-quoted bash/zsh word. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** The `case` pattern of a value entry: a global flag's ("*") matches under every path. */
const valuePattern = ({ path, flag }: { path: string; flag: string }) =>
  path === '*' ? `*${shellWord(`|${flag}`)}` : shellWord(`${path}|${flag}`);

/* bash and zsh walk the words typed so far the same way: the command path (subcommands),
   how many arguments follow it, the account flags to pass on to `mon __complete`, and
   whether they are the topics of `mon help`. */

export function bashScript(tree: CompletionTree): string {
  const { nodes, globals } = tree;
  const word = shellWord;
  /** A `case` branch printing each word on a line of its own (read by _mon_offer, never split or globbed). */
  const lines = (words: readonly string[]) => (words.length ? `printf '%s\\n' ${words.map(word).join(' ')}` : ':');
  const out: string[] = [HEADER('bash'), '_mon_subcommands() {', '  case "$1" in'];
  for (const node of nodes) {
    if (node.subcommands.length)
      out.push(`    ${word(node.path)}) ${lines(node.subcommands.map((sub) => sub.name))} ;;`);
  }
  out.push('  esac', '}', '_mon_flags() {', '  case "$1" in');
  for (const node of nodes) out.push(`    ${word(node.path)}) ${lines(node.options.flatMap(flagNames))} ;;`);
  out.push('  esac', `  ${lines(globals.flatMap(flagNames))}`, '}', '_mon_values() {', '  case "$1|$2" in');
  for (const entry of valueCases(tree)) out.push(`    ${valuePattern(entry)}) ${lines(entry.values)} ;;`);
  out.push('  esac', '}', '_mon_source() {', '  case "$1" in');
  for (const { source, paths } of sourceCases(tree)) out.push(`    ${paths.map(word).join('|')}) echo ${source} ;;`);
  out.push('  esac', '}', '_mon_flag_source() {', '  case "$1|$2" in');
  for (const entry of flagSourceCases(tree)) out.push(`    ${valuePattern(entry)}) echo ${entry.source} ;;`);
  out.push(
    '  esac',
    '}',
    `_mon_value_flags=' ${valueFlagsOf(tree).join(' ')} '`,
    `_mon_account_flags=' ${ACCOUNT_FLAGS.join(' ')} '`,
    '# `mon __complete SOURCE` for the account on the command line: "VALUE<TAB>DESCRIPTION" lines.',
    '_mon_lookup() {',
    '  "${COMP_WORDS[0]}" "${forward[@]}" __complete "$1" 2>/dev/null',
    '}',
    '# Offers each line of stdin (up to a tab) that starts with the word being typed, quoted for',
    '# the shell: a word is data, never code (compgen -W would expand $(...) and `...` in it).',
    '_mon_offer() {',
    // What is typed, without an opening quote or backslashes, to compare with the words.
    '  local line typed=${cur#[\\"\\\']}',
    '  typed=${typed//\\\\/}',
    '  while IFS= read -r line; do',
    '    line="${line%%$\'\\t\'*}"',
    '    [[ -n "$line" && "$line" == "$typed"* ]] && COMPREPLY+=("$(printf \'%q\' "$line")")',
    '  done',
    '}',
    '_mon() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  local cmdpath="" word i skip=0 keep=0 npos=0 helping=0 source forward=()',
    '  COMPREPLY=()',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    word="${COMP_WORDS[i]}"',
    '    if ((skip)); then',
    '      skip=0',
    '      ((keep)) && forward+=("$word")',
    '      continue',
    '    fi',
    '    if [[ "$word" == -* ]]; then',
    '      keep=0',
    '      [[ "$_mon_account_flags" == *" ${word%%=*} "* ]] && forward+=("$word") && keep=1',
    '      if [[ "$word" != *=* && "$_mon_value_flags" == *" $word "* ]]; then skip=1; else keep=0; fi',
    '      continue',
    '    fi',
    `    if ((npos == 0 && !helping)) && [[ -z "$cmdpath" && "$word" == ${HELP_WORD} ]]; then`,
    '      helping=1',
    "    elif ((npos == 0)) && [[ $'\\n'\"$(_mon_subcommands \"$cmdpath\")\"$'\\n' == *$'\\n'\"$word\"$'\\n'* ]]; then",
    '      cmdpath="${cmdpath:+$cmdpath }$word"',
    '    else',
    '      npos=$((npos + 1))',
    '    fi',
    '  done',
    '  # An account flag whose value is the word being typed is not passed on.',
    "  ((skip && keep)) && unset 'forward[${#forward[@]}-1]'",
    '  if ((helping)); then',
    '    ((npos == 0)) && _mon_offer < <(_mon_subcommands "$cmdpath")',
    '  elif [[ "$prev" == -* && "$_mon_value_flags" == *" $prev "* ]]; then',
    '    source="$(_mon_flag_source "$cmdpath" "$prev")"',
    '    if [[ -n "$source" ]]; then',
    '      _mon_offer < <(_mon_lookup "$source")',
    '    else',
    '      _mon_offer < <(_mon_values "$cmdpath" "$prev")',
    '    fi',
    '  elif [[ "$cur" == -* ]]; then',
    '    _mon_offer < <(_mon_flags "$cmdpath")',
    '  elif source="$(_mon_source "$cmdpath")" && ((npos == 0)) && [[ -n "$source" ]]; then',
    '    _mon_offer < <(_mon_lookup "$source")',
    '  elif ((npos == 0)); then',
    '    _mon_offer < <(_mon_subcommands "$cmdpath"; _mon_values "$cmdpath" "")',
    '  fi',
    '}',
    'complete -F _mon mon',
  );
  return `${out.join('\n')}\n`;
}

export function zshScript(tree: CompletionTree): string {
  const { nodes, globals } = tree;
  const word = shellWord;
  /** An entry of `_describe`: its name's colons escaped, then the description. */
  const described = (name: string, description: string) => word(`${name.replace(/:/g, '\\:')}:${description}`);
  const lines: string[] = [
    '#compdef mon',
    HEADER('zsh'),
    '_mon() {',
    '  local -a subcommands flags values forward',
    '  local cmdpath="" word skip=0 keep=0 npos=0 helping=0 source prev="${words[CURRENT-1]}"',
    `  local value_flags=' ${valueFlagsOf(tree).join(' ')} '`,
    `  local account_flags=' ${ACCOUNT_FLAGS.join(' ')} '`,
    '  for word in "${(@)words[2,CURRENT-1]}"; do',
    '    if (( skip )); then',
    '      skip=0',
    '      (( keep )) && forward+=("$word")',
    '      continue',
    '    fi',
    '    if [[ "$word" == -* ]]; then',
    '      keep=0',
    '      [[ "$account_flags" == *" ${word%%=*} "* ]] && forward+=("$word") && keep=1',
    '      if [[ "$word" != *=* && "$value_flags" == *" $word "* ]]; then skip=1; else keep=0; fi',
    '      continue',
    '    fi',
    '    _mon_subcommands "$cmdpath"',
    `    if (( npos == 0 && !helping )) && [[ -z "$cmdpath" && "$word" == ${HELP_WORD} ]]; then`,
    '      helping=1',
    '    elif (( npos == 0 && ${subcommands[(I)${word}:*]} )); then',
    '      cmdpath="${cmdpath:+$cmdpath }$word"',
    '    else',
    '      (( npos++ ))',
    '    fi',
    '  done',
    '  # An account flag whose value is the word being typed is not passed on.',
    '  (( skip && keep )) && forward[-1]=()',
    '  if (( helping )); then',
    '    _mon_subcommands "$cmdpath"',
    "    (( npos == 0 && ${#subcommands} )) && _describe -t commands 'help topic' subcommands",
    '  elif [[ "$prev" == -* && "$value_flags" == *" $prev "* ]]; then',
    '    _mon_flag_source "$cmdpath" "$prev"',
    '    if [[ -n "$source" ]]; then',
    '      _mon_lookup "$source"',
    '    else',
    '      _mon_values "$cmdpath" "$prev"',
    '      compadd -a values',
    '    fi',
    '  elif [[ "$PREFIX" == -* ]]; then',
    '    _mon_flags "$cmdpath"',
    '    _describe -t flags flag flags',
    '  elif (( npos == 0 )); then',
    '    _mon_source "$cmdpath"',
    '    if [[ -n "$source" ]]; then',
    '      _mon_lookup "$source"',
    '      return',
    '    fi',
    '    _mon_subcommands "$cmdpath"',
    '    _mon_values "$cmdpath" ""',
    '    (( ${#subcommands} )) && _describe -t commands command subcommands',
    '    (( ${#values} )) && compadd -a values',
    '  fi',
    '}',
    '# `mon __complete SOURCE` for the account on the command line, "VALUE<TAB>DESCRIPTION" lines,',
    '# offered as data: _describe quotes what it inserts, and nothing here evaluates a word.',
    '_mon_lookup() {',
    '  local line',
    '  local -a entries',
    `  local -A labels=(${Object.entries(SOURCE_LABELS)
      .map(([source, label]) => `${source} ${word(label)}`)
      .join(' ')})`,
    '  for line in "${(@f)$(${words[1]} "${forward[@]}" __complete "$1" 2>/dev/null)}"; do',
    '    [[ -n "$line" ]] && entries+=("${${line%%$\'\\t\'*}//:/\\\\:}:${line#*$\'\\t\'}")',
    '  done',
    '  (( ${#entries} )) && _describe -t values "${labels[$1]}" entries',
    '}',
    '_mon_subcommands() {',
    '  subcommands=()',
    '  case "$1" in',
  ];
  for (const node of nodes) {
    if (!node.subcommands.length) continue;
    const entries = node.subcommands.map((s) => described(s.name, s.description)).join(' ');
    lines.push(`    ${word(node.path)}) subcommands=(${entries}) ;;`);
  }
  const flagEntries = (options: CompletionOption[]) =>
    options.flatMap((option) => flagNames(option).map((flag) => described(flag, option.description))).join(' ');
  lines.push('  esac', '}', '_mon_flags() {', '  flags=()', '  case "$1" in');
  for (const node of nodes) {
    if (node.options.length) lines.push(`    ${word(node.path)}) flags=(${flagEntries(node.options)}) ;;`);
  }
  lines.push(
    '  esac',
    `  flags+=(${flagEntries(globals)})`,
    '}',
    '_mon_values() {',
    '  values=()',
    '  case "$1|$2" in',
  );
  for (const entry of valueCases(tree))
    lines.push(`    ${valuePattern(entry)}) values=(${entry.values.map(word).join(' ')}) ;;`);
  lines.push('  esac', '}', '_mon_source() {', '  source=""', '  case "$1" in');
  for (const { source, paths } of sourceCases(tree))
    lines.push(`    ${paths.map(word).join('|')}) source=${source} ;;`);
  lines.push('  esac', '}', '_mon_flag_source() {', '  source=""', '  case "$1|$2" in');
  for (const entry of flagSourceCases(tree)) lines.push(`    ${valuePattern(entry)}) source=${entry.source} ;;`);
  lines.push(
    '  esac',
    '}',
    // Autoloaded from $fpath, the file is _mon's first call: complete now. Sourced, register.
    'if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then',
    '  _mon "$@"',
    'else',
    '  compdef _mon mon',
    'fi',
  );
  return `${lines.join('\n')}\n`;
}

export function fishScript(tree: CompletionTree): string {
  const { nodes, globals } = tree;
  const word = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines: string[] = [HEADER('fish')];
  lines.push(`set -g __mon_value_flags ${valueFlagsOf(tree).join(' ')}`);
  lines.push(`set -g __mon_account_flags ${ACCOUNT_FLAGS.join(' ')}`);
  lines.push('function __mon_subcommands', '  switch "$argv[1]"');
  for (const node of nodes) {
    if (node.subcommands.length)
      lines.push(`    case ${word(node.path)}`, `      echo ${node.subcommands.map((s) => s.name).join(' ')}`);
  }
  lines.push('  end', 'end');
  lines.push(
    '# The words typed so far: the command path, how many arguments follow it, the account flags,',
    '# and whether they are the topics of `mon help`.',
    'function __mon_walk',
    '  set -l words (commandline -opc)',
    '  set -e words[1]',
    '  set -l cmdpath',
    '  set -g __mon_npos 0',
    '  set -g __mon_help 0',
    '  set -g __mon_forward',
    '  set -l skip 0',
    '  set -l keep 0',
    '  for word in $words',
    '    if test $skip = 1',
    '      set skip 0',
    '      test $keep = 1; and set -a __mon_forward $word',
    '      continue',
    '    end',
    "    if string match -q -- '-*' $word",
    '      set keep 0',
    '      if contains -- (string split -m 1 = -- $word)[1] $__mon_account_flags',
    '        set -a __mon_forward $word',
    '        set keep 1',
    '      end',
    "      if not string match -q -- '*=*' $word; and contains -- $word $__mon_value_flags",
    '        set skip 1',
    '      else',
    '        set keep 0',
    '      end',
    '      continue',
    '    end',
    `    if test $__mon_npos = 0 -a $__mon_help = 0; and test -z "$cmdpath"; and test "$word" = ${HELP_WORD}`,
    '      set -g __mon_help 1',
    '    else if test $__mon_npos = 0; and contains -- $word (string split " " (__mon_subcommands "$cmdpath"))',
    '      set cmdpath (string join " " $cmdpath $word)',
    '    else',
    '      set __mon_npos (math $__mon_npos + 1)',
    '    end',
    '  end',
    '  # An account flag whose value is the word being typed is not passed on.',
    '  test $skip = 1 -a $keep = 1; and set -e __mon_forward[-1]',
    '  set -g __mon_cmdpath "$cmdpath"',
    'end',
    '# True when the words typed so far are the command path $argv[1] (and $argv[2] arguments).',
    'function __mon_at',
    '  __mon_walk',
    '  test $__mon_help = 0; and test "$__mon_cmdpath" = "$argv[1]"; and begin; test (count $argv) -lt 2; or test $__mon_npos = $argv[2]; end',
    'end',
    '# True after `mon help` and the command path $argv[1]: its subcommands are the topics.',
    'function __mon_topic',
    '  __mon_walk',
    '  test $__mon_help = 1; and test "$__mon_cmdpath" = "$argv[1]"; and test $__mon_npos = 0',
    'end',
    '# `mon __complete SOURCE` for the account on the command line: "VALUE<TAB>DESCRIPTION" lines,',
    '# which fish offers as data. Asked only when a value is being typed: never for a flag.',
    'function __mon_lookup',
    "  string match -q -- '-*' (commandline -ct); and return",
    '  __mon_walk',
    '  set -l mon (commandline -opc)[1]',
    '  $mon $__mon_forward __complete $argv[1] 2>/dev/null',
    'end',
    'complete -c mon -f',
  );
  const flagLine = (condition: string, option: CompletionOption) => {
    const parts = [`complete -c mon${condition}`];
    if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
    if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
    if (option.takesValue) {
      if (option.source) parts.push(`-x -a '(__mon_lookup ${option.source})'`);
      else parts.push(option.values ? `-x -a ${word(option.values.join(' '))}` : '-r');
    }
    parts.push(`-d ${word(option.description)}`);
    return parts.join(' ');
  };
  // The global flags: on every command, so under no condition.
  for (const option of globals) lines.push(flagLine('', option));
  for (const node of nodes) {
    const quoted = word(node.path).replace(/"/g, '\\"');
    const at = `-n "__mon_at ${quoted}"`;
    const first = `-n "__mon_at ${quoted} 0"`;
    for (const sub of node.subcommands) {
      lines.push(`complete -c mon ${first} -a ${word(sub.name)} -d ${word(sub.description)}`);
      lines.push(`complete -c mon -n "__mon_topic ${quoted}" -a ${word(sub.name)} -d ${word(sub.description)}`);
    }
    for (const option of node.options) lines.push(flagLine(` ${at}`, option));
    if (node.argumentValues) lines.push(`complete -c mon ${first} -a ${word(node.argumentValues.join(' '))}`);
    if (node.argumentSource) lines.push(`complete -c mon ${first} -a '(__mon_lookup ${node.argumentSource})'`);
  }
  return `${lines.join('\n')}\n`;
}
