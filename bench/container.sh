#!/usr/bin/env bash
# Measures the app image: its size, what it adds to its base image, and the time
# from `docker run` to the first 200 on /readyz (median of RUNS runs).
#   bench/container.sh [IMAGE]      (default: rr-ssr-shell:latest; build it first)
# Environment: RUNS (default 7), DOCKER (default docker), NODE_IMAGE (the base, for the delta).
set -euo pipefail
image="${1:-rr-ssr-shell:latest}"
docker="${DOCKER:-docker}"
base="${NODE_IMAGE:-node:24-bookworm-slim}"
runs="${RUNS:-7}"

size() { "$docker" image inspect --format '{{.Size}}' "$1"; }
image_bytes=$(size "$image")
base_bytes=$(size "$base")
printf 'image %s: %.1f MB; base %s: %.1f MB; the app adds %.1f MB\n' \
  "$image" "$(bc -l <<<"$image_bytes/1000000")" "$base" "$(bc -l <<<"$base_bytes/1000000")" \
  "$(bc -l <<<"($image_bytes-$base_bytes)/1000000")"

times=()
for ((i = 1; i <= runs; i++)); do
  start=$(date +%s%N)
  id=$("$docker" run -d --read-only -p 127.0.0.1::3000 "$image")
  port=$("$docker" port "$id" 3000 | head -n1 | sed 's/.*://')
  deadline=$((SECONDS + 30))
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; do
    ((SECONDS < deadline)) || { echo "not ready in 30 s" >&2; "$docker" rm -f "$id" >/dev/null; exit 1; }
    sleep 0.01
  done
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
  "$docker" rm -f "$id" >/dev/null
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(sed -n "$(( (runs + 1) / 2 ))p" <<<"$sorted")
echo "docker run -> first 200 on /readyz: median ${median} ms over ${runs} runs (all: $(tr '\n' ' ' <<<"$sorted"))"
