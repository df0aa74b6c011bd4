import { afterAll, describe, expect, it } from "vitest";
import { count } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

/**
 * issue 9: the api/ csrftoken is bound to the staff session after sign-in
 * (docs/decisions/009-one-forgery-policy.md). A token known before the sign-in, or taken from
 * another signed-in session, is refused; the token set at sign-in works.
 */
const server = appPerFile({ env: { SEED_DEMO: "0" } });
afterAll(async () => {});

/** POST /api/category/ with `token` as both the csrftoken cookie and the X-CSRFToken header. */
async function createCategory(client: HttpClient, token: string, name: string) {
  client.cookies.set("csrftoken", token);
  return client.request("POST", "/api/category/", { json: { name, name_eng: name, type: "news" }, headers: { "X-CSRFToken": token } });
}

describe("the api/ token after sign-in", () => {
  it("a token from before the sign-in is refused, the one set at sign-in works", async () => {
    const client = new HttpClient(server.url);
    await (await client.get("/api/userinfo/")).text();
    const anonymous = client.csrfToken!;
    expect(anonymous).toBeTruthy();
    const login = await client.request("POST", "/api/login/", { json: ADMIN });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(true);
    const bound = client.csrfToken!;
    expect(bound).not.toBe(anonymous);

    const before = count(server, "Category");
    const refused = await createCategory(client, anonymous, "Prima del login");
    expect(refused.status).toBe(403);
    expect(count(server, "Category")).toBe(before);

    const accepted = await createCategory(client, bound, "Dopo il login");
    expect(accepted.status).toBe(201);
  });

  it("a token from another signed-in session is refused", async () => {
    const alice = new HttpClient(server.url);
    await alice.apiLogin(ADMIN.username, ADMIN.password);
    const bob = new HttpClient(server.url);
    await bob.apiLogin(ADMIN.username, ADMIN.password);
    const before = count(server, "Category");
    const res = await createCategory(bob, alice.csrfToken!, "Sessione altrui");
    expect(res.status).toBe(403);
    expect(count(server, "Category")).toBe(before);
    // bob's own token still works
    expect((await createCategory(bob, bob.csrfToken!, "Sessione propria")).status).toBe(201);
  });

  it("the /login form sets a token bound to the new session; the one from before is refused", async () => {
    const browser = new HttpClient(server.url);
    // the anonymous token a page's script could have read before the sign-in
    await (await browser.get("/api/userinfo/")).text();
    const anonymous = browser.cookies.get("csrftoken")!;
    expect(anonymous).toBeTruthy();
    const res = await browser.post("/login", ADMIN);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(true);
    const bound = browser.cookies.get("csrftoken")!;
    expect(bound).not.toBe(anonymous);
    const session = browser.cookies.get("staff_session")!;
    const post = (token: string) =>
      fetch(`${server.url}/api/category/`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: `staff_session=${session}; csrftoken=${token}`, "X-CSRFToken": token },
        body: JSON.stringify({ name: `Modulo ${token.slice(0, 6)}`, name_eng: "Form", type: "news" }),
      });
    expect((await post(anonymous)).status).toBe(403);
    expect((await post(bound)).status).toBe(201);
  });

  it("anonymous calls keep working with an anonymous token", async () => {
    const client = new HttpClient(server.url);
    await (await client.get("/api/userinfo/")).text();
    // A token is required (403 without), and an anonymous one is enough to reach the form checks.
    const res = await client.request("POST", "/api/send-email/", { json: {} });
    expect(res.status).toBe(400);
  });
});
