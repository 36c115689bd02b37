#!/usr/bin/env bash
# ensure-docker.sh - make sure a Docker engine answers on this machine.
#
# Idempotent and non-interactive (safe with CI=true and no stdin):
#   * if `/usr/bin/docker info` already answers, it only prints versions;
#   * otherwise it installs docker.io, docker-compose (v1) and debootstrap
#     from Debian apt when missing, starts dockerd in the background
#     (log: /var/log/dockerd.log) and waits (bounded) until it answers.
#
# Always use the engine's own client /usr/bin/docker (20.10): the
# /usr/local/bin/docker client on these machines has no buildx plugin.
#
# Env knobs:
#   DOCKERD_WAIT_SECS  how long to wait for the daemon (default 90)
#   DOCKERD_LOG        daemon log file (default /var/log/dockerd.log)
#   DOCKERD_MTU        MTU for the default bridge (default: MTU of the
#                      host's default-route interface, if below 1500)
set -euo pipefail

DOCKER=/usr/bin/docker
DOCKERD=/usr/sbin/dockerd   # Debian's docker.io puts the daemon in /usr/sbin
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:${PATH:-}"
WAIT_SECS="${DOCKERD_WAIT_SECS:-90}"
LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"
export DEBIAN_FRONTEND=noninteractive

log() { printf '[ensure-docker] %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

docker_answers() {
  [ -x "$DOCKER" ] && timeout 10 "$DOCKER" info >/dev/null 2>&1
}

print_versions() {
  "$DOCKER" version --format 'docker client {{.Client.Version}}, engine {{.Server.Version}} (API {{.Server.APIVersion}})' 2>/dev/null \
    || "$DOCKER" --version
  if command -v docker-compose >/dev/null 2>&1; then
    docker-compose version --short 2>/dev/null | sed 's/^/docker-compose /' || true
  fi
  if command -v debootstrap >/dev/null 2>&1; then
    echo "debootstrap $(dpkg-query -W -f='${Version}' debootstrap 2>/dev/null || echo '?')"
  fi
}

if docker_answers; then
  log "docker engine already answers; nothing to do"
  print_versions
  exit 0
fi

# --- install missing packages ---------------------------------------------
missing=()
[ -x "$DOCKERD" ] && [ -x "$DOCKER" ] || missing+=(docker.io)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing: ${missing[*]}"
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

# --- start dockerd unless one is already starting -------------------------
if pgrep -x dockerd >/dev/null 2>&1; then
  log "a dockerd process exists but does not answer yet; waiting for it"
else
  dockerd_args=()
  mtu="${DOCKERD_MTU:-}"
  if [ -z "$mtu" ]; then
    # Containers behind a bridge with MTU 1500 on a host link with a smaller
    # MTU can hang on TLS downloads; match the host's uplink MTU.
    dev="$(ip route show default 2>/dev/null | awk '{for(i=1;i<NF;i++) if($i=="dev"){print $(i+1); exit}}')"
    if [ -n "$dev" ] && [ -r "/sys/class/net/$dev/mtu" ]; then
      hmtu="$(cat "/sys/class/net/$dev/mtu")"
      if [ "$hmtu" -lt 1500 ] 2>/dev/null; then mtu="$hmtu"; fi
    fi
  fi
  # Only pass --mtu when daemon.json does not already set it (conflict = fatal).
  if [ -n "$mtu" ] && ! grep -qs '"mtu"' /etc/docker/daemon.json; then
    dockerd_args+=(--mtu "$mtu")
  fi
  log "starting dockerd ${dockerd_args[*]:-} (log: $LOG)"
  as_root mkdir -p "$(dirname "$LOG")"
  # setsid + nohup: survive the end of this shell / CI step; no stdin.
  as_root setsid nohup "$DOCKERD" "${dockerd_args[@]}" >>"$LOG" 2>&1 </dev/null &
  dockerd_pid=$!
  disown || true
fi

# --- wait (bounded) -------------------------------------------------------
start=$SECONDS
until docker_answers; do
  if [ $((SECONDS - start)) -ge "$WAIT_SECS" ]; then
    log "dockerd did not answer within ${WAIT_SECS}s; last log lines:"
    tail -n 30 "$LOG" >&2 || true
    exit 1
  fi
  if [ -n "${dockerd_pid:-}" ] && ! kill -0 "$dockerd_pid" 2>/dev/null; then
    log "dockerd exited early; last log lines:"
    tail -n 30 "$LOG" >&2 || true
    exit 1
  fi
  sleep 1
done
log "docker engine answers after $((SECONDS - start))s"
print_versions
