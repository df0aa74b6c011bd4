#!/usr/bin/env bash
# The site as a cluster on one machine (docs/scaling.md, "Trying it on one machine"; the rig of
# `npm run test:cluster`): on loopback, a private PostgreSQL (scripts/pg-test-server.sh), Swift with
# s3api and memcached (scripts/s3-test-server.sh) with the bucket made, two instances of the built
# site started together through `node scripts/start.mjs` on the empty database, and Debian's nginx
# balancing across them with deploy/nginx.cluster.conf (its upstream addresses and port replaced).
#
#   scripts/cluster.sh up [DIR]     starts it all (DIR: default /tmp/site-cluster) and prints one line
#                                   per endpoint: "lb URL", "app URL" (one per instance), "staff USER PASSWORD",
#                                   then "ready in N s". DIR/cluster.json holds pids, ports, settings and
#                                   the command of each instance (a test restarts one with it).
#   scripts/cluster.sh down [DIR]   stops everything up started in DIR and deletes DIR; safe to run twice.
#
# Ports: CLUSTER_LB_PORT (8088), CLUSTER_PG_PORT (5533), CLUSTER_S3_PORT (8190, and the four after it
# for Swift's servers and memcached); the instances take free ports. Every log is a file under DIR/logs.
set -euo pipefail

command_name="${1:-}"
dir="${2:-/tmp/site-cluster}"
lb_port="${CLUSTER_LB_PORT:-8088}"
pg_port="${CLUSTER_PG_PORT:-5533}"
s3_port="${CLUSTER_S3_PORT:-8190}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bucket="site-media"
instances=(a b)

# Progress lines go to DIR/logs/cluster.log; stdout carries only the endpoint lines.
note() { echo "$(date -u +%FT%TZ) $*" >>"$dir/logs/cluster.log"; }
fail() {
  echo "cluster: $*" >&2
  [ -f "$dir/logs/cluster.log" ] && note "failed: $*"
  exit 1
}

# A port nothing listens on now, from the rig's own block below the kernel's ephemeral range
# (scripts/free-port.mjs says why).
free_port() {
  node --input-type=module -e 'import { CLUSTER_BLOCK, freePort } from "./scripts/free-port.mjs"; console.log(await freePort(CLUSTER_BLOCK))'
}

# Whether a URL answers 200.
answers() { [ "$(curl -s -o /dev/null -m 5 -w '%{http_code}' "$1" 2>/dev/null)" = "200" ]; }

# The pid of each process group up started (instances), or of nginx, from cluster.json.
recorded() { [ -f "$dir/cluster.json" ] && jq -r "$1" "$dir/cluster.json" 2>/dev/null || true; }

# Stops a process group (an instance: start.mjs and the server.mjs it spawned): TERM, then KILL after 10 s.
stop_group() {
  local pid="$1"
  [ -n "$pid" ] && [ "$pid" != "null" ] || return 0
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for _ in $(seq 1 100); do kill -0 -- "-$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL -- "-$pid" 2>/dev/null || true
}

down() {
  [ -e "$dir" ] || return 0
  local pid
  if [ -f "$dir/cluster.json" ]; then
    # The pids as the tests left them (a restarted instance has a new one).
    for pid in $(recorded '.instances[].pid'); do stop_group "$pid"; done
  else
    # up failed half-way, before it wrote cluster.json.
    for pid_file in "$dir"/run/*.pid; do
      [ -e "$pid_file" ] || continue
      stop_group "$(cat "$pid_file")"
    done
  fi
  if [ -f "$dir/nginx/nginx.pid" ]; then
    pid="$(cat "$dir/nginx/nginx.pid")"
    kill -QUIT "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  bash "$repo/scripts/s3-test-server.sh" stop "$dir/s3" >/dev/null 2>&1 || true
  bash "$repo/scripts/pg-test-server.sh" stop "$dir/pg" >/dev/null 2>&1 || true
  rm -rf "$dir"
}

failed_up() {
  echo "cluster: up failed; the logs' last lines, then everything it started is stopped:" >&2
  for log in "$dir"/logs/*.log; do
    [ -s "$log" ] || continue
    echo "--- $(basename "$log")" >&2
    tail -n 15 "$log" >&2
  done
  down
}

# deploy/nginx.cluster.conf on loopback: each replacement must match, so a changed deploy file fails
# here instead of balancing to nowhere.
nginx_site() {
  local text="$1" from to
  shift
  while [ $# -gt 0 ]; do
    from="$1" to="$2"
    shift 2
    grep -qF -- "$from" <<<"$text" || fail "deploy/nginx.cluster.conf no longer has '$from': update scripts/cluster.sh"
    text="${text//"$from"/"$to"}"
  done
  printf '%s\n' "$text"
}

up() {
  local started=$SECONDS
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || fail "nginx is missing; install Debian's nginx"
  command -v jq >/dev/null || fail "jq is missing (it writes DIR/cluster.json); install Debian's jq"
  [ -e "$dir" ] && fail "$dir is in use (stop it first: $0 down $dir)"
  mkdir -p "$dir/logs" "$dir/run" "$dir/nginx"
  # PostgreSQL's cluster (owned by the postgres user when we are root) lives under DIR.
  chmod 0755 "$dir"
  # Whatever fails from here on: the logs' last lines on stderr, then nothing left running and no DIR.
  trap 'failed_up' EXIT
  cd "$repo"

  # The build, made once before both instances start (the check npm start makes: scripts/ops/build.mjs);
  # two instances building at once would write one build folder twice.
  local stale
  stale="$(node --input-type=module -e 'import { staleBuildReason } from "./scripts/ops/build.mjs"; console.log(staleBuildReason("build") ?? "")')"
  if [ -n "$stale" ]; then
    note "building: $stale"
    npm run build >"$dir/logs/build.log" 2>&1 || fail "npm run build failed (see $dir/logs/build.log)"
  fi

  # The database and the object store start together (Swift takes 10 to 45 s, PostgreSQL a few).
  PG_TEST_PORT="$pg_port" bash scripts/pg-test-server.sh start "$dir/pg" >"$dir/logs/pg-start.log" 2>&1 &
  local pg_job=$!
  S3_TEST_PORT="$s3_port" bash scripts/s3-test-server.sh start "$dir/s3" >"$dir/logs/s3-start.log" 2>&1 &
  local s3_job=$!
  wait "$pg_job" || fail "PostgreSQL did not start: $(tail -n 5 "$dir/logs/pg-start.log")"
  wait "$s3_job" || fail "Swift did not start: $(tail -n 5 "$dir/logs/s3-start.log")"
  local database_url s3_endpoint s3_region s3_key s3_secret
  database_url="$(awk '$1 == "database_url" {print $2}' "$dir/logs/pg-start.log")"
  s3_endpoint="$(awk '$1 == "endpoint" {print $2}' "$dir/logs/s3-start.log")"
  s3_region="$(awk '$1 == "region" {print $2}' "$dir/logs/s3-start.log")"
  s3_key="$(awk '$1 == "access_key_id" {print $2}' "$dir/logs/s3-start.log")"
  s3_secret="$(awk '$1 == "secret_access_key" {print $2}' "$dir/logs/s3-start.log")"
  note "PostgreSQL $database_url, S3 $s3_endpoint"
  # The site expects its bucket to exist (docs/scaling.md); made with the SDK the site uses.
  S3_ENDPOINT="$s3_endpoint" S3_REGION="$s3_region" S3_ACCESS_KEY_ID="$s3_key" S3_SECRET_ACCESS_KEY="$s3_secret" S3_BUCKET="$bucket" \
    node --input-type=module -e '
      import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
      const e = process.env;
      const client = new S3Client({ endpoint: e.S3_ENDPOINT, region: e.S3_REGION, forcePathStyle: true,
        credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } });
      await client.send(new CreateBucketCommand({ Bucket: e.S3_BUCKET }));
    ' >>"$dir/logs/cluster.log" 2>&1 || fail "could not create the bucket (see $dir/logs/cluster.log)"

  # What every instance shares (the settings of deploy/compose.cluster.yaml); the staff user is the
  # first-start account of ADMIN_USERNAME/ADMIN_PASSWORD, set by whichever instance boots first.
  local staff_user="staff" staff_password session_secret
  staff_password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  session_secret="$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
  local name port
  declare -A ports
  for name in "${instances[@]}"; do
    port="$(free_port)"
    while [ "$port" = "$lb_port" ] || [ "$port" = "${ports[a]:-}" ]; do port="$(free_port)"; done
    ports[$name]=$port
  done
  local shared=(
    NODE_ENV=production
    DATABASE_URL="$database_url"
    SESSION_SECRET="$session_secret"
    S3_ENDPOINT="$s3_endpoint" S3_REGION="$s3_region" S3_BUCKET="$bucket" S3_FORCE_PATH_STYLE=1
    S3_ACCESS_KEY_ID="$s3_key" S3_SECRET_ACCESS_KEY="$s3_secret"
    PUBLIC_ORIGIN="http://127.0.0.1:$lb_port"
    # nginx is the one proxy in front: the visitor's address is the last X-Forwarded-For hop.
    TRUST_PROXY=1
    ADMIN_USERNAME="$staff_user" ADMIN_PASSWORD="$staff_password"
    SEED_DEMO=0
    # The mail retries every second and a quick take-over of the background leader, so the tests see
    # them move. The janitor keeps its hourly pass: each pass lists the bucket and asks Swift about
    # every variant's source, and every second that kept a core busy (the leader test sets it to 1
    # on the instances it restarts).
    MAIL_RETRY_EVERY_S=1 LEADER_RETRY_S=1
    # Built above; a restarted instance must not rebuild under the other one.
    BUILD_CHECK=0
  )

  # Both instances start at the same moment, on the empty database, as production starts them.
  for name in "${instances[@]}"; do
    mkdir -p "$dir/$name"
    local own=(PORT="${ports[$name]}" DATA_DIR="$dir/$name/data" UPLOADS_DIR="$dir/$name/data/uploads" INSTANCE_ID="$name")
    # Each in a process group of its own (setsid): killing the group ends start.mjs and its server.mjs.
    env "${shared[@]}" "${own[@]}" setsid node scripts/start.mjs >>"$dir/logs/app-$name.log" 2>&1 </dev/null &
    echo $! >"$dir/run/app-$name.pid"
    # The command a test runs to start this instance again (tests/support/cluster.ts).
    printf '%s\n' "${shared[@]}" "${own[@]}" >"$dir/run/app-$name.env"
  done

  local deadline=$((SECONDS + ${CLUSTER_START_TIMEOUT_S:-240}))
  for name in "${instances[@]}"; do
    until answers "http://127.0.0.1:${ports[$name]}/healthz"; do
      kill -0 "$(cat "$dir/run/app-$name.pid")" 2>/dev/null || fail "instance $name stopped at start: $(tail -n 5 "$dir/logs/app-$name.log")"
      [ "$SECONDS" -lt "$deadline" ] || fail "instance $name not ready after ${CLUSTER_START_TIMEOUT_S:-240} s: $(tail -n 5 "$dir/logs/app-$name.log")"
      sleep 0.2
    done
  done

  # nginx: the shipped cluster site, pointed at the two instances on loopback.
  local site
  site="$(nginx_site "$(cat deploy/nginx.cluster.conf)" \
    "server app-a:3000 " "server 127.0.0.1:${ports[a]} " \
    "server app-b:3000 " "server 127.0.0.1:${ports[b]} " \
    "listen 8088;" "listen 127.0.0.1:$lb_port;")"
  for sub in body proxy fastcgi uwsgi scgi; do mkdir -p "$dir/nginx/$sub" && chmod 0777 "$dir/nginx/$sub"; done
  cat >"$dir/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx/nginx.pid;
error_log $dir/logs/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log $dir/logs/nginx-access.log;
  client_body_temp_path $dir/nginx/body;
  proxy_temp_path $dir/nginx/proxy;
  fastcgi_temp_path $dir/nginx/fastcgi;
  uwsgi_temp_path $dir/nginx/uwsgi;
  scgi_temp_path $dir/nginx/scgi;
$site
}
EOF
  local nginx_bin
  nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
  "$nginx_bin" -e "$dir/logs/nginx-error.log" -c "$dir/nginx/nginx.conf" -p "$dir/nginx" >>"$dir/logs/nginx-error.log" 2>&1 ||
    fail "nginx did not start: $(tail -n 5 "$dir/logs/nginx-error.log")"
  until answers "http://127.0.0.1:$lb_port/healthz"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "nginx not answering on $lb_port: $(tail -n 5 "$dir/logs/nginx-error.log")"
    sleep 0.2
  done

  # The state tests read: pids, ports, settings, and each instance's command line.
  local instances_json="[]"
  for name in "${instances[@]}"; do
    instances_json="$(jq -c \
      --arg name "$name" --argjson port "${ports[$name]}" --argjson pid "$(cat "$dir/run/app-$name.pid")" \
      --arg dataDir "$dir/$name/data" --arg log "$dir/logs/app-$name.log" --arg cwd "$repo" --arg node "$(command -v node)" \
      --rawfile env "$dir/run/app-$name.env" \
      '. + [{name: $name, url: "http://127.0.0.1:\($port)", port: $port, pid: $pid, dataDir: $dataDir, log: $log,
             command: {cwd: $cwd, argv: [$node, "scripts/start.mjs"], setsid: true,
                       env: ($env | split("\n") | map(select(. != "") | capture("^(?<key>[^=]+)=(?<value>.*)$")) | from_entries)}}]' \
      <<<"$instances_json")"
  done
  jq -n \
    --arg dir "$dir" --argjson lbPort "$lb_port" --argjson pgPort "$pg_port" --argjson s3Port "$s3_port" \
    --arg databaseUrl "$database_url" --arg endpoint "$s3_endpoint" --arg region "$s3_region" --arg bucket "$bucket" \
    --arg key "$s3_key" --arg secret "$s3_secret" --arg user "$staff_user" --arg password "$staff_password" \
    --argjson setupS "$((SECONDS - started))" --argjson instances "$instances_json" \
    '{dir: $dir, lb: "http://127.0.0.1:\($lbPort)", nginxPid: null, databaseUrl: $databaseUrl,
      s3: {endpoint: $endpoint, region: $region, bucket: $bucket, accessKeyId: $key, secretAccessKey: $secret},
      ports: {lb: $lbPort, postgres: $pgPort, s3: $s3Port},
      staff: {username: $user, password: $password}, setupS: $setupS, instances: $instances}' >"$dir/cluster.json.tmp"
  jq --argjson pid "$(cat "$dir/nginx/nginx.pid")" '.nginxPid = $pid' "$dir/cluster.json.tmp" >"$dir/cluster.json"
  rm -f "$dir/cluster.json.tmp"
  trap - EXIT
  note "ready in $((SECONDS - started)) s"

  echo "lb http://127.0.0.1:$lb_port"
  for name in "${instances[@]}"; do echo "app http://127.0.0.1:${ports[$name]}"; done
  echo "staff $staff_user $staff_password"
  echo "ready in $((SECONDS - started)) s"
}

case "$command_name" in
  up) up ;;
  down) down ;;
  *)
    echo "usage: $0 up|down [DIR]" >&2
    exit 2
    ;;
esac
