import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "playwright-core";
import { staffPage } from "../support/auth";
import { acceptDialogs, browserPerWorker, visit } from "../support/browser";
import { row, rows } from "../support/db";
import { expectJson, HttpClient } from "../support/http";
import { dataDirFrom, freePort, SERVER_TEST, startServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

// Issue 23: the contact inbox at /admin/messages. The site's mail server is down when the message
// arrives (nothing listens on SMTP_URL's port), and comes up on that port later.
let server: TestServer;
let smtpPort: number;
let smtp: SmtpCapture | undefined;
const browser = browserPerWorker();

beforeAll(async () => {
  smtpPort = await freePort();
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, CONTACT_TO: "studio@composer.test", SEED_DEMO: "0" } });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Sends a contact message through api/send-email, as the contact page's script does. */
async function sendMessage(name: string, description: string) {
  const visitor = new HttpClient(server.url);
  const captcha = await expectJson(await visitor.get("/api/captcha-generator/"), "captcha");
  const { answer } = row<{ answer: string }>(server, "SELECT answer FROM Captcha WHERE id = ?", captcha.captcha_id);
  const res = await visitor.request("POST", "/api/send-email/", {
    json: { name, email: "giulia@example.it", description, captcha_id: captcha.captcha_id, captcha_value: answer },
  });
  expect(res.status).toBe(200);
  return row<{ id: number }>(server, "SELECT id FROM ContactMessage ORDER BY id DESC LIMIT 1").id;
}

const activities = () => rows<{ description: string }>(server, "SELECT description FROM Activity ORDER BY id").map((a) => a.description);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the contact inbox", () => {
  it("is for staff only: anonymous visitors go to the sign-in page", async () => {
    const res = await fetch(`${server.url}/admin/messages`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });

  it("without JavaScript at 390 px: waiting while SMTP is down, resent once it is up, handled, deleted, each write logged", async () => {
    const id = await sendMessage("Giulia Rossi", "Vorrei commissionare una colonna sonora.\nGrazie!");
    // The delivery tried right after the answer failed: nothing listens on the port.
    await vi.waitFor(() => expect(row<{ attempts: number }>(server, "SELECT attempts FROM ContactMessage WHERE id = ?", id).attempts).toBe(1), {
      timeout: 20_000,
    });

    const { page } = await staffPage(browser, server, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/admin/`);
    expect(await page.locator('[data-card="card-messages"] .dashboard-unread').textContent()).toBe("1 messaggio da leggere.");
    await page.getByRole("link", { name: "Messaggi", exact: true }).click();
    await page.waitForURL(`${server.url}/admin/messages`);
    const item = page.locator(`[data-message="${id}"]`);
    expect(await item.getAttribute("data-unread")).toBe("true");
    expect(await item.locator(".delivery-status").textContent()).toBe("In attesa di nuovo tentativo");
    expect(await item.locator(".inbox-item__handled").textContent()).toBe("Da gestire");
    expect(await noSidewaysScroll(page)).toBe(true);

    // Opening it shows why delivery failed, and changes nothing (a GET: issue 34, finding 12).
    await item.locator(".inbox-item__from").click();
    await page.waitForURL(`${server.url}/admin/messages/${id}`);
    expect(await page.locator(".inbox-message__text").textContent()).toBe("Vorrei commissionare una colonna sonora.\nGrazie!");
    expect(await page.locator(".inbox-delivery__error").textContent()).toMatch(/^Motivo: .*ECONNREFUSED/);
    expect(await noSidewaysScroll(page)).toBe(true);
    const readAt = () => row<{ readAt: unknown }>(server, "SELECT readAt FROM ContactMessage WHERE id = ?", id).readAt;
    expect(readAt()).toBeNull();
    // Without JavaScript staff mark it read with a button (a form post), and can undo it.
    await Promise.all([page.waitForURL(/avviso=letto/), page.getByRole("button", { name: "Segna come letto" }).click()]);
    expect(readAt()).not.toBeNull();
    await Promise.all([page.waitForURL(/avviso=non-letto/), page.getByRole("button", { name: "Segna come non letto" }).click()]);
    expect(readAt()).toBeNull();

    // The mail server comes up; "Reinvia" delivers the message at once.
    smtp = await startSmtpCapture({}, undefined, smtpPort);
    await Promise.all([page.waitForURL(`${server.url}/admin/messages/${id}?avviso=reinviato`), page.getByRole("button", { name: "Reinvia" }).click()]);
    await vi.waitFor(() => expect(smtp?.mails.some((m) => m.raw.includes("Vorrei commissionare"))).toBe(true), { timeout: 20_000 });
    await vi.waitFor(
      async () => {
        await page.reload();
        expect(await page.locator(".inbox-delivery .delivery-status").textContent()).toBe("Inviato");
      },
      { timeout: 20_000 },
    );

    await Promise.all([page.waitForURL(/avviso=gestito/), page.getByRole("button", { name: "Segna come gestito" }).click()]);
    expect(await page.locator('dd[data-handled="true"]').textContent()).toBe("Gestito");

    await page.goto(`${server.url}/admin/`);
    expect(await page.locator('[data-card="card-messages"] .dashboard-unread').textContent()).toBe("Nessun messaggio da leggere.");
    await page.goto(`${server.url}/admin/messages`);
    expect(await item.getAttribute("data-unread")).toBe("false");
    expect(await item.locator(".delivery-status").textContent()).toBe("Inviato");
    expect(await item.locator(".inbox-item__handled").textContent()).toBe("Gestito");

    // Delete: the confirmation page, then a native form post.
    await item.getByRole("link", { name: "Elimina il messaggio di Giulia Rossi" }).click();
    await page.waitForURL(`${server.url}/admin/messages/${id}/delete`);
    await Promise.all([page.waitForURL(`${server.url}/admin/messages?avviso=eliminato`), page.getByRole("button", { name: "Elimina" }).click()]);
    expect(rows(server, "SELECT id FROM ContactMessage WHERE id = ?", id)).toEqual([]);
    expect(activities()).toEqual([
      `Reinviato il messaggio n. ${id} di "Giulia Rossi"`,
      `Segnato come gestito il messaggio n. ${id} di "Giulia Rossi"`,
      `Eliminato il messaggio n. ${id} di "Giulia Rossi"`,
    ]);
  });

  it("with JavaScript at 1440 px: the list and a message, deleted after the browser's confirmation", async () => {
    const id = await sendMessage("Marco Bianchi", "Una domanda sul concerto.");
    const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width: 1440, height: 900 } });
    await visit(page, `${server.url}/admin/messages`);
    const item = page.locator(`[data-message="${id}"]`);
    await item.locator(".inbox-item__from").click();
    await page.waitForURL(`${server.url}/admin/messages/${id}`);
    // A client-side navigation: the URL changes before React renders the new page.
    await page.getByRole("heading", { level: 1, name: "Messaggio di Marco Bianchi" }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    // With JavaScript the page marks the message read by a POST of its own once it is shown.
    await page.getByRole("button", { name: "Segna come non letto" }).waitFor();
    expect(row<{ readAt: unknown }>(server, "SELECT readAt FROM ContactMessage WHERE id = ?", id).readAt).not.toBeNull();
    const dialogs = acceptDialogs(page);
    await Promise.all([
      page.waitForURL(`${server.url}/admin/messages?avviso=eliminato`),
      page.getByRole("link", { name: "Elimina il messaggio di Marco Bianchi" }).click(),
    ]);
    expect(dialogs).toEqual(["Sei sicuro di voler eliminare questo messaggio?"]);
    expect(rows(server, "SELECT id FROM ContactMessage WHERE id = ?", id)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("upgrade", () => {
  it(
    "a data folder of the previous release keeps its compositions and contact messages; they start unread and without English titles",
    SERVER_TEST,
    async () => {
      const dataDir = dataDirFrom("demo");
      const databaseFile = path.join(dataDir, "app.db");
      // As the release before issue 23 left it: neither migration applied, two messages (one mailed).
      const db = new Database(databaseFile);
      db.exec(`DROP INDEX "ContactMessage_createdAt_idx";
      ALTER TABLE "ContactMessage" DROP COLUMN "failedAt";
      ALTER TABLE "ContactMessage" DROP COLUMN "readAt";
      ALTER TABLE "ContactMessage" DROP COLUMN "handledAt";
      ALTER TABLE "Music" DROP COLUMN "titleEng";
      DELETE FROM "_prisma_migrations" WHERE migration_name IN ('20261126100050_music_title_eng', '20261126100100_contact_inbox');
      INSERT INTO "ContactMessage" (name, email, description, deliveredAt, attempts) VALUES ('Paola', 'paola@example.it', 'Già inviato', '2026-11-20T10:00:00.000+00:00', 1);
      INSERT INTO "ContactMessage" (name, email, description) VALUES ('Rita', 'rita@example.it', 'Mai inviato');`);
      const music = db.prepare(`SELECT slug, title FROM "Music" ORDER BY id`).all();
      db.close();

      const upgraded = await startServer({ dataDir, env: { SMTP_URL: undefined } });
      try {
        expect(rows(upgraded, `SELECT slug, title FROM "Music" ORDER BY id`)).toEqual(music);
        expect(rows(upgraded, `SELECT DISTINCT titleEng FROM "Music"`)).toEqual([{ titleEng: "" }]);
        const english = await (await fetch(`${upgraded.url}/en/compositions/colonne%20sonore/nebbia-su-ferrara`)).text();
        expect(english).toContain('<h1 class="composition__title">Nebbia su Ferrara</h1>');

        const staff = new HttpClient(upgraded.url);
        await staff.login();
        const inbox = await (await staff.get("/admin/messages")).text();
        expect(inbox).toContain("2 messaggi da leggere.");
        expect(inbox).toMatch(/Paola[\s\S]*Inviato/);
        expect(inbox).toMatch(/Rita[\s\S]*In attesa di invio/);
        expect(fs.readdirSync(path.join(dataDir, "backups")).some((name) => name.startsWith("pre-migrate-"))).toBe(true);
      } finally {
        await upgraded.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
