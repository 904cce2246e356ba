# bash completion for mon. Generated from the command tree by `mon completion bash`; do not edit.
# Every word it offers is data: what `mon __complete` prints (from the API or the config) is
# offered and inserted quoted, never run or expanded.

_mon_subcommands() {
  case "$1" in
    '') printf '%s\n' 'status' 'incidents' 'maintenance' 'templates' 'status-pages' 'checks' 'heartbeats' 'runtimes' 'auth' 'config' 'api' 'completion' 'sandbox' 'schema' 'skill' 'mcp' 'help' ;;
    'incidents') printf '%s\n' 'list' 'get' 'create' 'ensure' 'update' 'resolve' 'updates' ;;
    'incidents updates') printf '%s\n' 'create' 'get' 'edit' ;;
    'maintenance') printf '%s\n' 'run' 'list' 'end' 'recover' ;;
    'templates') printf '%s\n' 'add' 'list' 'remove' ;;
    'status-pages') printf '%s\n' 'list' 'get' 'open' ;;
    'checks') printf '%s\n' 'list' 'get' 'status' 'run' 'results' 'create-dns' 'create' 'delete' ;;
    'heartbeats') printf '%s\n' 'create' 'list' 'get' 'update' 'events' 'availability' 'ping' 'exec' ;;
    'runtimes') printf '%s\n' 'list' 'get' ;;
    'auth') printf '%s\n' 'login' 'status' 'logout' ;;
    'config') printf '%s\n' 'list' 'get' 'set' 'unset' 'path' ;;
    'sandbox') printf '%s\n' 'info' 'reset' 'clock' 'checks' 'requests' ;;
    'sandbox clock') printf '%s\n' 'advance' ;;
    'sandbox checks') printf '%s\n' 'fail' 'degrade' 'pass' ;;
  esac
}
_mon_flags() {
  case "$1" in
    '') : ;;
    'status') printf '%s\n' '--exit-status' '--watch' '--interval' '--until' '--fail-fast' '--tag' ;;
    'incidents') : ;;
    'incidents list') printf '%s\n' '--limit' '-L' '--next-id' '--all' '--status' '-s' '--service' '--severity' '--since' '--watch' '--interval' ;;
    'incidents get') printf '%s\n' '--web' ;;
    'incidents create') printf '%s\n' '--name' '--severity' '--service' '--message' '-m' '--status' '-s' '--notify' '--no-notify' '--date' '--message-file' '--template' '--yes' '-y' '--dry-run' '--plan' '--plan-token' '--web' ;;
    'incidents ensure') printf '%s\n' '--name' '--severity' '--service' '--message' '-m' '--status' '-s' '--notify' '--no-notify' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'incidents update') printf '%s\n' '--message' '-m' '--status' '-s' '--notify' '--no-notify' '--name' '--severity' '--service' '--message-file' '--template' '--yes' '-y' '--dry-run' '--plan' '--plan-token' '--web' ;;
    'incidents resolve') printf '%s\n' '--message' '-m' '--notify' '--no-notify' '--force' '--message-file' '--template' '--yes' '-y' '--dry-run' '--plan' '--plan-token' '--web' ;;
    'incidents updates') : ;;
    'incidents updates create') printf '%s\n' '--message' '-m' '--status' '-s' '--notify' '--no-notify' '--date' '--message-file' '--template' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'incidents updates get') : ;;
    'incidents updates edit') printf '%s\n' '--message' '-m' '--status' '-s' '--notify' '--no-notify' '--date' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'maintenance') : ;;
    'maintenance run') printf '%s\n' '--tag' '--for' '--template' '--service' '--name' '--severity' '--until-healthy' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'maintenance list') : ;;
    'maintenance end') printf '%s\n' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'maintenance recover') printf '%s\n' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'templates') : ;;
    'templates add') printf '%s\n' '--message' '-m' '--status' '-s' '--force' ;;
    'templates list') : ;;
    'templates remove') : ;;
    'status-pages') : ;;
    'status-pages list') printf '%s\n' '--limit' '-L' '--next-id' '--all' ;;
    'status-pages get') : ;;
    'status-pages open') printf '%s\n' '--print' ;;
    'checks') : ;;
    'checks list') printf '%s\n' '--type' '--tag' '--search' '--status' '--limit' '-L' '--all' ;;
    'checks get') : ;;
    'checks status') : ;;
    'checks run') printf '%s\n' '--tag' '--no-wait' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'checks results') printf '%s\n' '--limit' '-L' '--since' '--failed' ;;
    'checks create-dns') printf '%s\n' '--name' '--description' '--tag' '--no-activated' '--muted' '--should-fail' '--no-double-check' '--group-id' '--group-order' '--runtime' '--query' '--record-type' '--name-server' '--port' '--protocol' '--assert' '--frequency' '--frequency-offset' '--location' '--private-location' '--run-parallel' '--degraded-response-time' '--max-response-time' '--alert-channel' '--no-auto-assign-alerts' '--no-use-global-alert-settings' '--alert-escalation-type' '--alert-failed-run-threshold' '--alert-minutes-failing-threshold' '--alert-reminders-amount' '--alert-reminders-interval' '--alert-parallel-run-failure-threshold' '--retry-type' '--retry-max-retries' '--retry-base-backoff-seconds' '--retry-max-duration-seconds' '--retry-only-on' '--no-retry-same-region' '--trigger-incident-service' '--trigger-incident-severity' '--trigger-incident-name' '--trigger-incident-description' '--trigger-incident-notify-subscribers' '--env' '--secret-env' '--script' '--script-path' '--local-setup-script' '--local-tear-down-script' '--setup-snippet-id' '--tear-down-snippet-id' '--ssl-check-domain' '--file' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'checks create') printf '%s\n' '--type' '--dependency' '--name' '--description' '--tag' '--no-activated' '--muted' '--should-fail' '--no-double-check' '--group-id' '--group-order' '--runtime' '--query' '--record-type' '--name-server' '--port' '--protocol' '--assert' '--frequency' '--frequency-offset' '--location' '--private-location' '--run-parallel' '--degraded-response-time' '--max-response-time' '--alert-channel' '--no-auto-assign-alerts' '--no-use-global-alert-settings' '--alert-escalation-type' '--alert-failed-run-threshold' '--alert-minutes-failing-threshold' '--alert-reminders-amount' '--alert-reminders-interval' '--alert-parallel-run-failure-threshold' '--retry-type' '--retry-max-retries' '--retry-base-backoff-seconds' '--retry-max-duration-seconds' '--retry-only-on' '--no-retry-same-region' '--trigger-incident-service' '--trigger-incident-severity' '--trigger-incident-name' '--trigger-incident-description' '--trigger-incident-notify-subscribers' '--env' '--secret-env' '--script' '--script-path' '--local-setup-script' '--local-tear-down-script' '--setup-snippet-id' '--tear-down-snippet-id' '--ssl-check-domain' '--file' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'checks delete') printf '%s\n' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'heartbeats') : ;;
    'heartbeats create') printf '%s\n' '--name' '--period' '--grace' '--description' '--description-file' '--tag' '--alert-channel' '--muted' '--inactive' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'heartbeats list') printf '%s\n' '--limit' '-L' '--all' ;;
    'heartbeats get') : ;;
    'heartbeats update') printf '%s\n' '--name' '--period' '--grace' '--description' '--description-file' '--tag' '--alert-channel' '--muted' '--unmuted' '--activate' '--inactive' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'heartbeats events') printf '%s\n' '--limit' '-L' '--from' '--to' '--since' ;;
    'heartbeats availability') printf '%s\n' '--from' '--to' '--since' ;;
    'heartbeats ping') printf '%s\n' '--token-file' '--dry-run' ;;
    'heartbeats exec') printf '%s\n' '--token-file' '--strict' '--max-runtime' '--no-overlap' '--min-duration' '--dry-run' ;;
    'runtimes') : ;;
    'runtimes list') : ;;
    'runtimes get') : ;;
    'auth') : ;;
    'auth login') printf '%s\n' '--with-key' ;;
    'auth status') : ;;
    'auth logout') : ;;
    'config') : ;;
    'config list') : ;;
    'config get') : ;;
    'config set') : ;;
    'config unset') : ;;
    'config path') : ;;
    'api') printf '%s\n' '--method' '-X' '--raw-field' '-f' '--field' '-F' '--header' '-H' '--input' '--include' '-i' '--paginate' '--yes' '-y' '--dry-run' '--plan' '--plan-token' ;;
    'completion') : ;;
    'sandbox') printf '%s\n' '--host' '--port' '--data' '--api-key' '--max-checks' '--faults' '--seed' ;;
    'sandbox info') printf '%s\n' '--data' ;;
    'sandbox reset') printf '%s\n' '--data' '--yes' '-y' ;;
    'sandbox clock') : ;;
    'sandbox clock advance') : ;;
    'sandbox checks') : ;;
    'sandbox checks fail') : ;;
    'sandbox checks degrade') : ;;
    'sandbox checks pass') : ;;
    'sandbox requests') printf '%s\n' '--limit' '-L' '--full' ;;
    'schema') : ;;
    'skill') printf '%s\n' '--write' '--force' ;;
    'mcp') printf '%s\n' '--allow-writes' ;;
    '__complete') : ;;
  esac
  printf '%s\n' '--version' '--profile' '--base-url' '--account' '--ping-url' '--json' '--format' '--jq' '-q' '--no-input' '--no-color' '--debug' '--timeout' '--sandbox' '--insecure' '--help' '-h'
}
_mon_values() {
  case "$1|$2" in
    'status|--until') printf '%s\n' 'healthy' ;;
    'incidents list|--status') printf '%s\n' 'open' 'resolved' 'all' ;;
    'incidents list|-s') printf '%s\n' 'open' 'resolved' 'all' ;;
    'incidents list|--severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'incidents create|--severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'incidents create|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents create|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents ensure|--severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'incidents ensure|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents ensure|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents update|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents update|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents update|--severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'incidents updates create|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents updates create|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents updates edit|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'incidents updates edit|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'maintenance run|--severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'templates add|--status') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'templates add|-s') printf '%s\n' 'investigating' 'identified' 'monitoring' 'resolved' ;;
    'checks list|--type') printf '%s\n' 'agentic' 'api' 'browser' 'heartbeat' 'icmp' 'multi_step' 'tcp' 'playwright' 'url' 'dns' ;;
    'checks list|--status') printf '%s\n' 'passing' 'failing' 'degraded' ;;
    'checks create-dns|--runtime') printf '%s\n' '2026.04' '2025.04' '2024.09' '2024.02' '2023.09' '2023.02' '2022.10' ;;
    'checks create-dns|--record-type') printf '%s\n' 'a' 'aaaa' 'cname' 'mx' 'txt' 'soa' 'ns' 'https' ;;
    'checks create-dns|--protocol') printf '%s\n' 'udp' 'tcp' ;;
    'checks create-dns|--frequency') printf '%s\n' '1' '2' '5' '10' '15' '30' '60' '120' '180' '360' '720' '1440' ;;
    'checks create-dns|--location') printf '%s\n' 'us-east-1' 'us-east-2' 'us-west-1' 'us-west-2' 'ca-central-1' 'sa-east-1' 'eu-west-1' 'eu-central-1' 'eu-west-2' 'eu-west-3' 'eu-north-1' 'eu-south-1' 'me-south-1' 'ap-southeast-1' 'ap-northeast-1' 'ap-east-1' 'ap-southeast-2' 'ap-southeast-3' 'ap-northeast-2' 'ap-northeast-3' 'ap-south-1' 'af-south-1' ;;
    'checks create-dns|--alert-escalation-type') printf '%s\n' 'run_based' 'time_based' ;;
    'checks create-dns|--alert-failed-run-threshold') printf '%s\n' '1' '2' '3' '4' '5' ;;
    'checks create-dns|--alert-minutes-failing-threshold') printf '%s\n' '5' '10' '15' '30' ;;
    'checks create-dns|--alert-reminders-amount') printf '%s\n' '0' '1' '2' '3' '4' '5' '100000' ;;
    'checks create-dns|--alert-reminders-interval') printf '%s\n' '1' '2' '3' '4' '5' '10' '15' '30' ;;
    'checks create-dns|--alert-parallel-run-failure-threshold') printf '%s\n' '10' '20' '30' '40' '50' '60' '70' '80' '90' '100' ;;
    'checks create-dns|--retry-type') printf '%s\n' 'fixed' 'linear' 'exponential' 'single_retry' ;;
    'checks create-dns|--retry-only-on') printf '%s\n' 'network_error' ;;
    'checks create-dns|--trigger-incident-severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'checks create|--type') printf '%s\n' 'agentic' 'api' 'browser' 'heartbeat' 'icmp' 'multi_step' 'tcp' 'playwright' 'url' 'dns' ;;
    'checks create|--runtime') printf '%s\n' '2026.04' '2025.04' '2024.09' '2024.02' '2023.09' '2023.02' '2022.10' ;;
    'checks create|--record-type') printf '%s\n' 'a' 'aaaa' 'cname' 'mx' 'txt' 'soa' 'ns' 'https' ;;
    'checks create|--protocol') printf '%s\n' 'udp' 'tcp' ;;
    'checks create|--frequency') printf '%s\n' '0' '1' '2' '5' '10' '15' '30' '60' '120' '180' '360' '720' '1440' ;;
    'checks create|--location') printf '%s\n' 'us-east-1' 'us-east-2' 'us-west-1' 'us-west-2' 'ca-central-1' 'sa-east-1' 'eu-west-1' 'eu-central-1' 'eu-west-2' 'eu-west-3' 'eu-north-1' 'eu-south-1' 'me-south-1' 'ap-southeast-1' 'ap-northeast-1' 'ap-east-1' 'ap-southeast-2' 'ap-southeast-3' 'ap-northeast-2' 'ap-northeast-3' 'ap-south-1' 'af-south-1' ;;
    'checks create|--alert-escalation-type') printf '%s\n' 'run_based' 'time_based' ;;
    'checks create|--alert-failed-run-threshold') printf '%s\n' '1' '2' '3' '4' '5' ;;
    'checks create|--alert-minutes-failing-threshold') printf '%s\n' '5' '10' '15' '30' ;;
    'checks create|--alert-reminders-amount') printf '%s\n' '0' '1' '2' '3' '4' '5' '100000' ;;
    'checks create|--alert-reminders-interval') printf '%s\n' '1' '2' '3' '4' '5' '10' '15' '30' ;;
    'checks create|--alert-parallel-run-failure-threshold') printf '%s\n' '10' '20' '30' '40' '50' '60' '70' '80' '90' '100' ;;
    'checks create|--retry-type') printf '%s\n' 'fixed' 'linear' 'exponential' 'single_retry' ;;
    'checks create|--retry-only-on') printf '%s\n' 'network_error' ;;
    'checks create|--trigger-incident-severity') printf '%s\n' 'critical' 'major' 'medium' 'minor' ;;
    'runtimes get|') printf '%s\n' '2026.04' '2025.04' '2024.09' '2024.02' '2023.09' '2023.02' '2022.10' ;;
    'config get|') printf '%s\n' 'base-url' 'account' 'ping-url' 'timeout' 'accessible' ;;
    'config set|') printf '%s\n' 'base-url' 'account' 'ping-url' 'timeout' 'accessible' ;;
    'config unset|') printf '%s\n' 'base-url' 'account' 'ping-url' 'timeout' 'accessible' ;;
    'api|--method') printf '%s\n' 'get' 'post' 'put' 'patch' 'delete' 'head' ;;
    'api|-X') printf '%s\n' 'get' 'post' 'put' 'patch' 'delete' 'head' ;;
    'completion|') printf '%s\n' 'bash' 'zsh' 'fish' ;;
    '__complete|') printf '%s\n' 'open-incidents' 'services' 'templates' 'profiles' 'checks' 'heartbeats' 'status-pages' ;;
    *'|--format') printf '%s\n' 'table' 'tsv' 'json' 'md' ;;
  esac
}
_mon_source() {
  case "$1" in
    'incidents get'|'incidents update'|'incidents resolve'|'incidents updates create'|'incidents updates get'|'incidents updates edit') echo open-incidents ;;
    'templates remove') echo templates ;;
    'status-pages get') echo status-pages ;;
    'checks get'|'checks run'|'checks results'|'checks delete'|'sandbox checks fail'|'sandbox checks degrade'|'sandbox checks pass') echo checks ;;
    'heartbeats get'|'heartbeats update'|'heartbeats events'|'heartbeats availability') echo heartbeats ;;
  esac
}
_mon_flag_source() {
  case "$1|$2" in
    'incidents list|--service') echo services ;;
    'incidents create|--service') echo services ;;
    'incidents create|--template') echo templates ;;
    'incidents ensure|--service') echo services ;;
    'incidents update|--service') echo services ;;
    'incidents update|--template') echo templates ;;
    'incidents resolve|--template') echo templates ;;
    'incidents updates create|--template') echo templates ;;
    'maintenance run|--template') echo templates ;;
    'maintenance run|--service') echo services ;;
    *'|--profile') echo profiles ;;
  esac
}
_mon_value_flags=' --profile --base-url --account --ping-url --format --jq -q --timeout --interval --until --tag --limit -L --next-id --status -s --service --severity --since --name --message -m --date --message-file --template --plan-token --for --type --search --description --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --degraded-response-time --max-response-time --alert-channel --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dependency --period --grace --description-file --from --to --token-file --max-runtime --min-duration --method -X --raw-field -f --field -F --header -H --input --host --data --api-key --max-checks --faults --seed --write '
_mon_account_flags=' --profile --base-url --account --sandbox '
# `mon __complete SOURCE` for the account on the command line: "VALUE<TAB>DESCRIPTION" lines.
_mon_lookup() {
  "${COMP_WORDS[0]}" "${forward[@]}" __complete "$1" 2>/dev/null
}
# Offers each line of stdin (up to a tab) that starts with the word being typed, quoted for
# the shell: a word is data, never code (compgen -W would expand $(...) and `...` in it).
_mon_offer() {
  local line typed=${cur#[\"\']}
  typed=${typed//\\/}
  while IFS= read -r line; do
    line="${line%%$'\t'*}"
    [[ -n "$line" && "$line" == "$typed"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
  done
}
_mon() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
  local cmdpath="" word i skip=0 keep=0 npos=0 helping=0 source forward=()
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if ((skip)); then
      skip=0
      ((keep)) && forward+=("$word")
      continue
    fi
    if [[ "$word" == -* ]]; then
      keep=0
      [[ "$_mon_account_flags" == *" ${word%%=*} "* ]] && forward+=("$word") && keep=1
      if [[ "$word" != *=* && "$_mon_value_flags" == *" $word "* ]]; then skip=1; else keep=0; fi
      continue
    fi
    if ((npos == 0 && !helping)) && [[ -z "$cmdpath" && "$word" == help ]]; then
      helping=1
    elif ((npos == 0)) && [[ $'\n'"$(_mon_subcommands "$cmdpath")"$'\n' == *$'\n'"$word"$'\n'* ]]; then
      cmdpath="${cmdpath:+$cmdpath }$word"
    else
      npos=$((npos + 1))
    fi
  done
  # An account flag whose value is the word being typed is not passed on.
  ((skip && keep)) && unset 'forward[${#forward[@]}-1]'
  if ((helping)); then
    ((npos == 0)) && _mon_offer < <(_mon_subcommands "$cmdpath")
  elif [[ "$prev" == -* && "$_mon_value_flags" == *" $prev "* ]]; then
    source="$(_mon_flag_source "$cmdpath" "$prev")"
    if [[ -n "$source" ]]; then
      _mon_offer < <(_mon_lookup "$source")
    else
      _mon_offer < <(_mon_values "$cmdpath" "$prev")
    fi
  elif [[ "$cur" == -* ]]; then
    _mon_offer < <(_mon_flags "$cmdpath")
  elif source="$(_mon_source "$cmdpath")" && ((npos == 0)) && [[ -n "$source" ]]; then
    _mon_offer < <(_mon_lookup "$source")
  elif ((npos == 0)); then
    _mon_offer < <(_mon_subcommands "$cmdpath"; _mon_values "$cmdpath" "")
  fi
}
complete -F _mon mon
