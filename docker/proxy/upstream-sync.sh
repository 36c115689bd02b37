#!/bin/bash
# upstream-sync.sh - the second step of nginx's entrypoint in docker-compose.yml
# (after tls-setup.sh): keeps the `app` upstream equal to the app replicas that
# are ready, then runs nginx.
#
#   upstream-sync.sh nginx -g 'daemon off;'
#
# Every UPSTREAM_SYNC_INTERVAL seconds it resolves UPSTREAM_HOST (Docker's DNS
# answers one address per replica of a scaled service), asks each address's
# /readyz, and writes the ready ones to /etc/nginx/upstreams/app.conf (included
# by docker/proxy/default.conf). When that list changes it reloads nginx: new
# workers use the new list, old ones finish what they were serving. So a replica that starts
# is used once it is ready, and one that drains (its /readyz answers 503 from
# SIGTERM on; SHUTDOWN_DELAY_MS) stops getting requests before it closes.
#
# A replica that does not answer the probe in time keeps its place (nginx's own
# max_fails passes over it if it is really gone): a busy replica is not dropped.
# With no replica ready the upstream holds one server marked down: nginx answers 502.
#
# bash and coreutils only, so it runs in the official nginx image unchanged.
#
# Environment: UPSTREAM_HOST (app), UPSTREAM_PORT (3000), UPSTREAM_SYNC_INTERVAL (1, seconds).
set -u

host="${UPSTREAM_HOST:-app}"
port="${UPSTREAM_PORT:-3000}"
interval="${UPSTREAM_SYNC_INTERVAL:-1}"
dir=/etc/nginx/upstreams
conf="$dir/app.conf"

log() { printf 'upstream-sync: %s\n' "$*" >&2; }

# ready ADDRESS: prints "ready", "not-ready" (refused, or an answer other than 200) or "unknown" (no answer in time).
ready() {
  local status_line code
  status_line="$(timeout 1 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 3
    printf "GET /readyz HTTP/1.1\r\nHost: upstream-sync\r\nConnection: close\r\n\r\n" >&3
    IFS= read -r line <&3 && printf "%s" "$line"' "$1" "$port" 2>/dev/null)"
  code=$?
  if [[ $code -eq 124 ]]; then
    echo unknown
  elif [[ $status_line == "HTTP/1."?" 200 "* ]]; then
    echo ready
  else
    echo not-ready
  fi
}

# The upstream's servers, one line each, sorted, from what DNS and the replicas say now.
servers() {
  local address
  for address in $(getent ahostsv4 "$host" 2>/dev/null | awk '{ print $1 }' | sort -u); do
    case "$(ready "$address")" in
      ready) echo "server $address:$port max_fails=1 fail_timeout=2s;" ;;
      unknown) grep -F "server $address:$port " "$conf" 2>/dev/null || true ;;
    esac
  done
}

applied=""
sync_once() {
  local list
  list="$(servers)"
  [[ -n $list ]] || list="server 127.0.0.1:$port down; # no replica of $host is ready"
  [[ $list != "$applied" ]] || return 0
  printf '%s\n' "$list" >"$conf.tmp" && mv "$conf.tmp" "$conf"
  # Before nginx runs (the first sync) there is nothing to reload: it reads the file as it starts.
  if [[ -z $applied ]] || nginx -s reload 2>/dev/null; then
    log "$(grep -c '^server .* max_fails' "$conf") ready: $(grep -o '[0-9.]*:[0-9]* max' "$conf" | cut -d' ' -f1 | tr '\n' ' ')"
    applied="$list"
  fi
}

mkdir -p "$dir"
sync_once
(
  while sleep "$interval"; do sync_once; done
) &
exec "$@"
