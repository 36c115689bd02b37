#!/bin/bash
# tls-setup.sh - the first step of nginx's entrypoint in docker-compose.yml: writes
# the parts of docker/proxy/default.conf that depend on the settings below and on
# the nginx that runs, then runs the rest of the command line.
#
#   tls-setup.sh upstream-sync.sh nginx -g 'daemon off;'
#
# The certificate: fullchain.pem and privkey.pem from TLS_CERT_DIR, mounted at
# /etc/nginx/tls/provided. When that folder holds neither, a self-signed
# certificate for localhost is made at the first start, said in one log line, and
# kept in the volume at /etc/nginx/tls/generated, so a browser's exception for it
# survives a restart; it is made again only when it is about to expire. One file
# without the other is a mistake, and nginx does not start.
#
# OCSP stapling is on when the certificate names an OCSP responder (a self-signed
# one does not, nor do certificates of CAs that stopped OCSP).
#
# Environment:
#   PROXY_HTTPS_ONLY  false; true: plain HTTP answers every path with a 308 to HTTPS
#   PROXY_TLS_PORT    8443, the HTTPS port as the public reaches it (for that 308)
#   PUBLIC_ORIGIN     unset; https://shop.example: the 308 goes there, whatever Host
#                     the client sent (as the app's absolute URLs do)
#   BASE_PATH         unset; /shop: the base path the app was built with, where its
#                     hashed files are (/shop/assets/); every path goes to the app alike
#
# bash, coreutils and openssl only: the official nginx image has them unchanged.
set -euo pipefail

provided=/etc/nginx/tls/provided
generated=/etc/nginx/tls/generated
out=/etc/nginx/generated
https_only="${PROXY_HTTPS_ONLY:-false}"
public_tls_port="${PROXY_TLS_PORT:-8443}"
public_origin="${PUBLIC_ORIGIN:-}"

log() { printf 'tls-setup: %s\n' "$*" >&2; }
fail() {
  log "$*"
  exit 1
}

case "$https_only" in
  true | false) ;;
  *) fail "PROXY_HTTPS_ONLY must be true or false, not '$https_only'" ;;
esac
[[ $public_tls_port =~ ^[1-9][0-9]{0,4}$ ]] && ((public_tls_port <= 65535)) ||
  fail "PROXY_TLS_PORT must be a port number (1 to 65535), not '$public_tls_port'"
origin_pattern='^https?://[][A-Za-z0-9.:-]+$'
[[ -z $public_origin || $public_origin =~ $origin_pattern ]] ||
  fail "PUBLIC_ORIGIN must be scheme://host[:port], not '$public_origin'"
[[ $https_only == false || -z $public_origin || $public_origin == https://* ]] ||
  fail "PROXY_HTTPS_ONLY=true with an http PUBLIC_ORIGIN ('$public_origin'): make it https"

# Whether the certificate and key are a pair (a key left from an interrupted start is not).
pair() {
  [[ "$(openssl x509 -in "$1" -noout -pubkey 2>/dev/null)" == "$(openssl pkey -in "$2" -pubout 2>/dev/null)" ]]
}

mkdir -p "$out"

# The certificate nginx serves.
if [[ -e $provided/fullchain.pem || -L $provided/fullchain.pem || -e $provided/privkey.pem || -L $provided/privkey.pem ]]; then
  # A link to a file outside the mounted folder (a Let's Encrypt live/ folder links
  # into archive/) leads nowhere in here: say so, rather than make a certificate.
  [[ -r $provided/fullchain.pem && -r $provided/privkey.pem ]] ||
    fail "TLS_CERT_DIR must hold both fullchain.pem and privkey.pem as readable files (one is missing, or a link to a file outside the folder)"
  cert="$provided/fullchain.pem"
  key="$provided/privkey.pem"
  pair "$cert" "$key" || fail "TLS_CERT_DIR: privkey.pem is not the key of fullchain.pem"
  log "certificate from TLS_CERT_DIR: $(openssl x509 -in "$cert" -noout -subject -enddate | tr '\n' ' ')"
else
  cert="$generated/fullchain.pem"
  key="$generated/privkey.pem"
  mkdir -p "$generated"
  # Made again a day before it expires (397 days: what browsers accept for any certificate).
  if [[ -r $cert && -r $key ]] && openssl x509 -in "$cert" -noout -checkend 86400 >/dev/null &&
    pair "$cert" "$key"; then
    log "self-signed certificate for localhost, kept in the volume since $(openssl x509 -in "$cert" -noout -startdate | cut -d= -f2)"
  else
    umask 077
    made="$(openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 397 \
      -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:0:0:0:0:0:0:0:1" \
      -addext "keyUsage=critical,digitalSignature" \
      -addext "extendedKeyUsage=serverAuth" \
      -keyout "$key.tmp" -out "$cert.tmp" 2>&1)" || fail "openssl could not make a certificate: $made"
    mv "$key.tmp" "$key" && mv "$cert.tmp" "$cert"
    umask 022
    log "no certificate in TLS_CERT_DIR: made a self-signed one for localhost (SHA-256 $(openssl x509 -in "$cert" -noout -fingerprint -sha256 | cut -d= -f2)), kept in the volume; browsers will ask for an exception once"
  fi
fi
{
  printf 'ssl_certificate %s;\nssl_certificate_key %s;\n' "$cert" "$key"
  if [[ -n "$(openssl x509 -in "$cert" -noout -ocsp_uri 2>/dev/null)" ]]; then
    # nginx asks the responder itself, through the resolver the container was given.
    resolver="$(awk '$1 == "nameserver" { print ($2 ~ /:/ ? "[" $2 "]" : $2); exit }' /etc/resolv.conf)"
    printf 'ssl_stapling on;\nssl_stapling_verify on;\nssl_trusted_certificate %s;\n' "$cert"
    [[ -n $resolver ]] && printf 'resolver %s valid=300s;\nresolver_timeout 5s;\n' "$resolver"
  fi
} >"$out/tls-certificate.conf"

# HTTP/2: `listen ... http2` until nginx 1.25.1, the `http2` directive since (the old
# form still works there, with a warning at every start).
version="$(nginx -v 2>&1 | sed -n 's|.*nginx/\([0-9.]*\).*|\1|p')"
if [[ "$(printf '%s\n1.25.1\n' "$version" | sort -V | head -1)" == 1.25.1 ]]; then
  printf 'listen 8443 ssl;\nhttp2 on;\n' >"$out/tls-listen.conf"
else
  printf 'listen 8443 ssl http2;\n' >"$out/tls-listen.conf"
fi

# The hashed client files, below the app's base path (docker/proxy/app.conf says why
# they have a location of their own). Checked as the app checks it: nothing in it
# can end the directive.
base_path="${BASE_PATH:-}"
if [[ ! $base_path =~ ^(/[A-Za-z0-9._~-]+)*$ || $base_path =~ /\.\.?(/|$) ]]; then
  log "BASE_PATH=$base_path is not a base path such as /shop"
  exit 1
fi
printf 'location %s/assets/ {\n    proxy_pass http://app;\n    proxy_next_upstream error timeout http_404 http_502 http_503;\n    proxy_next_upstream_tries 0;\n}\n' \
  "$base_path" >"$out/assets-location.conf"

# Plain HTTP: the app, or the same URL over HTTPS: at PUBLIC_ORIGIN when it is set,
# else at the name the client asked for ($host: nginx refuses a malformed Host with
# 400; a request that names none gets a 400 here), without its port.
if [[ $https_only == true ]]; then
  if [[ -n $public_origin ]]; then
    target="$public_origin"
    printf 'location / {\n    return 308 %s$request_uri;\n}\n' "$target" >"$out/plain-http.conf"
  else
    port_suffix=":$public_tls_port"
    [[ $public_tls_port == 443 ]] && port_suffix=""
    target="https://<host>$port_suffix"
    printf 'if ($host = "") {\n    return 400;\n}\nlocation / {\n    return 308 https://$host%s$request_uri;\n}\n' \
      "$port_suffix" >"$out/plain-http.conf"
  fi
  log "plain HTTP answers 308 to $target (PROXY_HTTPS_ONLY=true)"
else
  printf 'include /etc/nginx/proxy/app.conf;\n' >"$out/plain-http.conf"
fi

exec "$@"
