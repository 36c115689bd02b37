#!/bin/sh
# npm ci inside the image build, with the optional BuildKit secrets the RUN step
# mounts: an extra CA bundle (npm_ca) and an .npmrc (npmrc). Neither is copied
# anywhere; they exist only while this runs.
set -eu
if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi
if [ -f /run/secrets/npmrc ]; then export NPM_CONFIG_USERCONFIG=/run/secrets/npmrc; fi
exec npm ci --no-audit --no-fund --ignore-scripts "$@"
