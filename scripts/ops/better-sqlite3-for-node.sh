#!/usr/bin/env bash
# Puts the better-sqlite3 that the running Node can use in node_modules (ADR 018):
#   bash scripts/ops/better-sqlite3-for-node.sh use       → on Node 24 or newer, 13.x in place of the lock's 11.x
#   bash scripts/ops/better-sqlite3-for-node.sh restore   → the lock's 11.x back (CI's second pass, after it)
#   bash scripts/ops/better-sqlite3-for-node.sh keep-one-binary → only the binary this machine loads (the image)
# Why two versions: the lock's better-sqlite3 11 (the one Prisma's adapter asks for, ^11.9) aborts Node 24
# when the garbage collector frees a statement (nodejs/node#65446); 13 fixed that with node-addon-api and
# ships a prebuilt N-API binary, but it refuses Node 20, the machines' Node. Its JavaScript API is the
# same, so the adapter runs on either. The image (Dockerfile) and CI's Node 24 pass run this; `npm start`
# refuses a Node 24 with 11 (scripts/ops/runtime.mjs), so a missed swap is a one-line refusal, not a crash.
# The package is swapped as a folder, never written into: node_modules may be hard links shared with
# another checkout.
set -euo pipefail
cd "$(dirname "$0")/../.."
NODE24_VERSION=13.2.0
HERE=node_modules/better-sqlite3
ASIDE=node_modules/.better-sqlite3-from-lock

installed() { node -p 'require("./node_modules/better-sqlite3/package.json").version'; }

case "${1:-}" in
  use)
    major=$(node -p 'process.versions.node.split(".")[0]')
    if [ "$major" -lt 24 ]; then echo "Node $(node -v): better-sqlite3 $(installed) from the lock"; exit 0; fi
    if [ "$(installed)" = "$NODE24_VERSION" ]; then echo "Node $(node -v): better-sqlite3 $NODE24_VERSION already"; exit 0; fi
    pack=$(mktemp -d)
    (cd "$pack" && npm pack --silent "better-sqlite3@$NODE24_VERSION" >/dev/null)
    rm -rf "$ASIDE" && mv "$HERE" "$ASIDE" && mkdir "$HERE"
    tar -xzf "$pack"/better-sqlite3-*.tgz -C "$HERE" --strip-components=1
    rm -rf "$pack"
    # The prebuilt binary for this platform is all it loads (lib/binding.js): no compiler, no sources.
    node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'
    echo "Node $(node -v): better-sqlite3 $NODE24_VERSION (prebuilt, N-API) in place of the lock's $(node -p "require('./$ASIDE/package.json').version")"
    ;;
  restore)
    if [ -d "$ASIDE" ]; then rm -rf "$HERE" && mv "$ASIDE" "$HERE" && echo "better-sqlite3 $(installed) from the lock put back"; fi
    ;;
  keep-one-binary)
    # 13 ships a prebuilt binary per platform in prebuilds/, 11 compiles one into build/Release/.
    if [ -d "$HERE/prebuilds" ]; then
      own="$(node -p 'process.platform + "-" + process.arch').node"
      find "$HERE/prebuilds" -type f ! -name "$own" -delete
      rm -rf "$HERE/build"
    else
      mv "$HERE/build/Release/better_sqlite3.node" "$HERE/.binary" && rm -rf "$HERE/build"
      mkdir -p "$HERE/build/Release" && mv "$HERE/.binary" "$HERE/build/Release/better_sqlite3.node"
    fi
    node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'
    ;;
  *) echo "usage: bash scripts/ops/better-sqlite3-for-node.sh use|restore|keep-one-binary" >&2; exit 2 ;;
esac
