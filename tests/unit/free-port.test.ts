import fs from "node:fs";
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { CLUSTER_BLOCK, freePort } from "../../scripts/free-port.mjs";
import type * as FreePortModule from "../../scripts/free-port.mjs";

// The kernel's ephemeral range: outgoing connections take their local ports from it, so a port picked
// there can be gone before the server that was to bind it starts (a PostgreSQL test server failed so in CI).
const [ephemeralLow] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);

const listenOn = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

describe("free ports for test servers (scripts/free-port.mjs)", () => {
  it("come from below the ephemeral range, one block per picker, never twice", async () => {
    const picked = await Promise.all(Array.from({ length: 40 }, () => freePort(3)));
    expect(new Set(picked).size).toBe(40);
    for (const port of picked) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralLow!);
    }
    const size = Math.floor((ephemeralLow! - 20_000) / 8);
    const [workerThree, cluster] = [await freePort(3), await freePort(CLUSTER_BLOCK)];
    expect(Math.floor((workerThree - 20_000) / size)).toBe(3);
    expect(Math.floor((cluster - 20_000) / size)).toBe(CLUSTER_BLOCK);
  });

  it("skip a port something listens on, and give consecutive free ports when asked", async () => {
    // A fresh copy of the module (nothing handed out yet), starting its search at the block's first port.
    vi.resetModules();
    const fresh: typeof FreePortModule = await import("../../scripts/free-port.mjs");
    vi.spyOn(Math, "random").mockReturnValue(0);
    const blockStart = 20_000 + 5 * Math.floor((ephemeralLow! - 20_000) / 8);
    const held = await Promise.all([listenOn(blockStart), listenOn(blockStart + 3)]);
    try {
      expect(await fresh.freePort(5)).toBe(blockStart + 1);
      // Five in a row: blockStart + 2 is free but blockStart + 3 is taken, so the first run of five starts after it.
      expect(await fresh.freePort(5, 5)).toBe(blockStart + 4);
      // Handed out, though nothing listens on them yet: never given again.
      expect(await fresh.freePort(5)).toBe(blockStart + 2);
      expect(await fresh.freePort(5)).toBe(blockStart + 9);
      // Two picks at once from the same start: each port is reserved before it is checked (without the
      // reservation, only the overlap of the two listening checks kept them apart).
      const [one, two] = await Promise.all([fresh.freePort(5), fresh.freePort(5)]);
      expect(one).not.toBe(two);
    } finally {
      vi.restoreAllMocks();
      await Promise.all(held.map((server) => new Promise((r) => server.close(r))));
    }
  });
});
