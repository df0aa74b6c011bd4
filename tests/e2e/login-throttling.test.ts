import { describe, expect, it } from "vitest";
import { createPlainUser, rows } from "../support/db";
import { HttpClient } from "../support/http";
import { ADMIN, serverPerFile } from "../support/server";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
/** A server behind a proxy it was not told to trust: every visitor has the proxy's address. */
const behindUntrustedProxy = serverPerFile({ env: { SEED_DEMO: "0", TRUST_PROXY: undefined } });

/** One visitor at one address (the server trusts X-Forwarded-For in these tests). */
async function visitor(address: string) {
  const client = new HttpClient(server.url);
  const headers = { "X-Forwarded-For": address };
  const api = new HttpClient(server.url);
  await api.get("/api/userinfo/");
  return {
    client,
    signIn: (password: string, username = ADMIN.username) => client.post("/login", { username, password }, { headers }),
    apiSignIn: (password: string, username = ADMIN.username) => api.request("POST", "/api/login/", { json: { username, password }, headers }),
  };
}

describe("sign-in throttling", () => {
  it("lets the owner in from another address while an attacker fails on the same username", async () => {
    const attacker = await visitor("203.0.113.10");
    for (let i = 0; i < 12; i++) await attacker.signIn(`guess-${i}`);
    const refused = await attacker.signIn(ADMIN.password);
    expect(refused.status).toBe(429);
    const refusedPage = await refused.text();
    expect(refusedPage).toMatch(/Troppi tentativi da questo indirizzo\. Riprova tra 1[45] minuti\./);
    // The proxy here is trusted: no word about TRUST_PROXY.
    expect(refusedPage).not.toContain("TRUST_PROXY");

    const owner = await visitor("198.51.100.20");
    const res = await owner.signIn(ADMIN.password);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/");
    expect((await owner.client.get("/admin/")).status).toBe(200);

    // the owner's success did not wipe the attacker's failures
    expect((await attacker.signIn(ADMIN.password)).status).toBe(429);
  });

  it("counts a parallel burst of 40 wrong passwords in full", async () => {
    const attacker = await visitor("203.0.113.40");
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => attacker.signIn(`burst-${i}`).then((r) => r.status)));
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect((await attacker.signIn(ADMIN.password)).status).toBe(429);
    const counted = rows<{ count: number }>(server, "SELECT count FROM RateLimit WHERE key LIKE '%203.0.113.40%'");
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((r) => r.count >= 40)).toBe(true);
  });

  it("treats api/login/ the same way", async () => {
    // A user of its own: the failures on "admin" above slow every later attempt on that name by a
    // second (LOGIN_LIMITS.slowdownMs), which would make this test wait them out 13 times.
    await createPlainUser(server, "api-owner", "api-owner-password-1");
    const attacker = await visitor("203.0.113.60");
    for (let i = 0; i < 11; i++) await attacker.apiSignIn(`guess-${i}`, "api-owner");
    const refused = await attacker.apiSignIn("api-owner-password-1", "api-owner");
    expect(refused.status).toBe(429);
    const owner = await visitor("198.51.100.60");
    expect((await owner.apiSignIn("api-owner-password-1", "api-owner")).status).toBe(200);
  });

  it("behind a proxy without TRUST_PROXY, the sign-in page tells staff why they are locked out, and the log warns (issue 20)", async () => {
    const through = (visitorAddress: string) => ({ headers: { "X-Forwarded-For": visitorAddress, Accept: "text/html" } });
    const guesser = new HttpClient(behindUntrustedProxy.url);
    for (let i = 0; i < 10; i++) {
      const res = await guesser.post("/login", { username: ADMIN.username, password: `guess-${i}` }, through(`203.0.113.${i + 1}`));
      expect(res.status).toBe(400);
      await res.text();
    }
    // The owner, from another address, arrives with the same proxy address as the guesser.
    const owner = new HttpClient(behindUntrustedProxy.url);
    const refused = await owner.post("/login", { username: ADMIN.username, password: ADMIN.password }, through("198.51.100.7"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    const page = await refused.text();
    // The sign-in page itself, with the explanation next to the form.
    expect(page).toContain('name="username"');
    const alert = /<p class="form-error" role="alert">([^<]*)<\/p>/.exec(page)?.[1] ?? "";
    expect(alert).toMatch(/^Troppi tentativi da questo indirizzo\. Riprova tra 1[45] minuti\./);
    expect(alert).toContain("TRUST_PROXY non è impostato");
    expect(alert).toContain("L&#x27;amministratore deve impostare TRUST_PROXY=1");
    // api/login/ says the same to a client signing in through the api.
    const api = new HttpClient(behindUntrustedProxy.url);
    await (await api.get("/api/userinfo/")).text();
    const apiRefused = await api.request("POST", "/api/login/", {
      json: { username: ADMIN.username, password: ADMIN.password },
      headers: { "X-Forwarded-For": "198.51.100.8" },
    });
    expect(apiRefused.status).toBe(429);
    expect(((await apiRefused.json()) as { error: string }).error).toContain("TRUST_PROXY non è impostato");

    const warnings = behindUntrustedProxy
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level?: string; msg?: string })
      .filter((line) => line.level === "warn" && /X-Forwarded-For/.test(line.msg ?? "") && /TRUST_PROXY/.test(line.msg ?? ""));
    expect(warnings).toHaveLength(1);
  });
});
