#!/usr/bin/env bash
# A real PostgreSQL server on loopback for the tests and for trying PostgreSQL mode by hand: Debian's
# PostgreSQL (package postgresql) with a cluster of its own in a private folder, its own port and its
# own socket folder. Nothing outside that folder is written, so the package's own cluster (if any) is
# left alone. Run as root, the cluster belongs to the `postgres` user the package created (initdb
# refuses root).
#
#   scripts/pg-test-server.sh start [DIR]   starts it (DIR: default /tmp/pg-test-server) and prints
#                                           "version N" and "database_url postgresql://..."
#   scripts/pg-test-server.sh stop [DIR]    stops what start started in DIR and deletes DIR
#
# PG_TEST_PORT (default 5433) is its port. Authentication is "trust" on loopback only: a test server,
# never a production one. Durability is off (fsync, synchronous_commit): a crash loses the test data, nothing else.
set -euo pipefail

command_name="${1:-}"
dir="${2:-/tmp/pg-test-server}"
port="${PG_TEST_PORT:-5433}"

# The newest installed server's programs (Debian keeps them out of PATH, under /usr/lib/postgresql/N/bin).
pg_bin() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$found" ] && [ -x "$found/initdb" ] && [ -x "$found/pg_ctl" ] && echo "$found"
}

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
as_owner() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

stop_server() {
  local bin
  bin="$(pg_bin || true)"
  if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

start_server() {
  local bin
  if ! bin="$(pg_bin)"; then
    echo "pg-test-server: PostgreSQL is not installed; install Debian's postgresql (apt-get install -y postgresql)" >&2
    exit 3
  fi
  if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then
    echo "pg-test-server: run as root, the cluster needs the postgres user that Debian's postgresql package creates" >&2
    exit 3
  fi
  if [ -e "$dir/data" ]; then
    echo "pg-test-server: $dir is in use (stop it first: $0 stop $dir)" >&2
    exit 1
  fi
  # Whatever fails from here on leaves nothing running and no folder behind.
  trap 'stop_server' ERR
  mkdir -p "$dir"
  chmod 0700 "$dir"
  [ "$(id -u)" = "0" ] && chown postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    false
  }
  cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t "${PG_TEST_START_TIMEOUT_S:-60}" start >/dev/null; then
    echo "pg-test-server: PostgreSQL did not start:" >&2
    tail -n 20 "$dir/server.log" >&2 || true
    stop_server
    exit 1
  fi
  echo "version $("$bin/postgres" --version | awk '{print $3}')"
  echo "database_url postgresql://postgres@127.0.0.1:$port/postgres"
}

case "$command_name" in
  start) start_server ;;
  stop) stop_server ;;
  *)
    echo "usage: $0 start|stop [DIR]" >&2
    exit 2
    ;;
esac
