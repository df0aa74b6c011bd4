// Issue 26: what one instance knows, the other knows. A session made through A works through B;
// wrong passwords sent to A and B are counted together (the login-throttling rules of
// app/server/domain/auth.server.ts: 10 failures per username and address, then 429); a delete through
// one instance racing a create of the same bytes through the other leaves every counted file in the
// bucket and no row pointing at a missing object.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { bucketKeys, instanceOf, theCluster } from "../support/cluster";
import { pngBytes } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";
import { query } from "../support/pg-server";

const cluster = theCluster();

describe.skipIf(!cluster)("state shared by the instances", () => {
  it("a session made through A works through B, for api/ and the admin pages", async () => {
    const [a, b] = [instanceOf(cluster!, "a"), instanceOf(cluster!, "b")];
    const client = new HttpClient(a.url);
    await client.apiLogin(cluster!.staff.username, cluster!.staff.password);
    client.base = b.url;
    expect(await client.getJson("/api/userinfo/")).toMatchObject([{ username: cluster!.staff.username }]);
    expect((await client.get("/admin/")).status).toBe(200);
    // A write through B with A's session and token.
    const created = await client.request("POST", "/api/category/", {
      json: { name: `Sessione ${crypto.randomBytes(4).toString("hex")}`, name_eng: "Session", type: "music" },
    });
    expect(created.status).toBe(201);
  });

  it("ten wrong passwords split across A and B are counted together: the 11th try is refused on both", async () => {
    const [a, b] = [instanceOf(cluster!, "a"), instanceOf(cluster!, "b")];
    // A visitor address of this run's own (the instances trust one proxy hop: the test is that hop).
    const address = `198.51.100.${crypto.randomInt(1, 255)}`;
    const headers = { "X-Forwarded-For": address };
    const signIn = async (base: string, password: string) => {
      const client = new HttpClient(base);
      await (await client.fetch("/api/userinfo/", { headers })).text();
      return client.request("POST", "/api/login/", { json: { username: cluster!.staff.username, password }, headers });
    };
    for (let i = 0; i < 10; i++) {
      const res = await signIn(i % 2 === 0 ? a.url : b.url, `sbagliata-${i}`);
      expect(res.status, `try ${i + 1} through ${i % 2 === 0 ? "A" : "B"}`).toBe(400);
    }
    // The right password now: refused through either instance, as one server would refuse it.
    for (const instance of [a, b]) {
      const refused = await signIn(instance.url, cluster!.staff.password);
      expect(refused.status, `11th try through ${instance.name}`).toBe(429);
      expect((await refused.json()).error).toMatch(/Troppi tentativi/);
    }
  });

  it("a delete through A racing a create of the same bytes through B leaves no dangling row and no missing object (20 rounds)", async () => {
    const [a, b] = [instanceOf(cluster!, "a"), instanceOf(cluster!, "b")];
    const throughA = new HttpClient(a.url);
    await throughA.apiLogin(cluster!.staff.username, cluster!.staff.password);
    const throughB = new HttpClient(b.url);
    await throughB.apiLogin(cluster!.staff.username, cluster!.staff.password);
    const category = await expectJson(
      await throughA.request("POST", "/api/category/", { json: { name: `Corse ${crypto.randomBytes(4).toString("hex")}`, name_eng: "Races", type: "news" } }),
      "category",
    );
    const create = (client: HttpClient, title: string, image: Uint8Array<ArrayBuffer>) =>
      client.request("POST", "/api/news/", {
        form: formData({
          category: String(category.id),
          title,
          title_eng: title,
          description: "",
          description_eng: "",
          date: "2026-11-27",
          image: [new Blob([image], { type: "image/png" }), "foto.png"],
        }),
      });
    const missing: string[] = [];
    for (let round = 0; round < 20; round++) {
      const image = await pngBytes(`#${crypto.randomBytes(3).toString("hex")}`, 16);
      const first = await expectJson(await create(throughA, `Prima ${round} ${crypto.randomBytes(3).toString("hex")}`, image), `round ${round}: first`);
      const [deleted, second] = await Promise.all([
        throughA.request("DELETE", `/api/news/${first.id}/`),
        create(throughB, `Seconda ${round} ${crypto.randomBytes(3).toString("hex")}`, image),
      ]);
      expect(deleted.status, `round ${round}: delete through A`).toBeLessThan(300);
      const made = await expectJson(second, `round ${round}: create through B`);
      expect(made.image).toBe(first.image);
      const key = String(made.image).replace(/^\/media\//, "");
      if (!(await bucketKeys(cluster!, key)).includes(key)) missing.push(`round ${round}: ${key}`);
    }
    expect(missing).toEqual([]);

    // The database against the bucket: every counted file is there, every image a row uses is counted and there.
    const keys = new Set(await bucketKeys(cluster!));
    const counted = await query<{ key: string; refCount: number }>(cluster!.databaseUrl, `SELECT key, "refCount" FROM "StoredFile" WHERE "refCount" > 0`);
    expect(counted.filter((row) => !keys.has(row.key)).map((row) => row.key)).toEqual([]);
    const used = await query<{ image: string }>(cluster!.databaseUrl, `SELECT image FROM "News" WHERE image IS NOT NULL`);
    const countedKeys = new Set(counted.map((row) => row.key));
    const dangling = used.map((row) => row.image.replace(/^\/media\//, "")).filter((key) => !keys.has(key) || !countedKeys.has(key));
    expect(dangling).toEqual([]);
  });
});
