# Production image of the React Router SSR shell.
#
#   docker build -t rr-ssr-shell .
#   docker build --secret id=npm_ca,src=/path/to/ca.pem -t rr-ssr-shell .   # behind a TLS-inspecting proxy
#   docker build --build-arg PREVIOUS_IMAGE=rr-ssr-shell:1.4 -t rr-ssr-shell:1.5 .  # a release that replaces 1.4
#
# The image of a team's own site folder (docs/deploying.md, "A site's image") is
# built from two targets of this file, site-builder and site-runtime, by
# docker/site.Dockerfile in the site's folder: scripts/build-site-image.sh.
#
# No "# syntax" line on purpose: BuildKit's built-in frontend supports RUN --mount,
# and an air-gapped builder cannot pull a frontend image.

# The base image: any Debian-based image with Node 24 and npm. Air-gapped builds
# pass one made by scripts/build-base-image.sh.
ARG NODE_IMAGE=node:24-bookworm-slim
# The image this release replaces (the tag now deployed). Its hashed client files,
# and those it carried itself, up to RETAIN_RELEASES earlier releases, go into this
# image, so a tab opened on an earlier release keeps loading its chunks during and
# after a rolling deploy (decision 011). The default is an empty stage: none.
ARG PREVIOUS_IMAGE=no-previous-release

FROM scratch AS no-previous-release
WORKDIR /app/build

FROM ${PREVIOUS_IMAGE} AS previous-release

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY docker/npm-ci.sh /usr/local/bin/npm-ci
COPY package.json package-lock.json ./
# Our patches of dependencies (decision 016). npm-ci runs no install scripts, so
# they are applied here, as `npm ci`'s postinstall applies them outside Docker.
COPY patches ./patches
RUN --mount=type=secret,id=npm_ca,required=false \
    --mount=type=secret,id=npmrc,required=false \
    --mount=type=cache,target=/root/.npm \
    npm-ci && node_modules/.bin/patch-package --error-on-fail

FROM deps AS build
# A CDN's URL the pages fetch their hashed files from; empty: site.config.ts's assetPrefix.
ARG ASSET_PREFIX=""
# The sub-path the site is served under (/shop); empty: site.config.ts's basePath.
ARG BASE_PATH=""
COPY . .
RUN ASSET_PREFIX="$ASSET_PREFIX" BASE_PATH="$BASE_PATH" npm run build

# Its own stage, so a new PREVIOUS_IMAGE does not rebuild the app.
FROM build AS release
ARG RETAIN_RELEASES=2
COPY --from=previous-release /app/build /tmp/previous-build
RUN RETAIN_RELEASES="$RETAIN_RELEASES" node scripts/retain-assets.ts /tmp/previous-build build \
    && rm -rf /tmp/previous-build

FROM deps AS prod-deps
# The same patches, applied by patch-package from the full install (a development
# dependency). typescript is only an optional peer of @react-router/node, which
# npm installs anyway: nothing at run time needs it.
RUN --mount=type=secret,id=npm_ca,required=false \
    --mount=type=secret,id=npmrc,required=false \
    --mount=type=cache,target=/root/.npm \
    mkdir /tmp/dev && mv node_modules /tmp/dev/ && npm-ci --omit=dev \
    && /tmp/dev/node_modules/.bin/patch-package --error-on-fail \
    && rm -rf /tmp/dev node_modules/typescript

# The shell, ready to build a site folder: `FROM` it in a site's build
# (docker/site.Dockerfile), the site's folder the build context. Its own
# packages are installed (scripts/install-site-deps.ts), then it is built with
# the shell (SITE_DIR=/site) into /app/build.
FROM deps AS site-builder
COPY . .
ONBUILD ARG ASSET_PREFIX=""
ONBUILD ARG BASE_PATH=""
ONBUILD COPY . /site
ONBUILD RUN --mount=type=secret,id=npm_ca,required=false \
    --mount=type=secret,id=npmrc,required=false \
    rm -rf /site/node_modules /site/.next \
    && if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
    && if [ -f /run/secrets/npmrc ]; then export NPM_CONFIG_USERCONFIG=/run/secrets/npmrc; fi \
    && node scripts/install-site-deps.ts /site \
    && SITE_DIR=/site ASSET_PREFIX="$ASSET_PREFIX" BASE_PATH="$BASE_PATH" npm run build

FROM ${NODE_IMAGE} AS site-runtime
# jemalloc instead of glibc's malloc (decision 025): libvips on Node's thread
# pool and the page renders fragment glibc's arenas, whose freed memory stays
# with the process; jemalloc hands it back within a second (dirty_decay_ms), in
# two arenas. Debian's package; the link gives it one path on every architecture.
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libjemalloc2 >/dev/null \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s "$(find /usr/lib -name libjemalloc.so.2 -print -quit)" /usr/local/lib/libjemalloc.so.2 \
    && test -e /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    IMAGE_CACHE_DIR=/var/cache/app/images \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=narenas:2,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
# The image optimizer's disk cache: mount a volume here (docker-compose.yml does).
# Owned by the app's user, so a fresh named volume is too. With a read-only root and
# nothing mounted, the app warns once and keeps its resized images in memory only.
RUN mkdir -p /var/cache/app && chown node:node /var/cache/app
WORKDIR /app
# Owned by root and read-only to the app's user: the process cannot change its own code.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
USER node
# The app, and its Prometheus metrics (METRICS_PORT).
EXPOSE 3000 9464
# No curl in the image: Node's own fetch asks /readyz.
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server is PID 1 and handles SIGTERM itself: it drains, then exits 0.
# The JS heap's limit follows the container's (Node reads the cgroup at start):
# a fifth of it for the old generation, and young generations of 8 MiB each
# (V8 would size them from the limit, and at 256 MiB collect so often that pages
# cost up to half again as much CPU). In 256 MiB that is a 75 MiB heap, which
# the memory plan counts (decision 024; `npm run bench:memory`).
ENTRYPOINT ["node"]
CMD ["--max-semi-space-size=8", "--max-old-space-size-percentage=20", "build/node/server/main.js"]

# The runtime with the embedded example site's build: the default target.
FROM site-runtime AS runtime
COPY --from=release /app/build ./build
