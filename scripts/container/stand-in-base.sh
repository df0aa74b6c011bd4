#!/usr/bin/env bash
# Builds a local stand-in for docker.io/library/node:20-bookworm-slim on machines where no base image
# can be pulled (no registry access but Debian's mirror and npm). Debian bookworm (minbase) from
# debootstrap, plus this machine's Node 20 in /usr/local with its headers and npm, a `node` user with
# uid 1000, and the machine's CA certificates so npm reaches the registry. Needs root and podman.
set -euo pipefail

ENGINE="${ENGINE:-podman}"
TAG="docker.io/library/node:20-bookworm-slim"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

node_bin="$(command -v node)"
node_major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != "20" ]; then
  echo "stand-in-base: this machine's Node is $("$node_bin" -v), the image needs Node 20" >&2
  exit 1
fi
node_prefix="$(cd "$(dirname "$(readlink -f "$node_bin")")/.." && pwd)"
npm_dir="$node_prefix/lib/node_modules/npm"
headers="$node_prefix/include/node"
for needed in "$npm_dir/bin/npm-cli.js" "$headers/node.h"; do
  [ -e "$needed" ] || { echo "stand-in-base: missing $needed" >&2; exit 1; }
done

rootfs="$(mktemp -d /tmp/node20-rootfs.XXXXXX)"
trap 'rm -rf "$rootfs"' EXIT

echo "stand-in-base: debootstrap bookworm (minbase) into $rootfs ..."
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >/tmp/stand-in-debootstrap.log 2>&1 || {
  tail -20 /tmp/stand-in-debootstrap.log >&2; exit 1; }

echo "stand-in-base: adding Node $("$node_bin" -v) and npm ..."
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
cp "$(readlink -f "$node_bin")" "$rootfs/usr/local/bin/node"
cp -a "$headers" "$rootfs/usr/local/include/node"
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
  --change 'ENV NODE_VERSION='"$("$node_bin" -p process.versions.node)" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  - "$TAG"
echo "stand-in-base: done"
