# bash completion for mon. Generated from the command tree by `mon completion bash`; do not edit.

_mon_subcommands() {
  case "$1" in
    '') echo 'incidents templates status-pages checks heartbeats runtimes auth config api completion sandbox' ;;
    'incidents') echo 'list get create update resolve updates' ;;
    'incidents updates') echo 'create get edit' ;;
    'templates') echo 'add list remove' ;;
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
    '') echo '' ;;
    'incidents') echo '' ;;
    'incidents list') echo '--limit -L --next-id --all --status -s --service --severity --since' ;;
    'incidents get') echo '' ;;
    'incidents create') echo '--name --severity --service --message -m --status -s --notify --no-notify --date --message-file --template --yes -y --dry-run' ;;
    'incidents update') echo '--message -m --status -s --notify --no-notify --name --severity --service --message-file --template --yes -y --dry-run' ;;
    'incidents resolve') echo '--message -m --notify --no-notify --force --message-file --template --yes -y --dry-run' ;;
    'incidents updates') echo '' ;;
    'incidents updates create') echo '--message -m --status -s --notify --no-notify --date --message-file --template --yes -y --dry-run' ;;
    'incidents updates get') echo '' ;;
    'incidents updates edit') echo '--message -m --status -s --notify --no-notify --date --yes -y --dry-run' ;;
    'templates') echo '' ;;
    'templates add') echo '--message -m --status -s --force' ;;
    'templates list') echo '' ;;
    'templates remove') echo '' ;;
    'status-pages') echo '' ;;
    'status-pages list') echo '--limit -L --next-id --all' ;;
    'checks') echo '' ;;
    'checks create-dns') echo '--name --description --tag --no-activated --muted --should-fail --no-double-check --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --run-parallel --degraded-response-time --max-response-time --alert-channel --no-auto-assign-alerts --no-use-global-alert-settings --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --no-retry-same-region --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --trigger-incident-notify-subscribers --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dry-run' ;;
    'checks create') echo '--type --dependency --name --description --tag --no-activated --muted --should-fail --no-double-check --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --run-parallel --degraded-response-time --max-response-time --alert-channel --no-auto-assign-alerts --no-use-global-alert-settings --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --no-retry-same-region --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --trigger-incident-notify-subscribers --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dry-run' ;;
    'heartbeats') echo '' ;;
    'heartbeats events') echo '--limit -L --from --to --since' ;;
    'heartbeats availability') echo '--from --to --since' ;;
    'heartbeats ping') echo '--token-file --dry-run' ;;
    'heartbeats exec') echo '--token-file --strict --dry-run' ;;
    'runtimes') echo '' ;;
    'runtimes list') echo '' ;;
    'runtimes get') echo '' ;;
    'auth') echo '' ;;
    'auth login') echo '--with-key' ;;
    'auth status') echo '' ;;
    'auth logout') echo '' ;;
    'config') echo '' ;;
    'config list') echo '' ;;
    'config get') echo '' ;;
    'config set') echo '' ;;
    'config unset') echo '' ;;
    'config path') echo '' ;;
    'api') echo '--method -X --raw-field -f --field -F --header -H --input --include -i --paginate --dry-run' ;;
    'completion') echo '' ;;
    'sandbox') echo '--host --port --data --api-key --max-checks --faults --seed' ;;
    'sandbox info') echo '--data' ;;
    'sandbox reset') echo '--data --yes -y' ;;
    'sandbox clock') echo '' ;;
    'sandbox clock advance') echo '' ;;
    'sandbox requests') echo '--limit -L' ;;
    '__complete') echo '' ;;
  esac
}
_mon_values() {
  case "$1|$2" in
    'incidents list|--status') echo 'open resolved all' ;;
    'incidents list|-s') echo 'open resolved all' ;;
    'incidents list|--severity') echo 'critical major medium minor' ;;
    'incidents create|--severity') echo 'critical major medium minor' ;;
    'incidents create|--status') echo 'investigating identified monitoring resolved' ;;
    'incidents create|-s') echo 'investigating identified monitoring resolved' ;;
    'incidents update|--status') echo 'investigating identified monitoring resolved' ;;
    'incidents update|-s') echo 'investigating identified monitoring resolved' ;;
    'incidents update|--severity') echo 'critical major medium minor' ;;
    'incidents updates create|--status') echo 'investigating identified monitoring resolved' ;;
    'incidents updates create|-s') echo 'investigating identified monitoring resolved' ;;
    'incidents updates edit|--status') echo 'investigating identified monitoring resolved' ;;
    'incidents updates edit|-s') echo 'investigating identified monitoring resolved' ;;
    'templates add|--status') echo 'investigating identified monitoring resolved' ;;
    'templates add|-s') echo 'investigating identified monitoring resolved' ;;
    'checks create-dns|--runtime') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'checks create-dns|--record-type') echo 'a aaaa cname mx txt soa ns https' ;;
    'checks create-dns|--protocol') echo 'udp tcp' ;;
    'checks create-dns|--frequency') echo '1 2 5 10 15 30 60 120 180 360 720 1440' ;;
    'checks create-dns|--location') echo 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' ;;
    'checks create-dns|--alert-escalation-type') echo 'run_based time_based' ;;
    'checks create-dns|--alert-failed-run-threshold') echo '1 2 3 4 5' ;;
    'checks create-dns|--alert-minutes-failing-threshold') echo '5 10 15 30' ;;
    'checks create-dns|--alert-reminders-amount') echo '0 1 2 3 4 5 100000' ;;
    'checks create-dns|--alert-reminders-interval') echo '1 2 3 4 5 10 15 30' ;;
    'checks create-dns|--alert-parallel-run-failure-threshold') echo '10 20 30 40 50 60 70 80 90 100' ;;
    'checks create-dns|--retry-type') echo 'fixed linear exponential single_retry' ;;
    'checks create-dns|--retry-only-on') echo 'network_error' ;;
    'checks create-dns|--trigger-incident-severity') echo 'critical major medium minor' ;;
    'checks create|--type') echo 'agentic api browser heartbeat icmp multi_step tcp playwright url dns' ;;
    'checks create|--runtime') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'checks create|--record-type') echo 'a aaaa cname mx txt soa ns https' ;;
    'checks create|--protocol') echo 'udp tcp' ;;
    'checks create|--frequency') echo '0 1 2 5 10 15 30 60 120 180 360 720 1440' ;;
    'checks create|--location') echo 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' ;;
    'checks create|--alert-escalation-type') echo 'run_based time_based' ;;
    'checks create|--alert-failed-run-threshold') echo '1 2 3 4 5' ;;
    'checks create|--alert-minutes-failing-threshold') echo '5 10 15 30' ;;
    'checks create|--alert-reminders-amount') echo '0 1 2 3 4 5 100000' ;;
    'checks create|--alert-reminders-interval') echo '1 2 3 4 5 10 15 30' ;;
    'checks create|--alert-parallel-run-failure-threshold') echo '10 20 30 40 50 60 70 80 90 100' ;;
    'checks create|--retry-type') echo 'fixed linear exponential single_retry' ;;
    'checks create|--retry-only-on') echo 'network_error' ;;
    'checks create|--trigger-incident-severity') echo 'critical major medium minor' ;;
    'runtimes get|') echo '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' ;;
    'config get|') echo 'base-url account ping-url timeout accessible' ;;
    'config set|') echo 'base-url account ping-url timeout accessible' ;;
    'config unset|') echo 'base-url account ping-url timeout accessible' ;;
    'api|--method') echo 'get post put patch delete head' ;;
    'api|-X') echo 'get post put patch delete head' ;;
    'completion|') echo 'bash zsh fish' ;;
    '__complete|') echo 'open-incidents' ;;
  esac
}
_mon_source() {
  case "$1" in
    'incidents get'|'incidents update'|'incidents resolve'|'incidents updates create'|'incidents updates get'|'incidents updates edit') echo open-incidents ;;
  esac
}
_mon_global_flags='--version --profile --base-url --account --ping-url --json --jq -q --no-input --no-color --debug --timeout --sandbox --insecure --help -h'
_mon_value_flags=' --profile --base-url --account --ping-url --jq -q --timeout --limit -L --next-id --status -s --service --severity --since --name --message -m --date --message-file --template --description --tag --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --degraded-response-time --max-response-time --alert-channel --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --type --dependency --from --to --token-file --method -X --raw-field -f --field -F --header -H --input --host --data --api-key --max-checks --faults --seed '
_mon_account_flags=' --profile --base-url --account --sandbox '
_mon() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
  local cmdpath="" word i skip=0 keep=0 npos=0 source forward=()
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
    if ((npos == 0)) && [[ " $(_mon_subcommands "$cmdpath") " == *" $word "* ]]; then
      cmdpath="${cmdpath:+$cmdpath }$word"
    else
      npos=$((npos + 1))
    fi
  done
  if [[ "$prev" == -* && "$_mon_value_flags" == *" $prev "* ]]; then
    COMPREPLY=($(compgen -W "$(_mon_values "$cmdpath" "$prev")" -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_mon_flags "$cmdpath") $_mon_global_flags" -- "$cur"))
  elif source="$(_mon_source "$cmdpath")" && ((npos == 0)) && [[ -n "$source" ]]; then
    COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" "${forward[@]}" __complete "$source" 2>/dev/null | cut -f1)" -- "$cur"))
  elif ((npos == 0)); then
    COMPREPLY=($(compgen -W "$(_mon_subcommands "$cmdpath") $(_mon_values "$cmdpath" "")" -- "$cur"))
  fi
}
complete -F _mon mon
