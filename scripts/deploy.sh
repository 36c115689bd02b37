#!/usr/bin/env bash
# deploy.sh - rolls the compose stack's app replicas to IMAGE, one at a time.
#
#   scripts/deploy.sh IMAGE          (run where docker-compose.yml is, as `docker compose up` was)
#
# For each running replica: start one more from IMAGE, wait until Docker says it
# is healthy (its /readyz), give the proxy time to send it requests, then stop the
# old one (SIGTERM: it drains, SHUTDOWN_DELAY_MS) and remove it. The count of
# replicas never drops below what it was. If a new replica does not turn healthy,
# it is removed, its log is shown, and the deploy stops with exit 1: the replicas
# not yet replaced keep serving. Afterwards set APP_IMAGE=IMAGE where you keep the
# stack's settings (.env), so the next `docker compose up` keeps it.
#
# Environment:
#   COMPOSE_PROJECT_NAME    the stack's project (default: compose's, the directory's name)
#   DEPLOY_HEALTH_TIMEOUT   seconds a new replica has to turn healthy (default 120)
#   DEPLOY_SETTLE_SECONDS   seconds between healthy and stopping an old one (default 2:
#                           the proxy's upstream sync asks every second)
#   DOCKER                  the docker client (default: docker)
set -euo pipefail
cd "$(dirname "$0")/.."

image="${1:-}"
if [[ -z $image || $# -ne 1 ]]; then
  echo "usage: scripts/deploy.sh IMAGE" >&2
  exit 2
fi
docker="${DOCKER:-docker}"
health_timeout="${DEPLOY_HEALTH_TIMEOUT:-120}"
settle="${DEPLOY_SETTLE_SECONDS:-2}"
project="${COMPOSE_PROJECT_NAME:-$(basename "$PWD")}"
service=app

log() { printf '[deploy] %s\n' "$*"; }
fail() {
  printf '[deploy] FAILED: %s\n' "$*" >&2
  exit 1
}

if "$docker" compose version >/dev/null 2>&1; then
  compose=("$docker" compose)
else
  compose=(docker-compose)
fi
compose+=(-p "$project")

"$docker" image inspect "$image" >/dev/null 2>&1 || fail "no image $image here: build or pull it first"

replicas() {
  "$docker" ps --quiet --no-trunc \
    --filter "label=com.docker.compose.project=$project" \
    --filter "label=com.docker.compose.service=$service"
}

mapfile -t old < <(replicas)
count=${#old[@]}
((count > 0)) || fail "no running replica of '$service' in project '$project': start the stack first"
log "rolling $count replicas of '$service' ($project) to $image"
started=$SECONDS

for ((i = 0; i < count; i++)); do
  mapfile -t before < <(replicas)
  # One more replica, from the new image; the running ones are left as they are.
  APP_IMAGE="$image" "${compose[@]}" up --detach --no-deps --no-build --no-recreate \
    --scale "$service=$((${#before[@]} + 1))" "$service" >/dev/null 2>&1 \
    || fail "compose could not start a replica of $image"
  new=$(comm -13 <(printf '%s\n' "${before[@]}" | sort) <(replicas | sort) | head -n 1)
  [[ -n $new ]] || fail "compose started no new replica"

  waited=$SECONDS
  while :; do
    status=$("$docker" inspect --format '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}' "$new")
    [[ $status == "running healthy" ]] && break
    if [[ $status == exited* || $status == restarting* || $status == dead* || $status == *unhealthy ]] ||
      ((SECONDS - waited >= health_timeout)); then
      echo "--- last lines of the new replica's log ---" >&2
      "$docker" logs --tail 20 "$new" >&2 2>&1 || true
      "$docker" rm --force "$new" >/dev/null
      fail "replica ${new:0:12} of $image did not turn healthy ($status after $((SECONDS - waited)) s); removed it." \
        "$((count - i)) replicas of the old image still serve, $i were replaced."
    fi
    sleep 1
  done
  sleep "$settle"

  stopping=$SECONDS
  # SIGTERM, then the container's own stop_grace_period: the replica drains.
  "$docker" stop "${old[i]}" >/dev/null
  "$docker" rm "${old[i]}" >/dev/null
  log "$((i + 1))/$count: ${new:0:12} healthy after $((stopping - waited - settle)) s;" \
    "${old[i]:0:12} drained and removed in $((SECONDS - stopping)) s"
done

log "done: $count replicas of '$service' run $image ($((SECONDS - started)) s)." \
  "Keep it: APP_IMAGE=$image in .env"
