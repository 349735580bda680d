#!/usr/bin/env bash
# nginx terminating TLS in front of httpbin, for chapter 12's pinned manager (PinnedInteropTests):
# a TLS server nobody here wrote, with a certificate made on the spot by openssl (a CA of its own
# and a leaf for 127.0.0.1), so nothing committed can expire.
#
#   Tests/InteropTests/nginx-tls.sh start UPSTREAM_PORT DIR   # prints the AFN_INTEROP_TLS_* settings
#   Tests/InteropTests/nginx-tls.sh stop DIR
#
# `start` writes the certificates, the configuration and the logs in DIR, starts nginx on a free
# loopback port (proxying to httpbin at 127.0.0.1:UPSTREAM_PORT), waits until it answers, and
# prints three `export` lines for `eval`. Needs nginx and openssl (Debian: apt-get install nginx).
set -euo pipefail
command=${1:-}
case "$command" in
start)
  upstream=$2
  dir=$(mkdir -p "$3" && cd "$3" && pwd)
  rm -f "$dir"/*.log "$dir"/*.pid
  # A CA of its own and a leaf it signs, for the address the tests connect to (the policy
  # validates the host: the leaf names 127.0.0.1 and localhost, and allows TLS servers only).
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=AFN interop CA" -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$dir/leaf.key" -out "$dir/leaf.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' \
    >"$dir/leaf.ext"
  openssl x509 -req -in "$dir/leaf.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 30 \
    -extfile "$dir/leaf.ext" -out "$dir/leaf.pem" 2>/dev/null
  cat "$dir/leaf.pem" "$dir/ca.pem" >"$dir/chain.pem"  # what the server presents: leaf, then CA
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # Each request's connection number and its rank on that connection, so that a test can see
  # which requests shared a kept-alive connection.
  cat >"$dir/nginx.conf" <<EOF
pid $dir/nginx.pid;
error_log $dir/error.log;
worker_processes 1;
events { worker_connections 256; }
http {
  log_format pinned '\$connection \$connection_requests "\$request" \$status';
  access_log $dir/access.log pinned;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  upstream httpbin { server 127.0.0.1:$upstream; keepalive 8; }
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $dir/chain.pem;
    ssl_certificate_key $dir/leaf.key;
    keepalive_timeout 75s;
    location / {
      proxy_pass http://httpbin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_buffering off;
    }
  }
}
EOF
  nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
  for _ in $(seq 1 50); do
    if python3 -c "import ssl, sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2, context=ssl.create_default_context(cafile=sys.argv[2]))" \
      "https://127.0.0.1:$port/get" "$dir/ca.pem" >/dev/null 2>&1; then
      echo "export AFN_INTEROP_TLS_URL=https://127.0.0.1:$port"
      echo "export AFN_INTEROP_TLS_CA=$dir/ca.pem"
      echo "export AFN_INTEROP_TLS_LOG=$dir/access.log"
      exit 0
    fi
    sleep 0.2
  done
  cat "$dir/error.log" >&2
  echo "nginx did not answer on https://127.0.0.1:$port (its log is above)" >&2
  exit 1
  ;;
stop)
  pid_file="$2/nginx.pid"
  [ -f "$pid_file" ] && kill -QUIT "$(cat "$pid_file")" 2>/dev/null || true
  ;;
*)
  sed -n '2,12s/^# \{0,1\}//p' "$0"
  exit 2
  ;;
esac
