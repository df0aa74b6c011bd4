// The anonymous page cache, seen from HTTP: what is stored, what is never stored, and that a
// content write (api/, admin form, another server process) shows on the next anonymous request.
import { afterAll, describe, expect, it } from "vitest";
import { consentCookie } from "~/server/http/cookie-consent.server";
import { langCookie } from "~/server/platform/i18n.server";
import { count, row, rows, run } from "../support/db";
import { inlineScripts, refusedInlineScripts, scriptSources, sha256Source } from "../support/csp";
import { expectJson, HttpClient, raw } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

const server = appPerFile({ env: { SEED_DEMO: "1" } });

afterAll(async () => {});

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
}

/** Requests `path` until an answer comes from the cache (the first one renders and stores it). */
async function cached(path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 5; i++) {
    const res = await get(path, headers);
    const body = await res.text();
    if (res.headers.get("x-page-cache") === "HIT") return { res, body };
  }
  throw new Error(`${path} is never served from the cache`);
}

/** A staff member signed in through the login form. */
async function signedInStaff() {
  const admin = new HttpClient(server.url);
  const res = await admin.post("/login", { username: ADMIN.username, password: ADMIN.password });
  expect(res.status).toBe(302);
  return admin;
}

/** The News route's id in a client navigation: `.data` answers are keyed by their query too. */
const NEWS_DATA = (lang: "it" | "en") => (lang === "it" ? "/news.data?_routes=it%3Anews" : "/en/news.data?_routes=en%3Anews");

describe("anonymous page cache", () => {
  it("serves repeated anonymous pages and .data answers from memory, with Cache-Control and a Vary on cookies", async () => {
    const first = await get("/news");
    expect(first.status).toBe(200);
    await first.text();
    const { res, body } = await cached("/news");
    expect(body).toContain("<html");
    expect(res.headers.get("cache-control")).toMatch(/public.*max-age=\d+.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const data = await cached(NEWS_DATA("it"));
    expect(data.res.headers.get("content-type")).toMatch(/text\/x-script/);
    expect(data.body).toContain("news");
  });

  it("sends a page from the cache as the brotli (gzip to a client without brotli) it was compressed to once, with its length", async () => {
    // With a Content-Length: compression() would have sent a page it compressed itself chunked.
    const page = (await cached("/compositions", { "accept-encoding": "identity" })).body;
    const sent = async (acceptEncoding: string) => {
      const res = await get("/compositions", { "accept-encoding": acceptEncoding });
      expect(res.headers.get("x-page-cache")).toBe("HIT");
      // fetch decodes the body; Content-Length is the encoded size.
      return { encoding: res.headers.get("content-encoding"), length: Number(res.headers.get("content-length")), text: await res.text() };
    };
    const brotli = await sent("gzip, deflate, br, zstd");
    expect(brotli.encoding).toBe("br");
    expect(brotli.text).toBe(page);
    const gzip = await sent("gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.text).toBe(page);
    expect(brotli.length).toBeLessThan(gzip.length);
    expect(brotli.length).toBeLessThan(page.length / 4);
  });

  it("sends built scripts and stylesheets as compressed at build time (brotli, else gzip), cached for a year", async () => {
    const html = await (await get("/")).text();
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)![0];
    const plain = await get(script, { "accept-encoding": "identity" });
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    const brotli = await get(script, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The build's brotli 11 twin, sent as it is: far smaller than compressing per request would make it.
    expect(Number(brotli.headers.get("content-length"))).toBeLessThan(plainBytes.length * 0.3);
    // Buffer.equals, not toEqual: a deep comparison of 260 KB blocks the event loop for seconds, long
    // enough for the server to close the idle keep-alive connection the next request reuses.
    expect(Buffer.from(await brotli.arrayBuffer()).equals(plainBytes)).toBe(true);
    const gzip = await get(script, { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await gzip.arrayBuffer()).equals(plainBytes)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match, with the policy of the page the browser keeps, and the full page to a stale one", async () => {
    const { res, body } = await cached("/en/bio");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    // raw(), not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for the whole page.
    const revalidated = await raw(server.url, "GET", "/en/bio", { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    // The policy that allows the kept page's scripts (a render's fresh nonce here would refuse them).
    expect(revalidated.headers["content-security-policy"]).toBe(res.headers.get("content-security-policy"));
    const stale = await raw(server.url, "GET", "/en/bio", { headers: { "If-None-Match": 'W/"0-stale"' } });
    expect(stale.status).toBe(200);
    // The same page: nothing in a stored page changes from one answer to the next.
    expect(stale.body).toBe(body);
  });

  it("shows an api/ write on the next anonymous request, in both languages and in .data answers", async () => {
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const news = await expectJson<{ id: number; title: string; title_eng: string }[]>(await staff.get("/api/news/"), "list");
    const target = news[0]!;
    for (const path of ["/news", "/en/news", NEWS_DATA("it"), NEWS_DATA("en")]) await cached(path);

    await expectJson(
      await staff.request("PATCH", `/api/news/${target.id}/`, { json: { title: "Titolo appena cambiato", title_eng: "Title just changed" } }),
      "patch",
    );

    const it = await get("/news");
    expect(await it.text()).toContain("Titolo appena cambiato");
    const en = await get("/en/news");
    expect(await en.text()).toContain("Title just changed");
    expect(await (await get(NEWS_DATA("it"))).text()).toContain("Titolo appena cambiato");
    expect(await (await get(NEWS_DATA("en"))).text()).toContain("Title just changed");
  });

  it("shows an admin form write on the next anonymous request, in both languages", async () => {
    const category = row<{ id: number; name: string; nameEng: string }>(
      server,
      `SELECT id, name, nameEng FROM "Category" WHERE type = 'music' ORDER BY id LIMIT 1`,
    );
    const before = await cached("/compositions");
    expect(before.body).toContain(category.name);
    await cached("/en/compositions");

    const admin = await signedInStaff();
    const res = await admin.post(`/admin/categoryList/${category.id}`, { name: "CATEGORIA RINOMINATA", name_eng: "RENAMED CATEGORY", type: "music" });
    expect(res.status).toBe(302);

    expect(await (await get("/compositions")).text()).toContain("CATEGORIA RINOMINATA");
    expect(await (await get("/en/compositions")).text()).toContain("RENAMED CATEGORY");
  });

  it("shows a write made by another process, with no activity row, on the very next anonymous request", async () => {
    await cached("/en/news");
    const activities = count(server, "Activity");
    // The newest item: the first page of the list shows it.
    const news = row<{ id: number }>(server, `SELECT id FROM "News" ORDER BY date DESC, createdAt DESC, id DESC LIMIT 1`);
    // run() writes as a script would: the row, then the content version (content-version.server.ts).
    run(server, `UPDATE "News" SET titleEng = 'Written elsewhere' WHERE id = ?`, news.id);
    const next = await get("/en/news");
    expect(next.headers.get("x-page-cache")).toBe("MISS");
    expect(await next.text()).toContain("Written elsewhere");
    expect(count(server, "Activity")).toBe(activities);
  });

  it("keeps the cached pages through a sign-in: it is logged as activity but changes no content", async () => {
    await cached("/en/credits");
    const admin = await signedInStaff();
    expect(rows(server, `SELECT description FROM "Activity" ORDER BY id DESC LIMIT 1`)).toEqual([{ description: `Accesso effettuato da "${ADMIN.username}"` }]);
    expect((await admin.get("/en/credits")).headers.get("x-page-cache")).toBeNull();
    const anonymous = await get("/en/credits");
    expect(anonymous.headers.get("x-page-cache")).toBe("HIT");
    await anonymous.text();
  });

  it("one api/ write is seen by every cache: the anonymous page, staff's render and the search", async () => {
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const music = row<{ id: number; title: string }>(
      server,
      `SELECT id, title FROM "Music" WHERE link IS NULL OR link = '' ORDER BY createdAt DESC, id DESC LIMIT 1`,
    );
    await cached("/compositions");
    expect(await (await get(`/search?query=${encodeURIComponent(music.title)}`)).text()).toContain(music.title);

    await expectJson(await staff.request("PATCH", `/api/music/${music.id}/`, { json: { title: "Zefiro appena rinominato" } }), "patch");

    expect(await (await get("/compositions")).text()).toContain("Zefiro appena rinominato");
    expect(await (await staff.get("/compositions")).text()).toContain("Zefiro appena rinominato");
    expect(await (await get("/search?query=zefiro")).text()).toContain("Zefiro appena rinominato");
  });

  it("renders what the database holds now: a write made outside the app shows on staff's next render (they skip the cache)", async () => {
    // What renders derive from the database is kept until the content version moves (read-cache.server.ts),
    // which run() does after its write, as a script must.
    const admin = await signedInStaff();
    const pages = ["/", "/en", "/news", "/compositions", "/en/bio"];
    for (const path of pages) expect((await admin.get(path)).status).toBe(200);
    const music = row<{ id: number }>(server, `SELECT id FROM "Music" WHERE link IS NULL OR link = '' ORDER BY createdAt DESC, id DESC LIMIT 1`);
    const news = row<{ id: number }>(server, `SELECT id FROM "News" ORDER BY date DESC, createdAt DESC, id DESC LIMIT 1`);
    const bio = row<{ id: number }>(server, `SELECT id FROM "Category" WHERE type = 'bio' ORDER BY id LIMIT 1`);
    run(server, `UPDATE "Music" SET title = 'Brano scritto altrove' WHERE id = ?`, music.id);
    run(server, `UPDATE "News" SET title = 'Notizia scritta altrove' WHERE id = ?`, news.id);
    run(server, `UPDATE "Category" SET nameEng = 'Written elsewhere' WHERE id = ?`, bio.id);
    for (const path of ["/", "/en", "/compositions"]) expect(await (await admin.get(path)).text(), path).toContain("Brano scritto altrove");
    expect(await (await admin.get("/news")).text()).toContain("Notizia scritta altrove");
    expect(await (await admin.get("/en/bio")).text()).toContain("Written elsewhere");
  });

  it("never serves staff a cached page and never stores theirs", async () => {
    const admin = await signedInStaff();
    const anonymous = await cached("/gallery");
    expect(anonymous.body).toContain('href="/login"');

    const staffPage = await admin.get("/gallery");
    const staffBody = await staffPage.text();
    expect(staffPage.headers.get("x-page-cache")).toBeNull();
    expect(staffPage.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(staffBody).toContain('href="/admin"');

    // A page first rendered for staff is not kept for anyone (q: a parameter pages read, so its own entry).
    const fresh = "/gallery?q=staff";
    expect(await (await admin.get(fresh)).text()).toContain('href="/admin"');
    expect(await (await admin.get(fresh)).text()).toContain('href="/admin"');
    const after = await get(fresh);
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    expect(await after.text()).not.toContain('href="/admin"');
  });

  it("never stores a staff page whose cookie is written `staff_session =…` (issue 20)", async () => {
    const admin = await signedInStaff();
    const session = admin.cookies.get("staff_session");
    expect(session).toBeTruthy();
    // Written the ways a cookie parser still reads as staff_session (the session code does): the cache
    // decided with a regex of its own, stored the staff page and served it to everyone.
    const spellings = [`staff_session =${session}`, `staff_session= ${session}`, ` staff_session  =  ${session}`, `other=1;staff_session =${session}`];
    for (const [i, cookie] of spellings.entries()) {
      const path = `/gallery?q=spelling-${i}`;
      const staffPage = await get(path, { Cookie: cookie });
      expect(await staffPage.text(), cookie).toContain('href="/admin"');
      expect(staffPage.headers.get("x-page-cache"), cookie).toBeNull();
      const anonymous = await get(path);
      expect(anonymous.headers.get("x-page-cache"), cookie).toBe("MISS");
      expect(await anonymous.text(), cookie).not.toContain('href="/admin"');
    }
  });

  it("keeps consent and language variants apart", async () => {
    const accepted = `${(await consentCookie.serialize("accepted")).split(";")[0]}`;
    const english = `${(await langCookie.serialize("en")).split(";")[0]}`;

    const banner = await cached("/credits");
    expect(banner.body).toContain('class="cookie-banner"');
    const withConsent = await get("/credits", { Cookie: accepted });
    expect(await withConsent.text()).not.toContain('class="cookie-banner"');
    const withConsentAgain = await cached("/credits", { Cookie: accepted });
    expect(withConsentAgain.body).not.toContain('class="cookie-banner"');
    expect((await cached("/credits")).body).toContain('class="cookie-banner"');

    // A visitor who chose English is sent to the /en twin, not given the cached Italian page.
    const redirected = await get("/credits", { Cookie: english });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/en/credits");
    const bothCookies = await get("/credits", { Cookie: `${accepted}; ${english}` });
    expect(bothCookies.status).toBe(302);
  });

  it("never stores answers that set a cookie, error pages or the contact form's captcha", async () => {
    const missing = await get("/news/no-such-news");
    expect(missing.status).toBe(404);
    await missing.text();
    const missingAgain = await get("/news/no-such-news");
    expect(missingAgain.headers.get("x-page-cache")).toBeNull();
    await missingAgain.text();

    const contacts = await (await get("/contacts")).text();
    const contactsAgain = await get("/contacts");
    expect(contactsAgain.headers.get("x-page-cache")).toBeNull();
    const captcha = (html: string) => html.match(/\/captcha\/([\w-]+)/)?.[1];
    expect(captcha(await contactsAgain.text())).not.toBe(captcha(contacts));

    const toggle = await get("/news?lng=en");
    expect(toggle.status).toBe(302);
    expect(toggle.headers.getSetCookie().length).toBeGreaterThan(0);
    expect((await get("/news?lng=en")).headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it("serves a page from the cache without a nonce: its policy allows exactly its inline scripts, by their hashes", async () => {
    const first = await get("/bio");
    const rendered = { policy: first.headers.get("content-security-policy")!, html: await first.text() };
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(refusedInlineScripts(rendered.html, rendered.policy)).toEqual([]);
    const { res, body } = await cached("/bio");
    const policy = res.headers.get("content-security-policy")!;
    expect(scriptSources(policy).join(" ")).not.toMatch(/nonce|unsafe-inline/);
    expect(body).not.toContain("nonce=");
    const scripts = inlineScripts(body);
    expect(scripts.length).toBeGreaterThan(2);
    // No hash of a script the page does not have.
    expect(new Set(scriptSources(policy).filter((source) => source.startsWith("'sha256-")))).toEqual(new Set(scripts.map(({ text }) => sha256Source(text))));
    expect(refusedInlineScripts(body, policy)).toEqual([]);
    // Beside script-src, it is the policy a render is sent with.
    const withoutScriptSrc = (text: string) => text.replace(/script-src [^;]+/, "");
    expect(withoutScriptSrc(policy)).toBe(withoutScriptSrc(rendered.policy));
  });

  it("caches search result pages", async () => {
    const { body } = await cached("/search?query=colonna");
    expect(body).toContain("colonna");
  });

  it("sends degraded answers (search without its index, a page without its categories) with no-store and never keeps them", async () => {
    // The categories cannot be read: the search index cannot be built, /credits renders from its file alone.
    run(server, `ALTER TABLE "Category" RENAME TO "CategoryAway"`);
    try {
      for (const path of ["/search?query=colonna", "/en/credits", "/credits.data?_routes=it%3Acredits"]) {
        for (let i = 0; i < 2; i++) {
          const res = await get(path);
          expect(res.status, path).toBe(200);
          expect(res.headers.get("cache-control"), path).toBe("no-store");
          expect(res.headers.get("x-page-cache"), path).toBeNull();
          await res.text();
        }
      }
      expect(await (await get("/search?query=colonna")).text()).toMatch(/class="alert alert--error"/);
    } finally {
      run(server, `ALTER TABLE "CategoryAway" RENAME TO "Category"`);
    }
    // The next visitor gets the whole page again, and it is kept.
    const search = await get("/search?query=colonna");
    expect(search.headers.get("x-page-cache")).toBe("MISS");
    expect(await search.text()).not.toMatch(/class="alert alert--error"/);
    expect((await cached("/search?query=colonna")).body).toContain("colonna");
  });
});
