#!/usr/bin/env bash
# Builds the image of a site folder (a Next.js pages-router repository) with BuildKit:
#   scripts/build-site-image.sh SITE_DIR [TAG] (default tag: the folder's name, :latest)
# First the shell's two images a site's build starts from (the Dockerfile's
# targets site-builder and site-runtime, tagged $SHELL_IMAGE:site-builder and
# :site-runtime), then the site's, from its folder, with docker/site.Dockerfile.
# Environment: as scripts/build-image.sh (NODE_IMAGE, NODE_EXTRA_CA_CERTS,
# NPMRC_FILE, ASSET_PREFIX, BASE_PATH, DOCKER), and
#   SHELL_IMAGE   the shell images' name (default: rr-ssr-shell)
set -euo pipefail
cd "$(dirname "$0")/.."

site="${1:?usage: scripts/build-site-image.sh SITE_DIR [TAG]}"
[[ -f "$site/package.json" || -d "$site/pages" || -d "$site/src/pages" ]] \
  || { echo "build-site-image: $site has no pages/, src/pages/ or package.json" >&2; exit 2; }
tag="${2:-$(basename "$(cd "$site" && pwd)"):latest}"
shell="${SHELL_IMAGE:-rr-ssr-shell}"

TARGET=site-builder scripts/build-image.sh "$shell:site-builder"
TARGET=site-runtime scripts/build-image.sh "$shell:site-runtime"

args=(build --tag "$tag" --file docker/site.Dockerfile
  --build-arg "SHELL_BUILDER=$shell:site-builder" --build-arg "SHELL_RUNTIME=$shell:site-runtime")
[[ -n "${ASSET_PREFIX:-}" ]] && args+=(--build-arg "ASSET_PREFIX=$ASSET_PREFIX")
[[ -n "${BASE_PATH:-}" ]] && args+=(--build-arg "BASE_PATH=$BASE_PATH")
# The site's own packages are installed in its build: the same secrets as the shell's npm ci.
[[ -f "${NODE_EXTRA_CA_CERTS:-}" ]] && args+=(--secret "id=npm_ca,src=$NODE_EXTRA_CA_CERTS")
[[ -f "${NPMRC_FILE:-}" ]] && args+=(--secret "id=npmrc,src=$NPMRC_FILE")
DOCKER_BUILDKIT=1 "${DOCKER:-docker}" "${args[@]}" "$site"
