# fish completion for mon. Generated from the command tree by `mon completion fish`; do not edit.
# Every word it offers is data: what `mon __complete` prints (from the API or the config) is
# offered and inserted quoted, never run or expanded.

set -g __mon_value_flags --profile --base-url --account --ping-url --format --jq -q --timeout --interval --limit -L --next-id --status -s --service --severity --since --name --message -m --date --message-file --template --plan-token --type --tag --search --description --group-id --group-order --runtime --query --record-type --name-server --port --protocol --assert --frequency --frequency-offset --location --private-location --degraded-response-time --max-response-time --alert-channel --alert-escalation-type --alert-failed-run-threshold --alert-minutes-failing-threshold --alert-reminders-amount --alert-reminders-interval --alert-parallel-run-failure-threshold --retry-type --retry-max-retries --retry-base-backoff-seconds --retry-max-duration-seconds --retry-only-on --trigger-incident-service --trigger-incident-severity --trigger-incident-name --trigger-incident-description --env --secret-env --script --script-path --local-setup-script --local-tear-down-script --setup-snippet-id --tear-down-snippet-id --ssl-check-domain --file --dependency --period --grace --description-file --from --to --token-file --max-runtime --min-duration --method -X --raw-field -f --field -F --header -H --input --host --data --api-key --max-checks --faults --seed
set -g __mon_account_flags --profile --base-url --account --sandbox
function __mon_subcommands
  switch "$argv[1]"
    case ''
      echo status incidents templates status-pages checks heartbeats runtimes auth config api completion sandbox help
    case 'incidents'
      echo list get create update resolve updates
    case 'incidents updates'
      echo create get edit
    case 'templates'
      echo add list remove
    case 'status-pages'
      echo list get open
    case 'checks'
      echo list get status create-dns create delete
    case 'heartbeats'
      echo create list get update events availability ping exec
    case 'runtimes'
      echo list get
    case 'auth'
      echo login status logout
    case 'config'
      echo list get set unset path
    case 'sandbox'
      echo info reset clock checks requests
    case 'sandbox clock'
      echo advance
    case 'sandbox checks'
      echo fail degrade pass
  end
end
# The words typed so far: the command path, how many arguments follow it, the account flags,
# and whether they are the topics of `mon help`.
function __mon_walk
  set -l words (commandline -opc)
  set -e words[1]
  set -l cmdpath
  set -g __mon_npos 0
  set -g __mon_help 0
  set -g __mon_forward
  set -l skip 0
  set -l keep 0
  for word in $words
    if test $skip = 1
      set skip 0
      test $keep = 1; and set -a __mon_forward $word
      continue
    end
    if string match -q -- '-*' $word
      set keep 0
      if contains -- (string split -m 1 = -- $word)[1] $__mon_account_flags
        set -a __mon_forward $word
        set keep 1
      end
      if not string match -q -- '*=*' $word; and contains -- $word $__mon_value_flags
        set skip 1
      else
        set keep 0
      end
      continue
    end
    if test $__mon_npos = 0 -a $__mon_help = 0; and test -z "$cmdpath"; and test "$word" = help
      set -g __mon_help 1
    else if test $__mon_npos = 0; and contains -- $word (string split " " (__mon_subcommands "$cmdpath"))
      set cmdpath (string join " " $cmdpath $word)
    else
      set __mon_npos (math $__mon_npos + 1)
    end
  end
  # An account flag whose value is the word being typed is not passed on.
  test $skip = 1 -a $keep = 1; and set -e __mon_forward[-1]
  set -g __mon_cmdpath "$cmdpath"
end
# True when the words typed so far are the command path $argv[1] (and $argv[2] arguments).
function __mon_at
  __mon_walk
  test $__mon_help = 0; and test "$__mon_cmdpath" = "$argv[1]"; and begin; test (count $argv) -lt 2; or test $__mon_npos = $argv[2]; end
end
# True after `mon help` and the command path $argv[1]: its subcommands are the topics.
function __mon_topic
  __mon_walk
  test $__mon_help = 1; and test "$__mon_cmdpath" = "$argv[1]"; and test $__mon_npos = 0
end
# `mon __complete SOURCE` for the account on the command line: "VALUE<TAB>DESCRIPTION" lines,
# which fish offers as data. Asked only when a value is being typed: never for a flag.
function __mon_lookup
  string match -q -- '-*' (commandline -ct); and return
  __mon_walk
  set -l mon (commandline -opc)[1]
  $mon $__mon_forward __complete $argv[1] 2>/dev/null
end
complete -c mon -f
complete -c mon -l version -d 'print the version'
complete -c mon -l profile -x -a '(__mon_lookup profiles)' -d 'stored profile to use (env MON_PROFILE; default "default")'
complete -c mon -l base-url -r -d 'API base URL (env MON_BASE_URL)'
complete -c mon -l account -r -d 'account ID, sent as x-service-account (env MON_ACCOUNT_ID)'
complete -c mon -l ping-url -r -d 'base URL of heartbeat pings (env MON_PING_URL)'
complete -c mon -l json -d 'print the API response as JSON (the same as --format json)'
complete -c mon -l format -x -a 'table tsv json md' -d 'output as a table (a terminal\'s default), tsv (a pipe\'s), json (the API response, as --json) or md: table, tsv, json or md (Markdown)'
complete -c mon -l jq -s q -r -d 'filter the JSON with jq, built in (implies --json; strings print raw; --all and --paginate hold the whole list in memory)'
complete -c mon -l no-input -d 'never prompt; a missing value is an error (env MON_NO_INPUT=1, CI)'
complete -c mon -l no-color -d 'turn colours off (env NO_COLOR; FORCE_COLOR=1 forces them on)'
complete -c mon -l debug -d 'log requests and responses to stderr, key redacted (env MON_DEBUG=1)'
complete -c mon -l timeout -r -d 'deadline per request, retries included (env MON_TIMEOUT; default 30)'
complete -c mon -l sandbox -d 'use the embedded sandbox instead of an account (env MON_SANDBOX=1)'
complete -c mon -l insecure -d 'allow sending the API key over plain http:// to a non-local host'
complete -c mon -l help -s h -d 'show help for this command'
complete -c mon -n "__mon_at '' 0" -a 'status' -d 'What is broken right now: open incidents, failing checks, late heartbeats
Effect: read-only'
complete -c mon -n "__mon_topic ''" -a 'status' -d 'What is broken right now: open incidents, failing checks, late heartbeats
Effect: read-only'
complete -c mon -n "__mon_at '' 0" -a 'incidents' -d 'Open, update and resolve status-page incidents'
complete -c mon -n "__mon_topic ''" -a 'incidents' -d 'Open, update and resolve status-page incidents'
complete -c mon -n "__mon_at '' 0" -a 'templates' -d 'Message templates for incident updates, stored per profile'
complete -c mon -n "__mon_topic ''" -a 'templates' -d 'Message templates for incident updates, stored per profile'
complete -c mon -n "__mon_at '' 0" -a 'status-pages' -d 'Status pages, cards and services (find service IDs)'
complete -c mon -n "__mon_topic ''" -a 'status-pages' -d 'Status pages, cards and services (find service IDs)'
complete -c mon -n "__mon_at '' 0" -a 'checks' -d 'List, show, create and delete checks, and see how they are doing'
complete -c mon -n "__mon_topic ''" -a 'checks' -d 'List, show, create and delete checks, and see how they are doing'
complete -c mon -n "__mon_at '' 0" -a 'heartbeats' -d 'Heartbeat monitors: create, change, events, availability, pings, cron jobs'
complete -c mon -n "__mon_topic ''" -a 'heartbeats' -d 'Heartbeat monitors: create, change, events, availability, pings, cron jobs'
complete -c mon -n "__mon_at '' 0" -a 'runtimes' -d 'The runtimes checks run on: Node.js, stage, packages'
complete -c mon -n "__mon_topic ''" -a 'runtimes' -d 'The runtimes checks run on: Node.js, stage, packages'
complete -c mon -n "__mon_at '' 0" -a 'auth' -d 'Log in, see which credentials are in use, log out'
complete -c mon -n "__mon_topic ''" -a 'auth' -d 'Log in, see which credentials are in use, log out'
complete -c mon -n "__mon_at '' 0" -a 'config' -d 'Read and change the stored profile settings'
complete -c mon -n "__mon_topic ''" -a 'config' -d 'Read and change the stored profile settings'
complete -c mon -n "__mon_at '' 0" -a 'api' -d 'Make an authenticated request to any API path
Effect: GET/HEAD read-only, PUT/PATCH/POST write, DELETE destructive (by -X)'
complete -c mon -n "__mon_topic ''" -a 'api' -d 'Make an authenticated request to any API path
Effect: GET/HEAD read-only, PUT/PATCH/POST write, DELETE destructive (by -X)'
complete -c mon -n "__mon_at '' 0" -a 'completion' -d 'Print shell completions for bash, zsh or fish
Effect: read-only'
complete -c mon -n "__mon_topic ''" -a 'completion' -d 'Print shell completions for bash, zsh or fish
Effect: read-only'
complete -c mon -n "__mon_at '' 0" -a 'sandbox' -d 'Serve a local copy of the whole API, to try mon
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic ''" -a 'sandbox' -d 'Serve a local copy of the whole API, to try mon
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at '' 0" -a 'help' -d 'Show help for a command'
complete -c mon -n "__mon_topic ''" -a 'help' -d 'Show help for a command'
complete -c mon -n "__mon_at 'status'" -l exit-status -d 'exit 3 when anything is failing, degraded, late or open (for scripts and CI)'
complete -c mon -n "__mon_at 'status'" -l watch -d 'stay on screen, read again every --interval seconds (a terminal only)'
complete -c mon -n "__mon_at 'status'" -l interval -r -d 'seconds between refreshes with --watch (default 10)'
complete -c mon -n "__mon_at 'incidents' 0" -a 'list' -d 'List incidents, newest first (open ones unless --status says otherwise)
Effect: read-only'
complete -c mon -n "__mon_topic 'incidents'" -a 'list' -d 'List incidents, newest first (open ones unless --status says otherwise)
Effect: read-only'
complete -c mon -n "__mon_at 'incidents' 0" -a 'get' -d 'Show an incident and its updates as a timeline, newest first
Effect: read-only'
complete -c mon -n "__mon_topic 'incidents'" -a 'get' -d 'Show an incident and its updates as a timeline, newest first
Effect: read-only'
complete -c mon -n "__mon_at 'incidents' 0" -a 'create' -d 'Open an incident on one or more services, with its first update
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'incidents'" -a 'create' -d 'Open an incident on one or more services, with its first update
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'incidents' 0" -a 'update' -d 'Post an update to an incident and/or change its name, severity or services
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'incidents'" -a 'update' -d 'Post an update to an incident and/or change its name, severity or services
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'incidents' 0" -a 'resolve' -d 'Post a RESOLVED update to an incident
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'incidents'" -a 'resolve' -d 'Post a RESOLVED update to an incident
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'incidents' 0" -a 'updates' -d 'An incident\'s updates one by one: post, show, edit'
complete -c mon -n "__mon_topic 'incidents'" -a 'updates' -d 'An incident\'s updates one by one: post, show, edit'
complete -c mon -n "__mon_at 'incidents list'" -l limit -s L -r -d 'entries per page, 1 to 100 (default 20)'
complete -c mon -n "__mon_at 'incidents list'" -l next-id -r -d 'start at this page (the nextId a previous page gave)'
complete -c mon -n "__mon_at 'incidents list'" -l all -d 'follow every page'
complete -c mon -n "__mon_at 'incidents list'" -l status -s s -x -a 'open resolved all' -d 'which incidents, by the last update\'s status: open, resolved or all, in any case (default open)'
complete -c mon -n "__mon_at 'incidents list'" -l service -x -a '(__mon_lookup services)' -d 'only incidents on this service: its ID (6+ characters do) or name, in any case (repeatable)'
complete -c mon -n "__mon_at 'incidents list'" -l severity -x -a 'critical major medium minor' -d 'only incidents of this severity: CRITICAL, MAJOR, MEDIUM or MINOR, in any case (repeatable)'
complete -c mon -n "__mon_at 'incidents list'" -l since -r -d 'only incidents that started since then: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'
complete -c mon -n "__mon_at 'incidents list'" -l watch -d 'stay on screen, read again every --interval seconds (a terminal only)'
complete -c mon -n "__mon_at 'incidents list'" -l interval -r -d 'seconds between refreshes with --watch (default 10)'
complete -c mon -n "__mon_at 'incidents get'" -l web -d 'then open the status page of the incident\'s services in the browser (`mon status-pages open`)'
complete -c mon -n "__mon_at 'incidents get' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'incidents create'" -l name -r -d 'what the status page shows, at most 255 characters'
complete -c mon -n "__mon_at 'incidents create'" -l severity -x -a 'critical major medium minor' -d 'the severity: CRITICAL, MAJOR, MEDIUM or MINOR, in any case'
complete -c mon -n "__mon_at 'incidents create'" -l service -x -a '(__mon_lookup services)' -d 'an affected service: its ID (6+ characters do) or name, in any case (`mon status-pages list` shows both) (repeatable)'
complete -c mon -n "__mon_at 'incidents create'" -l message -s m -r -d 'the first update: what subscribers read'
complete -c mon -n "__mon_at 'incidents create'" -l status -s s -x -a 'investigating identified monitoring resolved' -d 'the first update\'s status: INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case (default investigating)'
complete -c mon -n "__mon_at 'incidents create'" -l notify -d 'notify the status page subscribers of this update'
complete -c mon -n "__mon_at 'incidents create'" -l no-notify -d 'do not notify them (the default)'
complete -c mon -n "__mon_at 'incidents create'" -l date -r -d 'when the first update is published: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (default now)'
complete -c mon -n "__mon_at 'incidents create'" -l message-file -r -d 'read the message from FILE (- for stdin), for long messages'
complete -c mon -n "__mon_at 'incidents create'" -l template -x -a '(__mon_lookup templates)' -d 'take the message (and status) from a stored template; flags given beside it win (`mon templates list`)'
complete -c mon -n "__mon_at 'incidents create'" -l yes -s y -d 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question'
complete -c mon -n "__mon_at 'incidents create'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'incidents create'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'incidents create'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'incidents create'" -l web -d 'then open the status page of the incident\'s services in the browser (`mon status-pages open`)'
complete -c mon -n "__mon_at 'incidents update'" -l message -s m -r -d 'post an update with this message'
complete -c mon -n "__mon_at 'incidents update'" -l status -s s -x -a 'investigating identified monitoring resolved' -d 'the update\'s status: INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case (default: the current one)'
complete -c mon -n "__mon_at 'incidents update'" -l notify -d 'notify the status page subscribers of this update'
complete -c mon -n "__mon_at 'incidents update'" -l no-notify -d 'do not notify them (the default)'
complete -c mon -n "__mon_at 'incidents update'" -l name -r -d 'rename the incident (at most 255 characters)'
complete -c mon -n "__mon_at 'incidents update'" -l severity -x -a 'critical major medium minor' -d 'change the severity: CRITICAL, MAJOR, MEDIUM or MINOR, in any case'
complete -c mon -n "__mon_at 'incidents update'" -l service -x -a '(__mon_lookup services)' -d 'the incident\'s services become exactly these (IDs, 6+ characters of one, or names) (repeatable)'
complete -c mon -n "__mon_at 'incidents update'" -l message-file -r -d 'read the message from FILE (- for stdin), for long messages'
complete -c mon -n "__mon_at 'incidents update'" -l template -x -a '(__mon_lookup templates)' -d 'take the message (and status) from a stored template; flags given beside it win (`mon templates list`)'
complete -c mon -n "__mon_at 'incidents update'" -l yes -s y -d 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question'
complete -c mon -n "__mon_at 'incidents update'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'incidents update'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'incidents update'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'incidents update'" -l web -d 'then open the status page of the incident\'s services in the browser (`mon status-pages open`)'
complete -c mon -n "__mon_at 'incidents update' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'incidents resolve'" -l message -s m -r -d 'what subscribers read (default "This incident has been resolved.")'
complete -c mon -n "__mon_at 'incidents resolve'" -l notify -d 'notify the status page subscribers'
complete -c mon -n "__mon_at 'incidents resolve'" -l no-notify -d 'do not notify them (the default)'
complete -c mon -n "__mon_at 'incidents resolve'" -l force -d 'post a RESOLVED update even if the incident is already resolved'
complete -c mon -n "__mon_at 'incidents resolve'" -l message-file -r -d 'read the message from FILE (- for stdin), for long messages'
complete -c mon -n "__mon_at 'incidents resolve'" -l template -x -a '(__mon_lookup templates)' -d 'take the message (and status) from a stored template; flags given beside it win (`mon templates list`)'
complete -c mon -n "__mon_at 'incidents resolve'" -l yes -s y -d 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question'
complete -c mon -n "__mon_at 'incidents resolve'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'incidents resolve'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'incidents resolve'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'incidents resolve'" -l web -d 'then open the status page of the incident\'s services in the browser (`mon status-pages open`)'
complete -c mon -n "__mon_at 'incidents resolve' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'incidents updates' 0" -a 'create' -d 'Post an update to an incident (POST .../incident-updates)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'incidents updates'" -a 'create' -d 'Post an update to an incident (POST .../incident-updates)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'incidents updates' 0" -a 'get' -d 'Show one incident update
Effect: read-only'
complete -c mon -n "__mon_topic 'incidents updates'" -a 'get' -d 'Show one incident update
Effect: read-only'
complete -c mon -n "__mon_at 'incidents updates' 0" -a 'edit' -d 'Correct an incident update (what is not given stays as it is)
Effect: write, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'incidents updates'" -a 'edit' -d 'Correct an incident update (what is not given stays as it is)
Effect: write, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'incidents updates create'" -l message -s m -r -d 'what subscribers read (required; asked for on a terminal)'
complete -c mon -n "__mon_at 'incidents updates create'" -l status -s s -x -a 'investigating identified monitoring resolved' -d 'the update\'s status: INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case (left out: the incident keeps its status)'
complete -c mon -n "__mon_at 'incidents updates create'" -l notify -d 'notify the status page subscribers'
complete -c mon -n "__mon_at 'incidents updates create'" -l no-notify -d 'do not notify them (the default)'
complete -c mon -n "__mon_at 'incidents updates create'" -l date -r -d 'when the update is published: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (default now)'
complete -c mon -n "__mon_at 'incidents updates create'" -l message-file -r -d 'read the message from FILE (- for stdin), for long messages'
complete -c mon -n "__mon_at 'incidents updates create'" -l template -x -a '(__mon_lookup templates)' -d 'take the message (and status) from a stored template; flags given beside it win (`mon templates list`)'
complete -c mon -n "__mon_at 'incidents updates create'" -l yes -s y -d 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question'
complete -c mon -n "__mon_at 'incidents updates create'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'incidents updates create'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'incidents updates create'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'incidents updates create' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'incidents updates get' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'incidents updates edit'" -l message -s m -r -d 'replace the message'
complete -c mon -n "__mon_at 'incidents updates edit'" -l status -s s -x -a 'investigating identified monitoring resolved' -d 'the new status: INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case'
complete -c mon -n "__mon_at 'incidents updates edit'" -l notify -d 'set notifySubscribers'
complete -c mon -n "__mon_at 'incidents updates edit'" -l no-notify -d 'clear notifySubscribers'
complete -c mon -n "__mon_at 'incidents updates edit'" -l date -r -d 'when it is published: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d)'
complete -c mon -n "__mon_at 'incidents updates edit'" -l yes -s y -d 'post without the final "Post this update?" (asked only when a value came from a prompt or a picker), and without a plan in agent mode; it answers no other question'
complete -c mon -n "__mon_at 'incidents updates edit'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'incidents updates edit'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'incidents updates edit'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'incidents updates edit' 0" -a '(__mon_lookup open-incidents)'
complete -c mon -n "__mon_at 'templates' 0" -a 'add' -d 'Store a message template (and the status it sets)
Effect: write, not idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'templates'" -a 'add' -d 'Store a message template (and the status it sets)
Effect: write, not idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'templates' 0" -a 'list' -d 'List the stored templates
Effect: read-only'
complete -c mon -n "__mon_topic 'templates'" -a 'list' -d 'List the stored templates
Effect: read-only'
complete -c mon -n "__mon_at 'templates' 0" -a 'remove' -d 'Remove a stored template
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'templates'" -a 'remove' -d 'Remove a stored template
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'templates add'" -l message -s m -r -d 'the message; {{name}}, {{services}}, {{severity}} and {{status}} are filled from the incident'
complete -c mon -n "__mon_at 'templates add'" -l status -s s -x -a 'investigating identified monitoring resolved' -d 'the status an update from this template sets: INVESTIGATING, IDENTIFIED, MONITORING or RESOLVED, in any case'
complete -c mon -n "__mon_at 'templates add'" -l force -d 'replace a template of the same name'
complete -c mon -n "__mon_at 'templates remove' 0" -a '(__mon_lookup templates)'
complete -c mon -n "__mon_at 'status-pages' 0" -a 'list' -d 'List status pages with their cards and services
Effect: read-only'
complete -c mon -n "__mon_topic 'status-pages'" -a 'list' -d 'List status pages with their cards and services
Effect: read-only'
complete -c mon -n "__mon_at 'status-pages' 0" -a 'get' -d 'Show a status page: its cards and services, and its open incidents
Effect: read-only'
complete -c mon -n "__mon_topic 'status-pages'" -a 'get' -d 'Show a status page: its cards and services, and its open incidents
Effect: read-only'
complete -c mon -n "__mon_at 'status-pages' 0" -a 'open' -d 'Open a status page in the browser, as its subscribers see it
Effect: read-only'
complete -c mon -n "__mon_topic 'status-pages'" -a 'open' -d 'Open a status page in the browser, as its subscribers see it
Effect: read-only'
complete -c mon -n "__mon_at 'status-pages list'" -l limit -s L -r -d 'entries per page, 1 to 100 (default 20)'
complete -c mon -n "__mon_at 'status-pages list'" -l next-id -r -d 'start at this page (the nextId a previous page gave)'
complete -c mon -n "__mon_at 'status-pages list'" -l all -d 'follow every page'
complete -c mon -n "__mon_at 'status-pages get' 0" -a '(__mon_lookup status-pages)'
complete -c mon -n "__mon_at 'status-pages open'" -l print -d 'print its URL instead of opening it'
complete -c mon -n "__mon_at 'checks' 0" -a 'list' -d 'List the checks: short ID, name, type, status, frequency, locations, tags
Effect: read-only'
complete -c mon -n "__mon_topic 'checks'" -a 'list' -d 'List the checks: short ID, name, type, status, frequency, locations, tags
Effect: read-only'
complete -c mon -n "__mon_at 'checks' 0" -a 'get' -d 'Show a check\'s configuration and its current status
Effect: read-only'
complete -c mon -n "__mon_topic 'checks'" -a 'get' -d 'Show a check\'s configuration and its current status
Effect: read-only'
complete -c mon -n "__mon_at 'checks' 0" -a 'status' -d 'How every check is doing now: failing first, then degraded, then passing
Effect: read-only'
complete -c mon -n "__mon_topic 'checks'" -a 'status' -d 'How every check is doing now: failing first, then degraded, then passing
Effect: read-only'
complete -c mon -n "__mon_at 'checks' 0" -a 'create-dns' -d 'Create a DNS monitor (POST /v1/checks/dns)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'checks'" -a 'create-dns' -d 'Create a DNS monitor (POST /v1/checks/dns)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'checks' 0" -a 'create' -d 'Create a check with the deprecated combined operation (POST /v1/checks)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'checks'" -a 'create' -d 'Create a check with the deprecated combined operation (POST /v1/checks)
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'checks' 0" -a 'delete' -d 'Delete a check (a heartbeat stops answering its ping URL)
Effect: destructive, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'checks'" -a 'delete' -d 'Delete a check (a heartbeat stops answering its ping URL)
Effect: destructive, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'checks list'" -l type -x -a 'agentic api browser heartbeat icmp multi_step tcp playwright url dns' -d 'only checks of this type: AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS, in any case'
complete -c mon -n "__mon_at 'checks list'" -l tag -r -d 'only checks with this tag (any of several) (repeatable)'
complete -c mon -n "__mon_at 'checks list'" -l search -r -d 'only checks whose name contains this, in any case'
complete -c mon -n "__mon_at 'checks list'" -l status -x -a 'passing failing degraded' -d 'only checks in this status now: passing, failing or degraded, in any case'
complete -c mon -n "__mon_at 'checks list'" -l limit -s L -r -d 'checks to show, 1 to 100 (default 20; with --all: per page)'
complete -c mon -n "__mon_at 'checks list'" -l all -d 'read every page'
complete -c mon -n "__mon_at 'checks get' 0" -a '(__mon_lookup checks)'
complete -c mon -n "__mon_at 'checks create-dns'" -l name -r -d 'name of the check'
complete -c mon -n "__mon_at 'checks create-dns'" -l description -r -d 'description, at most 500 characters'
complete -c mon -n "__mon_at 'checks create-dns'" -l tag -r -d 'a tag (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l no-activated -d 'create it paused (default: it runs)'
complete -c mon -n "__mon_at 'checks create-dns'" -l muted -d 'send no notifications on failure or recovery'
complete -c mon -n "__mon_at 'checks create-dns'" -l should-fail -d 'invert what counts as a failure'
complete -c mon -n "__mon_at 'checks create-dns'" -l no-double-check -d 'no double check on failure (deprecated by the API: use --retry-*)'
complete -c mon -n "__mon_at 'checks create-dns'" -l group-id -r -d 'check group it belongs to'
complete -c mon -n "__mon_at 'checks create-dns'" -l group-order -r -d 'position in the group, >= 0'
complete -c mon -n "__mon_at 'checks create-dns'" -l runtime -x -a '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' -d 'runtime: 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10 (`mon runtimes list`)'
complete -c mon -n "__mon_at 'checks create-dns'" -l query -r -d 'name to resolve, e.g. example.com (at most 100 characters)'
complete -c mon -n "__mon_at 'checks create-dns'" -l record-type -x -a 'a aaaa cname mx txt soa ns https' -d 'record type: A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS (default A)'
complete -c mon -n "__mon_at 'checks create-dns'" -l name-server -r -d 'name server to ask, e.g. 1.1.1.1'
complete -c mon -n "__mon_at 'checks create-dns'" -l port -r -d 'port of the name server, e.g. 53'
complete -c mon -n "__mon_at 'checks create-dns'" -l protocol -x -a 'udp tcp' -d 'protocol: UDP or TCP (API default UDP)'
complete -c mon -n "__mon_at 'checks create-dns'" -l assert -r -d '"SOURCE COMPARISON TARGET", e.g. "RESPONSE_CODE EQUALS NOERROR" (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l frequency -x -a '1 2 5 10 15 30 60 120 180 360 720 1440' -d 'minutes between runs: 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (API default 10)'
complete -c mon -n "__mon_at 'checks create-dns'" -l frequency-offset -r -d '1..floor(frequency*10) for frequencies up to 60, 1..ceil(frequency/60) above'
complete -c mon -n "__mon_at 'checks create-dns'" -l location -x -a 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' -d 'data-center location to run from (values below) (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l private-location -r -d 'private location to run from (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l run-parallel -d 'run in all locations at once instead of one after another'
complete -c mon -n "__mon_at 'checks create-dns'" -l degraded-response-time -r -d 'degraded from this response time, 0..5000 (API default 500)'
complete -c mon -n "__mon_at 'checks create-dns'" -l max-response-time -r -d 'failed from this response time, 0..5000 (API default 1000)'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-channel -r -d 'subscribe to this alert channel (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l no-auto-assign-alerts -d 'do not subscribe it to every alert channel (autoAssignAlerts=false)'
complete -c mon -n "__mon_at 'checks create-dns'" -l no-use-global-alert-settings -d 'use this check\'s --alert-* settings, not the account\'s'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-escalation-type -x -a 'run_based time_based' -d 'how alerts escalate: RUN_BASED or TIME_BASED'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-failed-run-threshold -x -a '1 2 3 4 5' -d 'alert after this many failed runs: 1, 2, 3, 4 or 5'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-minutes-failing-threshold -x -a '5 10 15 30' -d 'alert after failing this long: 5, 10, 15 or 30 (TIME_BASED)'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-reminders-amount -x -a '0 1 2 3 4 5 100000' -d 'reminders to send: 0, 1, 2, 3, 4, 5 or 100000 (100000: until resolved)'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-reminders-interval -x -a '1 2 3 4 5 10 15 30' -d 'minutes between reminders: 1, 2, 3, 4, 5, 10, 15 or 30'
complete -c mon -n "__mon_at 'checks create-dns'" -l alert-parallel-run-failure-threshold -x -a '10 20 30 40 50 60 70 80 90 100' -d 'alert when this % of parallel runs fail: 10, 20, 30, 40, 50, 60, 70, 80, 90 or 100'
complete -c mon -n "__mon_at 'checks create-dns'" -l retry-type -x -a 'fixed linear exponential single_retry' -d 'retry strategy: FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY (needed by the other --retry-* flags)'
complete -c mon -n "__mon_at 'checks create-dns'" -l retry-max-retries -r -d '1 to 10'
complete -c mon -n "__mon_at 'checks create-dns'" -l retry-base-backoff-seconds -r -d 'seconds before the first retry (API default 60)'
complete -c mon -n "__mon_at 'checks create-dns'" -l retry-max-duration-seconds -r -d 'give up retrying after this long, 0 to 600'
complete -c mon -n "__mon_at 'checks create-dns'" -l retry-only-on -x -a 'network_error' -d 'retry only on this kind of failure: NETWORK_ERROR (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l no-retry-same-region -d 'retry from another location (API default: the same one)'
complete -c mon -n "__mon_at 'checks create-dns'" -l trigger-incident-service -r -d 'open a status-page incident on this service when the check fails (`mon status-pages list` shows IDs)'
complete -c mon -n "__mon_at 'checks create-dns'" -l trigger-incident-severity -x -a 'critical major medium minor' -d 'incident severity: CRITICAL, MAJOR, MEDIUM or MINOR'
complete -c mon -n "__mon_at 'checks create-dns'" -l trigger-incident-name -r -d 'incident name'
complete -c mon -n "__mon_at 'checks create-dns'" -l trigger-incident-description -r -d 'incident description'
complete -c mon -n "__mon_at 'checks create-dns'" -l trigger-incident-notify-subscribers -d 'notify the status page\'s subscribers'
complete -c mon -n "__mon_at 'checks create-dns'" -l env -r -d 'environment variable (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l secret-env -r -d 'secret environment variable, never shown back (repeatable)'
complete -c mon -n "__mon_at 'checks create-dns'" -l script -r -d 'script (default "": the API requires the field)'
complete -c mon -n "__mon_at 'checks create-dns'" -l script-path -r -d 'path of the script in the runtime'
complete -c mon -n "__mon_at 'checks create-dns'" -l local-setup-script -r -d 'Node.js code run before the check'
complete -c mon -n "__mon_at 'checks create-dns'" -l local-tear-down-script -r -d 'Node.js code run after the check'
complete -c mon -n "__mon_at 'checks create-dns'" -l setup-snippet-id -r -d 'snippet for the setup phase'
complete -c mon -n "__mon_at 'checks create-dns'" -l tear-down-snippet-id -r -d 'snippet for the teardown phase'
complete -c mon -n "__mon_at 'checks create-dns'" -l ssl-check-domain -r -d 'domain whose certificate is checked'
complete -c mon -n "__mon_at 'checks create-dns'" -l file -r -d 'JSON body with any of the fields (- for stdin); the flags override it'
complete -c mon -n "__mon_at 'checks create-dns'" -l yes -s y -d 'go ahead without asking: no confirmation on a terminal, no plan in agent mode'
complete -c mon -n "__mon_at 'checks create-dns'" -l dry-run -d 'print the plan (what would be created, the request) instead of sending it (secret values masked)'
complete -c mon -n "__mon_at 'checks create-dns'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'checks create-dns'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'checks create'" -l type -x -a 'agentic api browser heartbeat icmp multi_step tcp playwright url dns' -d 'check type: DNS, the only one it builds: AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS (HEARTBEAT: `mon heartbeats create`; another: `mon api`)'
complete -c mon -n "__mon_at 'checks create'" -l dependency -r -d 'a dependency file: its path in the check, and the local file to send (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l name -r -d 'name of the check'
complete -c mon -n "__mon_at 'checks create'" -l description -r -d 'description, at most 500 characters'
complete -c mon -n "__mon_at 'checks create'" -l tag -r -d 'a tag (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l no-activated -d 'create it paused (default: it runs)'
complete -c mon -n "__mon_at 'checks create'" -l muted -d 'send no notifications on failure or recovery'
complete -c mon -n "__mon_at 'checks create'" -l should-fail -d 'invert what counts as a failure'
complete -c mon -n "__mon_at 'checks create'" -l no-double-check -d 'no double check on failure (deprecated by the API: use --retry-*)'
complete -c mon -n "__mon_at 'checks create'" -l group-id -r -d 'check group it belongs to'
complete -c mon -n "__mon_at 'checks create'" -l group-order -r -d 'position in the group, >= 0'
complete -c mon -n "__mon_at 'checks create'" -l runtime -x -a '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10' -d 'runtime: 2026.04, 2025.04, 2024.09, 2024.02, 2023.09, 2023.02 or 2022.10 (`mon runtimes list`)'
complete -c mon -n "__mon_at 'checks create'" -l query -r -d 'name to resolve, e.g. example.com (at most 100 characters)'
complete -c mon -n "__mon_at 'checks create'" -l record-type -x -a 'a aaaa cname mx txt soa ns https' -d 'record type: A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS (default A)'
complete -c mon -n "__mon_at 'checks create'" -l name-server -r -d 'name server to ask, e.g. 1.1.1.1'
complete -c mon -n "__mon_at 'checks create'" -l port -r -d 'port of the name server, e.g. 53'
complete -c mon -n "__mon_at 'checks create'" -l protocol -x -a 'udp tcp' -d 'protocol: UDP or TCP (API default UDP)'
complete -c mon -n "__mon_at 'checks create'" -l assert -r -d '"SOURCE COMPARISON TARGET", e.g. "RESPONSE_CODE EQUALS NOERROR" (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l frequency -x -a '0 1 2 5 10 15 30 60 120 180 360 720 1440' -d 'minutes between runs: 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (API default 10)'
complete -c mon -n "__mon_at 'checks create'" -l frequency-offset -r -d '1..floor(frequency*10) for frequencies up to 60, 1..ceil(frequency/60) above'
complete -c mon -n "__mon_at 'checks create'" -l location -x -a 'us-east-1 us-east-2 us-west-1 us-west-2 ca-central-1 sa-east-1 eu-west-1 eu-central-1 eu-west-2 eu-west-3 eu-north-1 eu-south-1 me-south-1 ap-southeast-1 ap-northeast-1 ap-east-1 ap-southeast-2 ap-southeast-3 ap-northeast-2 ap-northeast-3 ap-south-1 af-south-1' -d 'data-center location to run from (values below) (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l private-location -r -d 'private location to run from (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l run-parallel -d 'run in all locations at once instead of one after another'
complete -c mon -n "__mon_at 'checks create'" -l degraded-response-time -r -d 'degraded from this response time, 0..5000 (API default 500)'
complete -c mon -n "__mon_at 'checks create'" -l max-response-time -r -d 'failed from this response time, 0..5000 (API default 1000)'
complete -c mon -n "__mon_at 'checks create'" -l alert-channel -r -d 'subscribe to this alert channel (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l no-auto-assign-alerts -d 'do not subscribe it to every alert channel (autoAssignAlerts=false)'
complete -c mon -n "__mon_at 'checks create'" -l no-use-global-alert-settings -d 'use this check\'s --alert-* settings, not the account\'s'
complete -c mon -n "__mon_at 'checks create'" -l alert-escalation-type -x -a 'run_based time_based' -d 'how alerts escalate: RUN_BASED or TIME_BASED'
complete -c mon -n "__mon_at 'checks create'" -l alert-failed-run-threshold -x -a '1 2 3 4 5' -d 'alert after this many failed runs: 1, 2, 3, 4 or 5'
complete -c mon -n "__mon_at 'checks create'" -l alert-minutes-failing-threshold -x -a '5 10 15 30' -d 'alert after failing this long: 5, 10, 15 or 30 (TIME_BASED)'
complete -c mon -n "__mon_at 'checks create'" -l alert-reminders-amount -x -a '0 1 2 3 4 5 100000' -d 'reminders to send: 0, 1, 2, 3, 4, 5 or 100000 (100000: until resolved)'
complete -c mon -n "__mon_at 'checks create'" -l alert-reminders-interval -x -a '1 2 3 4 5 10 15 30' -d 'minutes between reminders: 1, 2, 3, 4, 5, 10, 15 or 30'
complete -c mon -n "__mon_at 'checks create'" -l alert-parallel-run-failure-threshold -x -a '10 20 30 40 50 60 70 80 90 100' -d 'alert when this % of parallel runs fail: 10, 20, 30, 40, 50, 60, 70, 80, 90 or 100'
complete -c mon -n "__mon_at 'checks create'" -l retry-type -x -a 'fixed linear exponential single_retry' -d 'retry strategy: FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY (needed by the other --retry-* flags)'
complete -c mon -n "__mon_at 'checks create'" -l retry-max-retries -r -d '1 to 10'
complete -c mon -n "__mon_at 'checks create'" -l retry-base-backoff-seconds -r -d 'seconds before the first retry (API default 60)'
complete -c mon -n "__mon_at 'checks create'" -l retry-max-duration-seconds -r -d 'give up retrying after this long, 0 to 600'
complete -c mon -n "__mon_at 'checks create'" -l retry-only-on -x -a 'network_error' -d 'retry only on this kind of failure: NETWORK_ERROR (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l no-retry-same-region -d 'retry from another location (API default: the same one)'
complete -c mon -n "__mon_at 'checks create'" -l trigger-incident-service -r -d 'open a status-page incident on this service when the check fails (`mon status-pages list` shows IDs)'
complete -c mon -n "__mon_at 'checks create'" -l trigger-incident-severity -x -a 'critical major medium minor' -d 'incident severity: CRITICAL, MAJOR, MEDIUM or MINOR'
complete -c mon -n "__mon_at 'checks create'" -l trigger-incident-name -r -d 'incident name'
complete -c mon -n "__mon_at 'checks create'" -l trigger-incident-description -r -d 'incident description'
complete -c mon -n "__mon_at 'checks create'" -l trigger-incident-notify-subscribers -d 'notify the status page\'s subscribers'
complete -c mon -n "__mon_at 'checks create'" -l env -r -d 'environment variable (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l secret-env -r -d 'secret environment variable, never shown back (repeatable)'
complete -c mon -n "__mon_at 'checks create'" -l script -r -d 'script (default "": the API requires the field)'
complete -c mon -n "__mon_at 'checks create'" -l script-path -r -d 'path of the script in the runtime'
complete -c mon -n "__mon_at 'checks create'" -l local-setup-script -r -d 'Node.js code run before the check'
complete -c mon -n "__mon_at 'checks create'" -l local-tear-down-script -r -d 'Node.js code run after the check'
complete -c mon -n "__mon_at 'checks create'" -l setup-snippet-id -r -d 'snippet for the setup phase'
complete -c mon -n "__mon_at 'checks create'" -l tear-down-snippet-id -r -d 'snippet for the teardown phase'
complete -c mon -n "__mon_at 'checks create'" -l ssl-check-domain -r -d 'domain whose certificate is checked'
complete -c mon -n "__mon_at 'checks create'" -l file -r -d 'JSON body with any of the fields (- for stdin); the flags override it'
complete -c mon -n "__mon_at 'checks create'" -l yes -s y -d 'go ahead without asking: no confirmation on a terminal, no plan in agent mode'
complete -c mon -n "__mon_at 'checks create'" -l dry-run -d 'print the plan (what would be created, the request) instead of sending it (secret values masked)'
complete -c mon -n "__mon_at 'checks create'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'checks create'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'checks delete'" -l yes -s y -d 'delete without asking (without it, and without a terminal to ask on, mon plans: exit 9)'
complete -c mon -n "__mon_at 'checks delete'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'checks delete'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'checks delete'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'checks delete' 0" -a '(__mon_lookup checks)'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'create' -d 'Create a heartbeat monitor for a cron job; prints its ping URL
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'create' -d 'Create a heartbeat monitor for a cron job; prints its ping URL
Effect: write, not idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'list' -d 'List the heartbeat monitors: how often each expects a ping, its state, its last ping
Effect: read-only'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'list' -d 'List the heartbeat monitors: how often each expects a ping, its state, its last ping
Effect: read-only'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'get' -d 'Show a heartbeat monitor: its state, last ping, when the next is due, its history
Effect: read-only'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'get' -d 'Show a heartbeat monitor: its state, last ping, when the next is due, its history
Effect: read-only'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'update' -d 'Change a heartbeat monitor (what is not given keeps its current value)
Effect: write, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'update' -d 'Change a heartbeat monitor (what is not given keeps its current value)
Effect: write, idempotent · plans: --plan, --plan-token'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'events' -d 'List the events of a heartbeat (pings, late pings, failures) and its success ratio
Effect: read-only'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'events' -d 'List the events of a heartbeat (pings, late pings, failures) and its success ratio
Effect: read-only'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'availability' -d 'Show the success ratio of a heartbeat for a period, against the period before
Effect: read-only'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'availability' -d 'Show the success ratio of a heartbeat for a period, against the period before
Effect: read-only'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'ping' -d 'Send a heartbeat ping: tell the monitor the job ran
Effect: write, not idempotent · never planned'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'ping' -d 'Send a heartbeat ping: tell the monitor the job ran
Effect: write, not idempotent · never planned'
complete -c mon -n "__mon_at 'heartbeats' 0" -a 'exec' -d 'Run a command (a cron job) and ping only when it succeeds
Effect: write, not idempotent · never planned'
complete -c mon -n "__mon_topic 'heartbeats'" -a 'exec' -d 'Run a command (a cron job) and ping only when it succeeds
Effect: write, not idempotent · never planned'
complete -c mon -n "__mon_at 'heartbeats create'" -l name -r -d 'the name of the monitor, e.g. "Nightly backup"'
complete -c mon -n "__mon_at 'heartbeats create'" -l period -r -d 'how often the job runs: a ping is expected every period, 30s to 365d (e.g. 30s, 15m, 1h, 7d)'
complete -c mon -n "__mon_at 'heartbeats create'" -l grace -r -d 'how long to wait past the period before alerting, 0s to 365d (e.g. 30s, 15m, 1h, 7d)'
complete -c mon -n "__mon_at 'heartbeats create'" -l description -r -d 'what the monitor watches, Markdown, at most 500 characters'
complete -c mon -n "__mon_at 'heartbeats create'" -l description-file -r -d 'read the description from FILE (- for stdin)'
complete -c mon -n "__mon_at 'heartbeats create'" -l tag -r -d 'a tag (repeatable)'
complete -c mon -n "__mon_at 'heartbeats create'" -l alert-channel -r -d 'notify this alert channel, by its number (create: every channel of the account when left out) (repeatable)'
complete -c mon -n "__mon_at 'heartbeats create'" -l muted -d 'send no alert notifications'
complete -c mon -n "__mon_at 'heartbeats create'" -l inactive -d 'create it paused: it records pings but never alerts'
complete -c mon -n "__mon_at 'heartbeats create'" -l yes -s y -d 'go ahead without asking: no confirmation on a terminal, no plan in agent mode'
complete -c mon -n "__mon_at 'heartbeats create'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'heartbeats create'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'heartbeats create'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'heartbeats list'" -l limit -s L -r -d 'monitors per page, 1 to 100 (default 20)'
complete -c mon -n "__mon_at 'heartbeats list'" -l all -d 'follow every page'
complete -c mon -n "__mon_at 'heartbeats get' 0" -a '(__mon_lookup heartbeats)'
complete -c mon -n "__mon_at 'heartbeats update'" -l name -r -d 'the name of the monitor, e.g. "Nightly backup"'
complete -c mon -n "__mon_at 'heartbeats update'" -l period -r -d 'how often the job runs: a ping is expected every period, 30s to 365d (e.g. 30s, 15m, 1h, 7d)'
complete -c mon -n "__mon_at 'heartbeats update'" -l grace -r -d 'how long to wait past the period before alerting, 0s to 365d (e.g. 30s, 15m, 1h, 7d)'
complete -c mon -n "__mon_at 'heartbeats update'" -l description -r -d 'what the monitor watches, Markdown, at most 500 characters'
complete -c mon -n "__mon_at 'heartbeats update'" -l description-file -r -d 'read the description from FILE (- for stdin)'
complete -c mon -n "__mon_at 'heartbeats update'" -l tag -r -d 'a tag (repeatable)'
complete -c mon -n "__mon_at 'heartbeats update'" -l alert-channel -r -d 'notify this alert channel, by its number (create: every channel of the account when left out) (repeatable)'
complete -c mon -n "__mon_at 'heartbeats update'" -l muted -d 'send no alert notifications'
complete -c mon -n "__mon_at 'heartbeats update'" -l unmuted -d 'send alert notifications again'
complete -c mon -n "__mon_at 'heartbeats update'" -l activate -d 'resume a paused monitor'
complete -c mon -n "__mon_at 'heartbeats update'" -l inactive -d 'pause it: it records pings but never alerts'
complete -c mon -n "__mon_at 'heartbeats update'" -l yes -s y -d 'go ahead without asking: no confirmation on a terminal, no plan in agent mode'
complete -c mon -n "__mon_at 'heartbeats update'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'heartbeats update'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'heartbeats update'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'heartbeats update' 0" -a '(__mon_lookup heartbeats)'
complete -c mon -n "__mon_at 'heartbeats events'" -l limit -s L -r -d 'at most this many events, 1 to 10 (the API\'s maximum; default 10)'
complete -c mon -n "__mon_at 'heartbeats events'" -l from -r -d 'start of the period: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (default: 24 hours before the end)'
complete -c mon -n "__mon_at 'heartbeats events'" -l to -r -d 'end of the period, in the same forms (default: now)'
complete -c mon -n "__mon_at 'heartbeats events'" -l since -r -d 'the period up to now, e.g. 30m, 6h, 7d (same as --from DURATION)'
complete -c mon -n "__mon_at 'heartbeats events' 0" -a '(__mon_lookup heartbeats)'
complete -c mon -n "__mon_at 'heartbeats availability'" -l from -r -d 'start of the period: a date (2026-11-20), an ISO 8601 date-time, or a time ago (30m, 2h, 7d) (default: 24 hours before the end)'
complete -c mon -n "__mon_at 'heartbeats availability'" -l to -r -d 'end of the period, in the same forms (default: now)'
complete -c mon -n "__mon_at 'heartbeats availability'" -l since -r -d 'the period up to now, e.g. 30m, 6h, 7d (same as --from DURATION)'
complete -c mon -n "__mon_at 'heartbeats availability' 0" -a '(__mon_lookup heartbeats)'
complete -c mon -n "__mon_at 'heartbeats ping'" -l token-file -r -d 'read the ping token (or the whole ping URL) from FILE, - for stdin; it stays out of `ps`'
complete -c mon -n "__mon_at 'heartbeats ping'" -l dry-run -d 'print the request (token masked) and send nothing'
complete -c mon -n "__mon_at 'heartbeats exec'" -l token-file -r -d 'read the ping token (or the whole ping URL) from FILE, - for stdin; it stays out of `ps`'
complete -c mon -n "__mon_at 'heartbeats exec'" -l strict -d 'exit 1 when the command succeeded but the ping failed'
complete -c mon -n "__mon_at 'heartbeats exec'" -l max-runtime -r -d 'stop the command when it runs longer (SIGTERM, then SIGKILL): exit 124, no ping'
complete -c mon -n "__mon_at 'heartbeats exec'" -l no-overlap -d 'do not start while the previous run of this monitor on this machine still goes (exit 75)'
complete -c mon -n "__mon_at 'heartbeats exec'" -l min-duration -r -d 'a run that exits 0 sooner is not pinged (it most likely did nothing): exit 8'
complete -c mon -n "__mon_at 'heartbeats exec'" -l dry-run -d 'print the request(s) that would be sent, send nothing'
complete -c mon -n "__mon_at 'runtimes' 0" -a 'list' -d 'List the supported runtimes
Effect: read-only'
complete -c mon -n "__mon_topic 'runtimes'" -a 'list' -d 'List the supported runtimes
Effect: read-only'
complete -c mon -n "__mon_at 'runtimes' 0" -a 'get' -d 'Show one runtime and the package versions it has
Effect: read-only'
complete -c mon -n "__mon_topic 'runtimes'" -a 'get' -d 'Show one runtime and the package versions it has
Effect: read-only'
complete -c mon -n "__mon_at 'runtimes get' 0" -a '2026.04 2025.04 2024.09 2024.02 2023.09 2023.02 2022.10'
complete -c mon -n "__mon_at 'auth' 0" -a 'login' -d 'Store an API key, account ID and base URL in a profile (checked first)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'auth'" -a 'login' -d 'Store an API key, account ID and base URL in a profile (checked first)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'auth' 0" -a 'status' -d 'Show the credentials in use and where each comes from (exit 4 without a key)
Effect: read-only'
complete -c mon -n "__mon_topic 'auth'" -a 'status' -d 'Show the credentials in use and where each comes from (exit 4 without a key)
Effect: read-only'
complete -c mon -n "__mon_at 'auth' 0" -a 'logout' -d 'Remove the stored API key from the profile (keeps base URL and account)
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'auth'" -a 'logout' -d 'Remove the stored API key from the profile (keeps base URL and account)
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'auth login'" -l with-key -d 'read the API key from stdin instead of prompting'
complete -c mon -n "__mon_at 'config' 0" -a 'list' -d 'Show the profile\'s settings
Effect: read-only'
complete -c mon -n "__mon_topic 'config'" -a 'list' -d 'Show the profile\'s settings
Effect: read-only'
complete -c mon -n "__mon_at 'config' 0" -a 'get' -d 'Print one setting (exit 1 when it is not set)
Effect: read-only'
complete -c mon -n "__mon_topic 'config'" -a 'get' -d 'Print one setting (exit 1 when it is not set)
Effect: read-only'
complete -c mon -n "__mon_at 'config' 0" -a 'set' -d 'Change one setting (the key is set with `mon auth login`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'config'" -a 'set' -d 'Change one setting (the key is set with `mon auth login`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'config' 0" -a 'unset' -d 'Remove one setting from the profile
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'config'" -a 'unset' -d 'Remove one setting from the profile
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'config' 0" -a 'path' -d 'Print where the profiles are stored
Effect: read-only'
complete -c mon -n "__mon_topic 'config'" -a 'path' -d 'Print where the profiles are stored
Effect: read-only'
complete -c mon -n "__mon_at 'config get' 0" -a 'base-url account ping-url timeout accessible'
complete -c mon -n "__mon_at 'config set' 0" -a 'base-url account ping-url timeout accessible'
complete -c mon -n "__mon_at 'config unset' 0" -a 'base-url account ping-url timeout accessible'
complete -c mon -n "__mon_at 'api'" -l method -s X -x -a 'get post put patch delete head' -d 'HTTP method: GET, POST, PUT, PATCH, DELETE or HEAD, in any case (default GET; POST when fields or --input are given, unless --paginate)'
complete -c mon -n "__mon_at 'api'" -l raw-field -s f -r -d 'add a string field (repeatable)'
complete -c mon -n "__mon_at 'api'" -l field -s F -r -d 'add a typed field: numbers, true/false/null, @file (@- for stdin), a.b= and a[]= nest (repeatable)'
complete -c mon -n "__mon_at 'api'" -l header -s H -r -d 'add a request header (repeatable)'
complete -c mon -n "__mon_at 'api'" -l input -r -d 'send this file (- for stdin) as the JSON body'
complete -c mon -n "__mon_at 'api'" -l include -s i -d 'print the status line and response headers before the body'
complete -c mon -n "__mon_at 'api'" -l paginate -d 'follow nextId and print every entry of every page as one JSON array'
complete -c mon -n "__mon_at 'api'" -l yes -s y -d 'go ahead without asking: no confirmation on a terminal, no plan in agent mode'
complete -c mon -n "__mon_at 'api'" -l dry-run -d 'print the plan (what would change, the requests) and send nothing'
complete -c mon -n "__mon_at 'api'" -l plan -d 'print the plan and a token to confirm it with (valid 10 minutes), send nothing: exit 9'
complete -c mon -n "__mon_at 'api'" -l plan-token -r -d 'send exactly what that plan said, once; exit 10 when what it was made on changed since'
complete -c mon -n "__mon_at 'completion' 0" -a 'bash zsh fish'
complete -c mon -n "__mon_at 'sandbox' 0" -a 'info' -d 'Show a sandbox\'s base URL, account, API key, status pages and heartbeat monitors
Effect: read-only'
complete -c mon -n "__mon_topic 'sandbox'" -a 'info' -d 'Show a sandbox\'s base URL, account, API key, status pages and heartbeat monitors
Effect: read-only'
complete -c mon -n "__mon_at 'sandbox' 0" -a 'reset' -d 'Put the sample data back: every change to a sandbox data file is dropped
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'sandbox'" -a 'reset' -d 'Put the sample data back: every change to a sandbox data file is dropped
Effect: destructive, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'sandbox' 0" -a 'clock' -d 'Move a running sandbox\'s clock'
complete -c mon -n "__mon_topic 'sandbox'" -a 'clock' -d 'Move a running sandbox\'s clock'
complete -c mon -n "__mon_at 'sandbox' 0" -a 'checks' -d 'Set a check\'s status in a running sandbox, to rehearse an outage'
complete -c mon -n "__mon_topic 'sandbox'" -a 'checks' -d 'Set a check\'s status in a running sandbox, to rehearse an outage'
complete -c mon -n "__mon_at 'sandbox' 0" -a 'requests' -d 'Show the last requests a sandbox received: method, path, status, time, body
Effect: read-only'
complete -c mon -n "__mon_topic 'sandbox'" -a 'requests' -d 'Show the last requests a sandbox received: method, path, status, time, body
Effect: read-only'
complete -c mon -n "__mon_at 'sandbox'" -l host -r -d 'interface to listen on (beyond loopback, e.g. 0.0.0.0: others can use it; it warns) (default 127.0.0.1)'
complete -c mon -n "__mon_at 'sandbox'" -l port -r -d 'port to listen on (0: any free port) (default 4010)'
complete -c mon -n "__mon_at 'sandbox'" -l data -r -d 'the data file, a JSON-lines journal (default: sandbox.jsonl in the user data directory)'
complete -c mon -n "__mon_at 'sandbox'" -l api-key -r -d 'API key clients must send (default: the data file\'s own random key, which it prints)'
complete -c mon -n "__mon_at 'sandbox'" -l max-checks -r -d 'answer 402 to the deprecated `checks create` past this many checks'
complete -c mon -n "__mon_at 'sandbox'" -l faults -r -d 'inject failures, e.g. 503:0.2,429x1,delay:300 (see below)'
complete -c mon -n "__mon_at 'sandbox'" -l seed -r -d 'JSON file of extra heartbeat monitors to create'
complete -c mon -n "__mon_at 'sandbox info'" -l data -r -d 'the data file, a JSON-lines journal (default: sandbox.jsonl in the user data directory)'
complete -c mon -n "__mon_at 'sandbox reset'" -l data -r -d 'the data file, a JSON-lines journal (default: sandbox.jsonl in the user data directory)'
complete -c mon -n "__mon_at 'sandbox reset'" -l yes -s y -d 'reset without asking (needed when there is no terminal to ask on)'
complete -c mon -n "__mon_at 'sandbox clock' 0" -a 'advance' -d 'Move the sandbox\'s clock forward: heartbeats fail and recover as they would
Effect: write, not idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'sandbox clock'" -a 'advance' -d 'Move the sandbox\'s clock forward: heartbeats fail and recover as they would
Effect: write, not idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'sandbox checks' 0" -a 'fail' -d 'Make a check fail (until `pass`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'sandbox checks'" -a 'fail' -d 'Make a check fail (until `pass`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'sandbox checks' 0" -a 'degrade' -d 'Make a check degraded (until `pass`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'sandbox checks'" -a 'degrade' -d 'Make a check degraded (until `pass`)
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'sandbox checks' 0" -a 'pass' -d 'Make a check pass again
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_topic 'sandbox checks'" -a 'pass' -d 'Make a check pass again
Effect: write, idempotent · local (changes only this machine)'
complete -c mon -n "__mon_at 'sandbox checks fail' 0" -a '(__mon_lookup checks)'
complete -c mon -n "__mon_at 'sandbox checks degrade' 0" -a '(__mon_lookup checks)'
complete -c mon -n "__mon_at 'sandbox checks pass' 0" -a '(__mon_lookup checks)'
complete -c mon -n "__mon_at 'sandbox requests'" -l limit -s L -r -d 'show the last N requests, 1 to 10,000 (default 20)'
complete -c mon -n "__mon_at 'sandbox requests'" -l full -d 'on a terminal, show every body whole (else its first 4 rows)'
complete -c mon -n "__mon_at '__complete' 0" -a 'open-incidents services templates profiles checks heartbeats status-pages'
