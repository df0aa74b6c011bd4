import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as PasswordModule from "~/server/platform/password.server";

// Wraps the real verifyPassword in a spy, so the tests can count scrypt verifications.
vi.mock("~/server/platform/password.server", async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const { LOGIN_LIMITS, LoginError, verifyLogin } = await import("~/server/domain/auth.server");
const password = await import("~/server/platform/password.server");
const { db } = await import("~/server/storage/db.server");
const { upsertStaffUser } = await import("~/server/domain/users.server");

const verify = vi.mocked(password.verifyPassword);
// scrypt costs ~100 ms a hash and much more on a busy machine: no timing is asserted, so allow for it.
vi.setConfig({ testTimeout: 180_000 });

beforeAll(async () => {
  await upsertStaffUser("owner", "owner-password-1");
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (error) => (error instanceof LoginError ? error.status : Promise.reject(error)),
  );

describe("equal work for known and unknown usernames", () => {
  it("runs exactly one scrypt verification per attempt, against a dummy hash for unknown users", async () => {
    for (const [username, pwd] of [
      ["owner", "wrong-password"],
      ["nobody-by-this-name", "wrong-password"],
      ["", "wrong-password"],
      ["owner", ""],
      ["nobody-by-this-name", ""],
    ] as const) {
      verify.mockClear();
      expect(await outcome(verifyLogin(username, pwd, "192.0.2.10"))).toBe(400);
      expect(verify, `${username}/${pwd}`).toHaveBeenCalledTimes(1);
    }
    verify.mockClear();
    await verifyLogin("nobody-by-this-name", "x", "192.0.2.10").catch(() => {});
    // the dummy hash has the parameters of real hashes, so it costs the same
    expect(password.hashParameters(verify.mock.calls[0]![1])).toEqual(password.CURRENT_HASH_PARAMETERS);
    expect(password.hashParameters(await password.hashPassword("x"))).toEqual(password.CURRENT_HASH_PARAMETERS);
  });
});

describe("throttling per (username, address) and per address", () => {
  it("never refuses the right password from an address that has not been failing", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUsernameAndAddress + 2; i++) await outcome(verifyLogin("owner", `bad-${i}`, "198.51.100.2"));
    expect(await outcome(verifyLogin("owner", "bad", "198.51.100.2"))).toBe(429);
    const user = await verifyLogin("owner", "owner-password-1", "198.51.100.3");
    expect(user.username).toBe("owner");
    // the success elsewhere did not clear the failing address
    expect(await outcome(verifyLogin("owner", "owner-password-1", "198.51.100.2"))).toBe(429);
  });

  it("counts a parallel burst in full, before checking any password", async () => {
    verify.mockClear();
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => outcome(verifyLogin("owner", `burst-${i}`, "198.51.100.40"))));
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LOGIN_LIMITS.perUsernameAndAddress);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LOGIN_LIMITS.perUsernameAndAddress);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMITS.perUsernameAndAddress);
    expect(await outcome(verifyLogin("owner", "owner-password-1", "198.51.100.40"))).toBe(429);
  });

  it("limits one address across usernames", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perAddress; i++) statuses.push(await outcome(verifyLogin(`user-${i}`, "x", "198.51.100.77")));
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a success takes back only its own attempt", async () => {
    await verifyLogin("owner", "owner-password-1", "198.51.100.90");
    await verifyLogin("owner", "owner-password-1", "198.51.100.90");
    const rows = await db.rateLimit.findMany({ where: { key: { contains: "198.51.100.90" } }, select: { count: true } });
    expect(rows.every((r) => r.count === 0)).toBe(true);
  });
});
