#!/usr/bin/env bash
# Builds the app image with BuildKit.
#   scripts/build-image.sh [TAG] [DOCKERFILE] (default: rr-ssr-shell:latest, ./Dockerfile;
#                                              e2e/Dockerfile builds the smoke-test image)
# Environment:
#   NODE_IMAGE           base image (default: the Dockerfile's, node:24-bookworm-slim)
#   PREVIOUS_IMAGE       the app image this one replaces: its client assets are carried (decision 011)
#   RETAIN_RELEASES      how many earlier releases' assets to carry (default 2)
#   ASSET_PREFIX         a CDN's URL the pages fetch their hashed files from (default: site.config.ts's)
#   BASE_PATH            the sub-path the site is served under, /shop (default: site.config.ts's)
#   NODE_EXTRA_CA_CERTS  a CA bundle file, passed to npm ci as the BuildKit secret npm_ca
#   NPMRC_FILE           an .npmrc, passed as the BuildKit secret npmrc
#   TARGET               a stage of the Dockerfile to build (default: its last, the app's runtime)
#   DOCKER               the docker client (default: docker)
set -euo pipefail
cd "$(dirname "$0")/.."

tag="${1:-rr-ssr-shell:latest}"
args=(build --tag "$tag" --file "${2:-Dockerfile}")
[[ -n "${TARGET:-}" ]] && args+=(--target "$TARGET")
[[ -n "${NODE_IMAGE:-}" ]] && args+=(--build-arg "NODE_IMAGE=$NODE_IMAGE")
[[ -n "${PREVIOUS_IMAGE:-}" ]] && args+=(--build-arg "PREVIOUS_IMAGE=$PREVIOUS_IMAGE")
[[ -n "${RETAIN_RELEASES:-}" ]] && args+=(--build-arg "RETAIN_RELEASES=$RETAIN_RELEASES")
[[ -n "${ASSET_PREFIX:-}" ]] && args+=(--build-arg "ASSET_PREFIX=$ASSET_PREFIX")
[[ -n "${BASE_PATH:-}" ]] && args+=(--build-arg "BASE_PATH=$BASE_PATH")
[[ -f "${NODE_EXTRA_CA_CERTS:-}" ]] && args+=(--secret "id=npm_ca,src=$NODE_EXTRA_CA_CERTS")
[[ -f "${NPMRC_FILE:-}" ]] && args+=(--secret "id=npmrc,src=$NPMRC_FILE")

DOCKER_BUILDKIT=1 "${DOCKER:-docker}" "${args[@]}" .
