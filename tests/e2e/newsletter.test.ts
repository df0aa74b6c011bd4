// Issue 37: the newsletter against a real SMTP server (tests/support/smtp.ts). Sign-up with double
// opt-in (GET never confirms), expired and reused links, nothing told about who subscribes, bad input
// per field, the limits, one-click unsubscribe from a received mail's List-Unsubscribe, and a send to
// 200 subscribers in two languages with the server killed halfway: exactly one mail each.
import fs from "node:fs";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { count, row, rows, run } from "../support/db";
import { HttpClient } from "../support/http";
import { SERVER_TEST, serverPid, sharedDemoServer, startServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

let server: TestServer;
let smtp: SmtpCapture;
const ENV = { SEED_DEMO: "0", NEWSLETTER_RATE_PER_MIN: "100000", JOB_LEASE_S: "2" };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ env: { ...ENV, SMTP_URL: smtp.url } });
}, SERVER_TEST.timeout);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server?.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** A mail's headers (unfolded) and its decoded text (quoted-printable undone). */
function parse(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers, body };
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => parse(m.raw));

let visitors = 0;
/** Each scenario its own client address (the server trusts X-Forwarded-For here): the limits count per address. */
function visitor() {
  const client = new HttpClient(server.url);
  const address = `198.18.7.${++visitors}`;
  const fetchAs = client.fetch.bind(client);
  client.fetch = (path, init = {}) => fetchAs(path, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), "X-Forwarded-For": address } });
  return client;
}

/** A captcha of api/captcha-generator/ and its answer, read from the database. */
async function captchaFor(client: HttpClient) {
  const { captcha_id } = await client.getJson<{ captcha_id: string }>("/api/captcha-generator/");
  return { captcha_id, captcha_value: row<{ answer: string }>(server, "SELECT answer FROM Captcha WHERE id = ?", captcha_id).answer };
}

async function subscribe(client: HttpClient, body: Record<string, unknown>) {
  if (!client.csrfToken) await (await client.fetch("/api/userinfo/")).text();
  const captcha = "captcha_id" in body || "altcha" in body ? {} : await captchaFor(client);
  return client.request("POST", "/api/newsletter/subscribe/", { json: { consent: true, ...captcha, ...body } });
}

function until<T>(read: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeout = 30_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!value) throw new Error("not yet");
      return value;
    },
    { timeout, interval: 50 },
  );
}

const confirmToken = (body: string) => /\/newsletter\/confirm\/([A-Za-z0-9_-]{32})/.exec(body)?.[1];

describe("sign-up and double opt-in", () => {
  it("every public page's footer offers the sign-up, a plain form that posts to the newsletter page", async () => {
    for (const [path, action] of [
      ["/", "/newsletter"],
      ["/en/news", "/en/newsletter"],
    ]) {
      const html = await (await visitor().get(path ?? "")).text();
      const form = /<form class="newsletter-footer"[^>]*>/.exec(html)?.[0] ?? "";
      expect(form).toContain(`action="${action}"`);
      expect(form).toContain('method="post"');
    }
    // Posted without JavaScript: the page asks for the bot check, with what was typed kept.
    const res = await visitor().post("/en/newsletter", { intent: "footer", email: "eva@example.com", lang: "it", consent: "on" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Complete the check below");
    expect(html).toContain('value="eva@example.com"');
    expect(html).toMatch(/<option value="it" selected/);
    expect(count(server, "NewsletterSubscriber")).toBe(0);
  });

  it("the page's form sends the mail in the chosen language; a GET of the link confirms nothing, its POST does, once", async () => {
    const client = visitor();
    const page = await client.get("/en/newsletter");
    expect(page.status).toBe(200);
    const captchaId = /name="captcha_id" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    const answer = row<{ answer: string }>(server, "SELECT answer FROM Captcha WHERE id = ?", captchaId).answer;
    const posted = await client.post("/en/newsletter", {
      intent: "subscribe",
      email: "Ada@Example.com",
      lang: "en",
      consent: "on",
      captcha_id: captchaId,
      captcha_value: answer,
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Check your inbox");

    const [mail] = await until(() => mailsTo("ada@example.com").length === 1 && mailsTo("ada@example.com"));
    expect(mail?.headers.get("subject")).toBe("Confirm your newsletter subscription");
    const token = confirmToken(mail?.body ?? "");
    expect(token).toBeDefined();
    expect(mail?.body).toContain(`${server.url}/en/newsletter/confirm/${token}`);
    const stored = row<{ state: string; lang: string; confirmTokenHash: string; signupIp: string; consentVersion: string }>(
      server,
      "SELECT state, lang, confirmTokenHash, signupIp, consentVersion FROM NewsletterSubscriber WHERE email = 'ada@example.com'",
    );
    // Only the token's hash is stored; the proof of consent is kept.
    expect(stored).toMatchObject({ state: "pending", lang: "en", signupIp: `198.18.7.${visitors}` });
    expect(stored.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.confirmTokenHash).not.toContain(token);
    expect(stored.consentVersion).not.toBe("");

    // A mail scanner opening the link: a page with one button, nothing confirmed.
    const opened = await client.get(`/en/newsletter/confirm/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Confirm");
    expect(row(server, "SELECT state FROM NewsletterSubscriber WHERE email = 'ada@example.com'")).toEqual({ state: "pending" });

    const confirmed = await client.post(`/en/newsletter/confirm/${token}`, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscription confirmed");
    const active = row<{ state: string; confirmedAt: unknown; confirmIp: string }>(
      server,
      "SELECT state, confirmedAt, confirmIp FROM NewsletterSubscriber WHERE email = 'ada@example.com'",
    );
    expect(active.state).toBe("active");
    expect(active.confirmedAt).not.toBeNull();
    expect(active.confirmIp).toBe(`198.18.7.${visitors}`);

    // Reused: refused.
    expect((await client.post(`/en/newsletter/confirm/${token}`, {})).status).toBe(410);
    expect((await client.get(`/en/newsletter/confirm/${token}`)).status).toBe(410);
  });

  it("an expired link is refused; a second sign-up tells nothing and mails an active address nothing", async () => {
    const client = visitor();
    expect((await subscribe(client, { email: "bea@example.com", lang: "it" })).status).toBe(202);
    const [mail] = await until(() => mailsTo("bea@example.com").length === 1 && mailsTo("bea@example.com"));
    expect(mail?.headers.get("subject")).toBe("Conferma l'iscrizione alla newsletter");
    expect(mail?.body).toContain("Conferma l'iscrizione");
    const token = confirmToken(mail?.body ?? "") ?? "";
    expect(mail?.body).toContain(`${server.url}/newsletter/confirm/${token}`);
    run(server, "UPDATE NewsletterSubscriber SET confirmExpiresAt = ? WHERE email = 'bea@example.com'", Date.now() - 1000);
    expect((await client.post(`/newsletter/confirm/${token}`, {})).status).toBe(410);
    expect(row(server, "SELECT state FROM NewsletterSubscriber WHERE email = 'bea@example.com'")).toEqual({ state: "pending" });

    // Known (active), pending within the hour, unknown: the same answer; only the unknown one gets a mail.
    const answers = [];
    for (const email of ["ada@example.com", "bea@example.com", "cloe@example.com"]) {
      const res = await subscribe(visitor(), { email, lang: "it" });
      answers.push([res.status, await res.text()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([202, '{"success":true}']);
    await until(() => mailsTo("cloe@example.com").length === 1);
    expect(mailsTo("ada@example.com")).toHaveLength(1);
    expect(mailsTo("bea@example.com")).toHaveLength(1);
  });

  it("GET api/newsletter/subscribe/ hands out a proof-of-work challenge for a cached page: solved, it signs up once", async () => {
    const client = visitor();
    const res = await client.fetch("/api/newsletter/subscribe/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const challenge = (await res.json()) as Challenge;
    expect(challenge).toMatchObject({ parameters: { algorithm: expect.any(String), salt: expect.any(String) }, signature: expect.any(String) });
    // Solved as the widget does, and posted as its payload: the sign-up needs nothing else.
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("no solution");
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    expect((await subscribe(client, { email: "fay@example.com", lang: "en", altcha })).status).toBe(202);
    const [mail] = await until(() => mailsTo("fay@example.com").length === 1 && mailsTo("fay@example.com"));
    expect(mail?.headers.get("subject")).toBe("Confirm your newsletter subscription");
    // The same proof again: used up.
    const again = await subscribe(client, { email: "gia@example.com", lang: "it", altcha });
    expect(again.status).toBe(400);
    expect(Object.keys(((await again.json()) as { errors: object }).errors)).toEqual(["altcha"]);
    expect(count(server, "NewsletterSubscriber", "email = 'gia@example.com'")).toBe(0);
  });

  it("bad input names its field (400), and the limits answer 429", async () => {
    const client = visitor();
    const refusal = async (body: Record<string, unknown>) => {
      const res = await subscribe(client, body);
      return [res.status, Object.keys(((await res.json()) as { errors?: object }).errors ?? {})];
    };
    expect(await refusal({ email: "not-an-address", lang: "it" })).toEqual([400, ["email"]]);
    expect(await refusal({ email: "", lang: "it" })).toEqual([400, ["email"]]);
    expect(await refusal({ email: "x@example.com", lang: "fr" })).toEqual([400, ["lang"]]);
    expect(await refusal({ email: "x@example.com", lang: "it", consent: false })).toEqual([400, ["consent"]]);
    expect(await refusal({ email: "x@example.com", lang: "it", consent: "yes" })).toEqual([400, ["consent"]]);
    expect(await refusal({ email: "x@example.com", lang: "it", altcha: "forged" })).toEqual([400, ["altcha"]]);
    expect(await refusal({ email: "x@example.com", lang: "it", captcha_id: "nope", captcha_value: "ABCDE" })).toEqual([400, ["altcha"]]);
    expect(await refusal({ email: ["x@example.com"], lang: "it" })).toEqual([400, ["email"]]);
    // Without the CSRF header: refused like every api/ write.
    expect((await client.request("POST", "/api/newsletter/subscribe/", { json: { email: "x@example.com" }, noCsrf: true })).status).toBe(403);
    expect(count(server, "NewsletterSubscriber", "email = 'x@example.com'")).toBe(0);

    // Per address: five tries an hour, from any client.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(visitor(), { email: "dan@example.com", lang: "it" })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Per client: twenty tries an hour, whatever the address.
    const busy = visitor();
    const perClient = [];
    for (let i = 0; i < 21; i++) perClient.push((await subscribe(busy, { email: "bad", lang: "it", captcha_id: "x", captcha_value: "x" })).status);
    expect(perClient.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(perClient[20]).toBe(429);
  });
});

describe("sending and one-click unsubscribe", () => {
  let staff: HttpClient;
  let newsId: number;

  beforeAll(async () => {
    staff = new HttpClient(server.url);
    await staff.apiLogin();
    run(server, "INSERT INTO Category (id, name, nameEng, type) VALUES (90, 'Concerti', 'Concerts', 'news')");
    run(
      server,
      `INSERT INTO News (id, slug, title, titleEng, description, descriptionEng, date, categoryId, status, updatedAt)
       VALUES (900, 'prima-assoluta', 'Prima assoluta', 'World premiere', '<p>Il nuovo quartetto a Milano.</p>', '<p>The new quartet in Milan.</p>', '2026-12-01', 90, 'published', 0)`,
    );
    newsId = 900;
  });

  it("a received mail's List-Unsubscribe POST unsubscribes at once; nothing more goes to that address", async () => {
    const sent = await staff.request("POST", `/api/news/${newsId}/newsletter/`, { json: { confirm: true } });
    expect(sent.status).toBe(202);
    const mail = await until(() => mailsTo("ada@example.com")[1]);
    expect(mail.headers.get("subject")).toBe("World premiere");
    expect(mail.body).toContain("The new quartet in Milan.");
    expect(mail.body).toContain(`${server.url}/en/news/prima-assoluta`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(link).toMatch(/\/en\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{32}$/);
    // The same link in the mail's footer; no tracking: every link is the site's own page.
    expect(mail.body).toContain(link);
    expect(mail.body).not.toMatch(/<img[^>]+(width="1"|height="1")/);

    // RFC 8058: the mail provider's POST, no cookie, no token, no origin.
    const res = await fetch(link, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(row(server, "SELECT state FROM NewsletterSubscriber WHERE email = 'ada@example.com'")).toEqual({ state: "unsubscribed" });

    // Sent before: the second send asks for a second confirmation, then reaches nobody.
    expect((await staff.request("POST", `/api/news/${newsId}/newsletter/`, { json: { confirm: true } })).status).toBe(409);
    const again = await staff.request("POST", `/api/news/${newsId}/newsletter/`, { json: { confirm: true, again: true } });
    expect(again.status).toBe(202);
    const second = (await again.json()) as { id: number };
    const figures = await until(async () => {
      const f = await staff.getJson(`/api/newsletter/sends/${second.id}/`);
      return f.state === "done" && f;
    });
    expect(figures).toMatchObject({ total: 0, sent: 0 });
    expect(mailsTo("ada@example.com")).toHaveLength(2);
  });

  it("the admin: figures, CSV export, erasure; «Invia come newsletter» previews both languages, sends a test, asks twice for a second send", async () => {
    const page = await staff.get("/admin/newsletter");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-count="unsubscribed">1<');
    expect(html).toContain("Esporta CSV");
    expect(html).toMatch(/data-send="\d+" data-state="done"/);

    const csv = await staff.get("/admin/newsletter/export.csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toMatch(/^"ada@example\.com","en","unsubscribed","[^"]+","[^"]+","[^"]+","[^"]+"\r$/m);
    expect((await new HttpClient(server.url).get("/admin/newsletter/export.csv")).status).toBe(302);

    // Erasure asks first, as every admin delete: the list links to a confirmation page; only its POST deletes.
    const cloe = row<{ id: number }>(server, "SELECT id FROM NewsletterSubscriber WHERE email = 'cloe@example.com'");
    expect(html).toContain(`href="/admin/newsletter/${cloe.id}/delete"`);
    const confirm = await staff.get(`/admin/newsletter/${cloe.id}/delete`);
    expect(confirm.status).toBe(200);
    const question = await confirm.text();
    expect(question).toContain("Elimina l&#x27;iscritto cloe@example.com");
    expect(question).toContain(`action="/admin/newsletter/${cloe.id}/delete" method="post"`);
    expect(count(server, "NewsletterSubscriber", "email = 'cloe@example.com'")).toBe(1);
    const erased = await staff.post(`/admin/newsletter/${cloe.id}/delete`, { intent: "delete" });
    expect(erased.headers.get("location")).toBe("/admin/newsletter?avviso=iscritto-eliminato");
    expect(count(server, "NewsletterSubscriber", "email = 'cloe@example.com'")).toBe(0);
    expect((await staff.get(`/admin/newsletter/${cloe.id}/delete`)).headers.get("location")).toBe("/admin/newsletter?avviso=non-trovato");
    expect((await staff.post(`/admin/newsletter/${cloe.id}/delete`, { intent: "delete" })).headers.get("location")).toBe(
      "/admin/newsletter?avviso=non-trovato",
    );
    expect((await staff.get("/admin/newsletter/abc/delete")).headers.get("location")).toBe("/admin/newsletter?avviso=non-trovato");

    // The progress the admin's pages poll while a send runs: every send, or one news item's.
    const progress = await staff.get("/admin/newsletter/sends");
    expect(progress.status).toBe(200);
    expect(progress.headers.get("cache-control")).toBe("no-store");
    const { rows: sends } = (await progress.json()) as { rows: { id: number; state: string; sent: number; failed: number; total: number; newsId: number }[] };
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(sends[0]).toMatchObject({ state: "done", sent: 0, failed: 0, total: 0, newsId });
    const ofNews = (await (await staff.get("/admin/newsletter/sends?notizia=prima-assoluta")).json()) as { rows: unknown[] };
    expect(ofNews.rows).toEqual(sends.filter((s) => s.newsId === newsId));
    expect((await staff.get("/admin/newsletter/sends?notizia=nessuna")).status).toBe(404);
    expect((await new HttpClient(server.url).get("/admin/newsletter/sends")).status).toBe(302);

    const edit = await (await staff.get("/admin/newsList/prima-assoluta")).text();
    expect(edit).toContain('href="/admin/newsList/prima-assoluta/newsletter"');
    const preview = await (await staff.get("/admin/newsList/prima-assoluta/newsletter")).text();
    expect(preview).toContain("Anteprima in italiano");
    expect(preview).toContain("Il nuovo quartetto a Milano.");
    expect(preview).toContain("The new quartet in Milan.");

    expect((await staff.post("/admin/newsList/prima-assoluta/newsletter", { intent: "test", test_to: "nope" })).status).toBe(400);
    expect((await staff.post("/admin/newsList/prima-assoluta/newsletter", { intent: "test", test_to: "studio@example.com" })).status).toBe(200);
    const tests = await until(() => mailsTo("studio@example.com").length === 2 && mailsTo("studio@example.com"));
    expect(tests.map((m) => m.headers.get("subject")).sort()).toEqual(["[Prova] Prima assoluta", "[Prova] World premiere"]);
    expect(count(server, "NewsletterDelivery", "unsubscribeTokenHash IS NULL AND state = 'sent'")).toBe(0);

    expect((await staff.post("/admin/newsList/prima-assoluta/newsletter", { intent: "send" })).status).toBe(400);
    const twice = await staff.post("/admin/newsList/prima-assoluta/newsletter", { intent: "send", confirm: "on" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("già stata inviata");
  });

  it(
    "200 subscribers in two languages, the server killed halfway and restarted: exactly one mail each, in their language",
    async () => {
      const values = Array.from({ length: 200 }, (_, i) => `('reader${i}@example.org', '${i % 2 ? "en" : "it"}', 'active', 0)`).join(",");
      run(server, `INSERT INTO NewsletterSubscriber (email, lang, state, signedUpAt) VALUES ${values}`);
      const before = smtp.mails.length;
      let release = () => {};
      const sent = await staff.request("POST", `/api/news/${newsId}/newsletter/`, { json: { confirm: true, again: true } });
      expect(sent.status).toBe(202);
      const { id } = (await sent.json()) as { id: number };
      // Halfway, the mail server takes a message and the site is killed before it hears so: the worst moment.
      await until(() => smtp.mails.length >= before + 100);
      // While it runs, a page without JavaScript offers to reload for the figures (with it, they follow by themselves).
      const reload = /<a href="\/admin\/newsletter">aggiorna l(&#x27;|')avanzamento<\/a>/;
      expect(await (await staff.get("/admin/newsletter")).text()).toMatch(reload);
      smtp.hold = new Promise((resolve) => (release = resolve));
      const held = smtp.mails.length + 1;
      await until(() => smtp.mails.length >= held);
      const pid = serverPid(server.process.pid!);
      const exited = new Promise((resolve) => server.process.once("exit", resolve));
      process.kill(server.process.pid!, "SIGKILL");
      process.kill(pid, "SIGKILL");
      await exited;
      smtp.hold = null;
      release();
      expect(smtp.mails.length - before).toBeLessThan(200);

      server = await startServer({ dataDir: server.dataDir, env: { ...ENV, SMTP_URL: smtp.url } });
      await until(() => row<{ state: string }>(server, "SELECT state FROM NewsletterSend WHERE id = ?", id).state === "done", 120_000);
      const restarted = new HttpClient(server.url);
      await restarted.login();
      expect(await (await restarted.get("/admin/newsletter")).text()).not.toMatch(reload);
      const received = smtp.mails.slice(before).map((m) => ({ to: m.to[0] ?? "", subject: parse(m.raw).headers.get("subject") }));
      for (let i = 0; i < 200; i++) {
        const mine = received.filter((m) => m.to === `reader${i}@example.org`);
        expect(mine).toEqual([{ to: `reader${i}@example.org`, subject: i % 2 ? "World premiere" : "Prima assoluta" }]);
      }
      // The mail caught by the kill is not sent again: recorded as failed, with the reason.
      expect(rows(server, "SELECT state, COUNT(*) AS n FROM NewsletterDelivery WHERE sendId = ? GROUP BY state ORDER BY state", id)).toEqual([
        { state: "failed", n: 1 },
        { state: "sent", n: 199 },
      ]);
    },
    SERVER_TEST.timeout,
  );
});

describe("without SMTP_URL", () => {
  const demo = sharedDemoServer();
  it("the subscribe calls answer 503 with a message, the page says so and no footer form is shown", async () => {
    const client = new HttpClient(demo.url);
    await (await client.fetch("/api/userinfo/")).text();
    const res = await client.request("POST", "/api/newsletter/subscribe/", { json: { email: "x@example.com", lang: "it", consent: true } });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/non è disponibile/);
    // Nor a challenge for a sign-up that cannot happen.
    const challenge = await client.fetch("/api/newsletter/subscribe/");
    expect(challenge.status).toBe(503);
    expect(((await challenge.json()) as { error: string }).error).toMatch(/non è disponibile/);
    const page = await client.get("/newsletter");
    expect(page.status).toBe(503);
    expect(await page.text()).not.toContain('name="email"');
    expect(await (await client.get("/")).text()).not.toContain('class="newsletter-footer"');
  });
});
