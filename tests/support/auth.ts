// Sign-in without the login form: a Session row written straight into the server's database (keyed
// by the hash of the session id) and its signed cookie, as app/server/domain/session.server.ts makes them.
// One test per login path still signs in through the UI (tests/e2e/admin-auth.test.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { createCookie } from "react-router";
import { sessionRowId } from "~/server/domain/session.server";
import { acceptCookies, type TestBrowser } from "./browser";
import { row, run } from "./db";
import { HttpClient } from "./http";
import { ADMIN, type ServerInfo } from "./server";

const HOUR = 60 * 60 * 1000;

/** The staff_session cookie (name and signed value) of a new session of `username`. */
async function sessionCookie(server: Pick<ServerInfo, "dataDir">, username = ADMIN.username) {
  const user = row<{ id: number }>(server, `SELECT id FROM "User" WHERE username = ?`, username);
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
  run(
    server,
    `INSERT INTO "Session" (id, userId, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?)`,
    sessionRowId(id),
    user.id,
    iso(now),
    iso(now),
    iso(now + 12 * HOUR),
  );
  const secret = process.env.SESSION_SECRET ?? fs.readFileSync(path.join(server.dataDir, "session-secret"), "utf8").trim();
  const header = await createCookie("staff_session", { secrets: [secret] }).serialize(id);
  const [pair = ""] = header.split(";");
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

/** A browser context signed in as `username` (staff by default). */
export async function signIn(context: BrowserContext, server: ServerInfo, username = ADMIN.username) {
  const { name, value } = await sessionCookie(server, username);
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * An HttpClient signed in as `username` without the login form: sign-ins are throttled per user and
 * address (10 in 15 minutes), and the files that share the demo server would spend them.
 */
export async function staffClient(server: ServerInfo, username = ADMIN.username) {
  const client = new HttpClient(server.url);
  const { name, value } = await sessionCookie(server, username);
  client.cookies.set(name, value);
  return client;
}

/** A signed-in staff page in a fresh context (cookie banner accepted), closed after the test like any context. */
export async function staffPage(browser: TestBrowser, server: ServerInfo, options: BrowserContextOptions = {}) {
  const { context, errors } = await browser.newContext(options);
  await acceptCookies(context, server.url);
  await signIn(context, server);
  const page = await context.newPage();
  return { page, context, errors, close: () => context.close() };
}

/** The new-composition form (no JavaScript needed) with the category "Colonne Sonore", a title and a mode. */
export async function startMusicForm(page: Page, server: ServerInfo, title: string, mode: "link" | "tracks") {
  await page.goto(`${server.url}/admin/musicCreate`);
  await page.selectOption("#category", { label: "Colonne Sonore" });
  await page.fill("#title", title);
  await page.check(`input[name="mode"][value="${mode}"]`);
}

/**
 * Issue 35: presses the form's `button` and waits until a saved news item or composition brings the
 * staff back to its edit page (`editPath`), which says «Modifiche salvate» with a link to its public
 * page (`publicPath`), with JavaScript (a client navigation) and without (a native post).
 */
export async function saveBackToEditPage(page: Page, server: ServerInfo, button: string, editPath: string, publicPath: string) {
  await Promise.all([page.waitForURL(`${server.url}${editPath}?avviso=salvato`), page.click(button)]);
  const notice = page.getByRole("status").filter({ hasText: "Modifiche salvate" });
  await notice.waitFor();
  const link = notice.getByRole("link", { name: "vedi la pagina pubblica" });
  if ((await link.getAttribute("href")) !== publicPath) throw new Error(`the notice links to ${await link.getAttribute("href")}, not ${publicPath}`);
}
