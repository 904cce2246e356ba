# bash completion for mon. Generated from the command tree by `mon completion bash`; do not edit.

_mon_subcommands() {
  case "$1" in
    '') echo 'incidents status-pages checks heartbeats runtimes auth config api completion sandbox' ;;
    'incidents') echo 'list get create update resolve updates' ;;
    'incidents updates') echo 'create get edit' ;;
    'status-pages') echo 'list' ;;
    'checks') echo 'create-dns create' ;;
    'heartbeats') echo 'events availability ping exec' ;;
    'runtimes') echo 'list get' ;;
    'auth') echo 'login status logout' ;;
    'config') echo 'list get set unset path' ;;
    'sandbox') echo 'info reset clock requests' ;;
    'sandbox clock') echo 'advance' ;;
  esac
}
_mon_flags() {
  case "$1" in
    '') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents list') echo '--limit -L --next-id --all --status -s --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents get') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents create') echo '--name --severity --service --message -m --status -s --notify --no-notify --date --yes -y --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents update') echo '--message -m --status -s --notify --no-notify --name --severity --service --yes -y --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents resolve') echo '--message -m --notify --no-notify --force --yes -y --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents updates') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents updates create') echo '--message -m --status -s --notify --no-notify --date --yes -y --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents updates get') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'incidents updates edit') echo '--message -m --status -s --notify --no-notify --date --yes -y --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'status-pages') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'status-pages list') echo '--limit -L --next-id --all --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'checks') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'checks create-dns') echo '--name --description --tag --no-activated --muted --should-fail --no-double-check --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --run-parallel --degraded-response-time --max-response-time --alert-channel --no-auto-assign-alerts --no-use-global-alert-settings --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --no-retry-same-region --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --trigger-incident-notify-subscribers --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'checks create') echo '--type --dependency --name --description --tag --no-activated --muted --should-fail --no-double-check --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --run-parallel --degraded-response-time --max-response-time --alert-channel --no-auto-assign-alerts --no-use-global-alert-settings --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --no-retry-same-region --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --trigger-incident-notify-subscribers --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'heartbeats') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'heartbeats events') echo '--limit -L --from --to --since --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'heartbeats availability') echo '--from --to --since --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'heartbeats ping') echo '--token-file --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'heartbeats exec') echo '--token-file --strict --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'runtimes') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'runtimes list') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'runtimes get') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'auth') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'auth login') echo '--with-key --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'auth status') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'auth logout') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config list') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config get') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config set') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config unset') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'config path') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'api') echo '--method -X --raw-field -f --field -F --header -H --input --include -i --paginate --dry-run --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'completion') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox') echo '--host --port --data --api-key --max-checks --faults --seed --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox info') echo '--data --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox reset') echo '--data --yes -y --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox clock') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox clock advance') echo '--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
    'sandbox requests') echo '--limit -L --version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h' ;;
  esac
}
_mon_values() {
  case "$1|$2" in
    'incidents list|--status') echo 'open resolved all' ;;
    'incidents list|-s') echo 'open resolved all' ;;
    'incidents create|--severity') echo 'CRITICAL MAJOR MEDIUM MINOR' ;;
    'incidents create|--status') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents create|-s') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents update|--status') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents update|-s') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents update|--severity') echo 'CRITICAL MAJOR MEDIUM MINOR' ;;
    'incidents updates create|--status') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents updates create|-s') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents updates edit|--status') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'incidents updates edit|-s') echo 'INVESTIGATING IDENTIFIED MONITORING RESOLVED' ;;
    'checks create-dns|--runtime') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'checks create-dns|--record-type') echo 'A AAAA CNAME MX TXT SOA NS HTTPS' ;;
    'checks create-dns|--protocol') echo 'UDP TCP' ;;
    'checks create-dns|--frequency') echo '1 2 5 10 15 30 60 120 180 360 720 1440' ;;
    'checks create-dns|--location') echo 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' ;;
    'checks create-dns|--alert-escalation-type') echo 'RUN_BASED TIME_BASED' ;;
    'checks create-dns|--alert-failed-run-threshold') echo '1 2 3 4 5' ;;
    'checks create-dns|--alert-minutes-failing-threshold') echo '5 10 15 30' ;;
    'checks create-dns|--alert-reminders-amount') echo '0 1 2 3 4 5 100000' ;;
    'checks create-dns|--alert-reminders-interval') echo '1 2 3 4 5 10 15 30' ;;
    'checks create-dns|--alert-parallel-run-failure-threshold') echo '10 20 30 40 50 60 70 80 90 100' ;;
    'checks create-dns|--retry-type') echo 'FIXED LINEAR EXPONENTIAL SINGLE_RETRY' ;;
    'checks create-dns|--retry-only-on') echo 'NETWORK_ERROR' ;;
    'checks create-dns|--trigger-incident-severity') echo 'CRITICAL MAJOR MEDIUM MINOR' ;;
    'checks create|--type') echo 'AGENTIC API BROWSER HEARTBEAT ICMP MULTI_STEP TCP PLAYWRIGHT URL DNS' ;;
    'checks create|--runtime') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'checks create|--record-type') echo 'A AAAA CNAME MX TXT SOA NS HTTPS' ;;
    'checks create|--protocol') echo 'UDP TCP' ;;
    'checks create|--frequency') echo '0 1 2 5 10 15 30 60 120 180 360 720 1440' ;;
    'checks create|--location') echo 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' ;;
    'checks create|--alert-escalation-type') echo 'RUN_BASED TIME_BASED' ;;
    'checks create|--alert-failed-run-threshold') echo '1 2 3 4 5' ;;
    'checks create|--alert-minutes-failing-threshold') echo '5 10 15 30' ;;
    'checks create|--alert-reminders-amount') echo '0 1 2 3 4 5 100000' ;;
    'checks create|--alert-reminders-interval') echo '1 2 3 4 5 10 15 30' ;;
    'checks create|--alert-parallel-run-failure-threshold') echo '10 20 30 40 50 60 70 80 90 100' ;;
    'checks create|--retry-type') echo 'FIXED LINEAR EXPONENTIAL SINGLE_RETRY' ;;
    'checks create|--retry-only-on') echo 'NETWORK_ERROR' ;;
    'checks create|--trigger-incident-severity') echo 'CRITICAL MAJOR MEDIUM MINOR' ;;
    'runtimes get|') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'config get|') echo 'base-url account ping-url timeout' ;;
    'config set|') echo 'base-url account ping-url timeout' ;;
    'config unset|') echo 'base-url account ping-url timeout' ;;
    'api|--method') echo 'GET POST PUT PATCH DELETE HEAD' ;;
    'api|-X') echo 'GET POST PUT PATCH DELETE HEAD' ;;
    'completion|') echo 'bash zsh fish' ;;
  esac
}
_mon_value_flags=' --profile --base-url --account --ping-url --jq -q --timeout --limit -L --next-id --status -s --name --severity --service --message -m --date --description --tag --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --degraded-response-time --max-response-time --alert-channel --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --type --dependency --from --to --since --token-file --method -X --raw-field -f --field -F --header -H --input --host --data --api-key --max-checks --faults --seed '
_mon() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
  local path="" word i skip=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ "$word" == -* ]]; then
      [[ "$word" != *=* && "$_mon_value_flags" == *" $word "* ]] && skip=1
      continue
    fi
    [[ " $(_mon_subcommands "$path") " == *" $word "* ]] && path="${path:+$path }$word"
  done
  if [[ "$prev" == -* && "$_mon_value_flags" == *" $prev "* ]]; then
    COMPREPLY=($(compgen -W "$(_mon_values "$path" "$prev")" -- "$cur"))
    return
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_mon_flags "$path")" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(_mon_subcommands "$path") $(_mon_values "$path" "")" -- "$cur"))
  fi
}
complete -F _mon mon
