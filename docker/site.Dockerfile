# The image of a team's site folder, built with the shell's images: run from the
# site's folder (the build context), nothing of the shell checked out.
#
#   docker run --rm rr-ssr-shell:site-builder cat docker/site.Dockerfile | docker build -t team-site -f- .
#
# or, with the shell checked out: scripts/build-site-image.sh <site folder> [TAG].
# The site's build (site-builder's ONBUILD steps, in the Dockerfile) runs in the
# first stage; the image holds the shell's runtime and the build, not the site's
# sources.
ARG SHELL_BUILDER=rr-ssr-shell:site-builder
ARG SHELL_RUNTIME=rr-ssr-shell:site-runtime

FROM ${SHELL_BUILDER} AS build

FROM ${SHELL_RUNTIME}
COPY --from=build /app/build ./build
