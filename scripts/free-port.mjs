// A TCP port on loopback for a server that a test, the cluster rig or the benchmark is about to start.
//
// The kernel's own pick (listening on port 0) comes from its ephemeral range, the range every outgoing
// connection takes its local port from. Between that pick and the server's bind, a fetch, a PostgreSQL
// client or Chromium could take the port, and so could another test worker's pick of the same just-freed
// port (CI, 27 Nov 2026: "could not bind IPv4 address "127.0.0.1": Address already in use"). Ports below
// the ephemeral range are only ever taken by a server that asks for one by number. They are split into
// blocks: each concurrent picker (a vitest worker, the cluster rig) has a block of its own, so no two
// pickers race for a port.
import fs from "node:fs";
import net from "node:net";

const LOWEST_PORT = 20_000;
const BLOCKS = 8;
/** The block of the cluster rig (scripts/cluster.sh); vitest workers use blocks 1-6, everything else 0. */
export const CLUSTER_BLOCK = 7;

/** The first port of the kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range). */
function ephemeralLow() {
  try {
    const low = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST_PORT + BLOCKS * 64) return low;
  } catch {
    // not Linux: the IANA dynamic range starts at 49152, Linux's default at 32768
  }
  return 32_768;
}

const canListen = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/** Ports this process handed out: each goes to one caller, even before its server binds it. */
const handedOut = new Set();

/**
 * A port nothing listens on, from block `block` (0-7) below the ephemeral range; with `count`, the first
 * of that many consecutive free ports (a server that also takes the ports after its own).
 */
export async function freePort(block = 0, count = 1) {
  const size = Math.floor((ephemeralLow() - LOWEST_PORT) / BLOCKS);
  const first = LOWEST_PORT + (block % BLOCKS) * size;
  // A random start: the processes a vitest worker runs one after the other share its block.
  const start = Math.floor(Math.random() * (size - count + 1));
  for (let i = 0; i <= size - count; i++) {
    const port = first + ((start + i) % (size - count + 1));
    const ports = Array.from({ length: count }, (_, k) => port + k);
    if (ports.some((p) => handedOut.has(p))) continue;
    // Reserved before the check: a concurrent call in this process must not pick them meanwhile.
    for (const p of ports) handedOut.add(p);
    if ((await Promise.all(ports.map(canListen))).every(Boolean)) return port;
    for (const p of ports) handedOut.delete(p);
  }
  throw new Error(`no ${count} free port(s) in ${first}-${first + size - 1}`);
}
