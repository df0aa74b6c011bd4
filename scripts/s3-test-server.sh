#!/usr/bin/env bash
# A real S3-compatible server on loopback for the tests and for trying S3 settings by hand:
# OpenStack Swift with its s3api middleware and memcached, from Debian's packages
# (swift swift-proxy swift-object swift-account swift-container memcached), in a private folder:
# its own swift.conf, a 1-replica ring on one device, its own ports. Nothing outside that folder
# is written, so /etc/swift stays as the packages installed it.
#
#   scripts/s3-test-server.sh start [DIR]   starts it (DIR: default /tmp/s3-test-server) and prints
#                                           "endpoint URL", "region R", "access_key_id K", "secret_access_key S"
#   scripts/s3-test-server.sh stop [DIR]    stops what start started in DIR and deletes DIR
#
# S3_TEST_PORT (default 8090) is the S3 endpoint's port; the account, container and object servers
# and memcached take the four ports after it. Swift starts cold in 10 to 25 s on a busy machine.
set -euo pipefail

command_name="${1:-}"
dir="${2:-/tmp/s3-test-server}"
port="${S3_TEST_PORT:-8090}"
region="us-east-1"
# tempauth's user "test:tester" with key "testing": s3api takes them as access key and secret.
access_key="test:tester"
secret_key="testing"

stop_server() {
  if [ -d "$dir/run" ]; then
    for pid_file in "$dir"/run/*.pid; do
      [ -e "$pid_file" ] || continue
      pid="$(cat "$pid_file")"
      kill "$pid" 2>/dev/null || true
    done
    # Wait for each to be gone (Swift's servers stop their workers on SIGTERM).
    for pid_file in "$dir"/run/*.pid; do
      [ -e "$pid_file" ] || continue
      pid="$(cat "$pid_file")"
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    done
  fi
  rm -rf "$dir"
}

# Whether every 127.0.0.1 address given (port/path) answers HTTP, whatever the status.
all_answer() {
  for address in "$@"; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$address" 2>/dev/null)" != "000" ] || return 1
  done
}

missing_packages() {
  local missing=()
  for program in swift-proxy-server swift-object-server swift-container-server swift-account-server swift-ring-builder memcached; do
    command -v "$program" >/dev/null || missing+=("$program")
  done
  echo "${missing[@]:-}"
}

start_server() {
  local missing
  missing="$(missing_packages)"
  if [ -n "$missing" ]; then
    echo "s3-test-server: missing $missing; install Debian's swift swift-proxy swift-object swift-account swift-container memcached" >&2
    exit 3
  fi
  if [ -e "$dir/run" ]; then
    echo "s3-test-server: $dir is in use (stop it first: $0 stop $dir)" >&2
    exit 1
  fi
  # Whatever fails from here on leaves nothing running and no folder behind.
  trap 'stop_server' ERR
  local user etc devices
  user="$(id -un)"
  mkdir -p "$dir/etc" "$dir/run" "$dir/log" "$dir/node/d1" "$dir/cache"
  etc="$dir/etc"
  devices="$dir/node"
  local account_port=$((port + 1)) container_port=$((port + 2)) object_port=$((port + 3)) memcached_port=$((port + 4))

  cat >"$etc/swift.conf" <<EOF
[swift-hash]
swift_hash_path_suffix = $(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
swift_hash_path_prefix = $(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')

[storage-policy:0]
name = Policy-0
default = yes
EOF

  # Logs go to files of the folder: Swift logs to syslog unless told otherwise, and a test machine may have none.
  local common="bind_ip = 127.0.0.1
swift_dir = $etc
devices = $devices
mount_check = false
user = $user
workers = 1
log_name = swift
log_address = /nonexistent
log_level = WARNING"

  for kind in account container object; do
    local kind_port_var="${kind}_port"
    cat >"$etc/$kind-server.conf" <<EOF
[DEFAULT]
$common
bind_port = ${!kind_port_var}

[pipeline:main]
pipeline = $kind-server

[app:$kind-server]
use = egg:swift#$kind
EOF
  done

  cat >"$etc/proxy-server.conf" <<EOF
[DEFAULT]
$common
bind_port = $port

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
location = $region

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = $secret_key .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$memcached_port

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
EOF

  # One device, one replica, 2^4 partitions: all the ring a single loopback server needs. Built in
  # one Python process (swift-ring-builder takes seconds per call, nine calls), Debian's Python, which has swift.
  /usr/bin/python3 - "$etc" "$account_port" "$container_port" "$object_port" <<'PYTHON'
import sys
from swift.common.ring import RingBuilder
etc, ports = sys.argv[1], dict(zip(["account", "container", "object"], sys.argv[2:5]))
for kind, port in ports.items():
    builder = RingBuilder(4, 1, 0)
    builder.add_dev({"id": 0, "region": 1, "zone": 1, "ip": "127.0.0.1", "port": int(port), "device": "d1", "weight": 1})
    builder.rebalance()
    builder.get_ring().save(f"{etc}/{kind}.ring.gz")
PYTHON

  memcached -l 127.0.0.1 -p "$memcached_port" -U 0 -u "$user" -m 16 >"$dir/log/memcached.log" 2>&1 &
  echo $! >"$dir/run/memcached.pid"
  for kind in account container object proxy; do
    "swift-$kind-server" "$etc/$kind-server.conf" >"$dir/log/$kind.log" 2>&1 &
    echo $! >"$dir/run/$kind.pid"
  done

  # Ready when the proxy's health check answers and each backend server answers HTTP at all.
  local deadline=$((SECONDS + ${S3_TEST_START_TIMEOUT_S:-90}))
  until all_answer "$port/healthcheck" "$account_port/" "$container_port/" "$object_port/"; do
    for kind in account container object proxy; do
      if ! kill -0 "$(cat "$dir/run/$kind.pid")" 2>/dev/null; then
        echo "s3-test-server: swift-$kind-server stopped at start:" >&2
        tail -n 20 "$dir/log/$kind.log" >&2 || true
        stop_server
        exit 1
      fi
    done
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "s3-test-server: not ready after ${S3_TEST_START_TIMEOUT_S:-90} s" >&2
      tail -n 5 "$dir"/log/*.log >&2 || true
      stop_server
      exit 1
    fi
    sleep 0.2
  done
  echo "endpoint http://127.0.0.1:$port"
  echo "region $region"
  echo "access_key_id $access_key"
  echo "secret_access_key $secret_key"
}

case "$command_name" in
  start) start_server ;;
  stop) stop_server ;;
  *)
    echo "usage: $0 start|stop [DIR]" >&2
    exit 2
    ;;
esac
