import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { saveBackToEditPage, staffPage, startMusicForm } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { row, rows, run } from "../support/db";
import { mp3Bytes, pngBytes, toneWav } from "../support/files";
import { serverPerFile } from "../support/server";
import { first } from "../support/present";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();
let files: string;

beforeAll(async () => {
  run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Colonne Sonore', 'Soundtracks', 'music')");
  files = fs.mkdtempSync(path.join(server.dataDir, "files-"));
  fs.writeFileSync(path.join(files, "cover.png"), await pngBytes("#aa3355"));
  fs.writeFileSync(path.join(files, "cover2.png"), await pngBytes("#1155aa"));
  fs.writeFileSync(path.join(files, "tema.mp3"), mp3Bytes(4096));
  fs.writeFileSync(path.join(files, "finale.mp3"), mp3Bytes(8192));
});

const adminPage = (javaScriptEnabled: boolean) => staffPage(browser, server, { javaScriptEnabled });

const log = () => rows<{ description: string }>(server, "SELECT description FROM Activity ORDER BY id").map((r) => r.description);
const mediaFile = (url: string) => path.join(server.dataDir, "uploads", url.replace(/^\/media\//, ""));

describe("music with JavaScript", () => {
  it("keeps the two options exclusive, validates, uploads tracks and saves to the composition page", async () => {
    const { page, errors, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/musicCreate`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();

    await page.check('input[name="mode"][value="link"]');
    expect(await page.locator("#group-tracks").evaluate((el) => (el as HTMLFieldSetElement).disabled)).toBe(true);
    expect(await page.locator("#videos").isDisabled()).toBe(true);
    expect(await page.locator("#link").isDisabled()).toBe(false);
    await page.check('input[name="mode"][value="tracks"]');
    expect(await page.locator("#link").isDisabled()).toBe(true);
    expect(await page.locator("#videos").isDisabled()).toBe(false);

    // nothing but a title: the spec's message, the typed title kept
    await page.fill("#title", "Il tema");
    await page.click('button:has-text("Salva")');
    await page.getByText("Compila i campi obbligatori").first().waitFor();
    expect(await page.inputValue("#title")).toBe("Il tema");

    await page.selectOption("#category", { label: "Colonne Sonore" });
    await page.setInputFiles("#image_file", path.join(files, "cover.png"));
    await page.setInputFiles("#tracks", [path.join(files, "tema.mp3"), path.join(files, "finale.mp3")]);
    await page.getByLabel("Nome visualizzato di finale.mp3").waitFor();
    await page.getByLabel("Nome visualizzato di tema.mp3").fill("Tema principale");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.setInputFiles("#tracks", path.join(files, "tema.mp3"));
    await expect.poll(() => dialogs).toEqual(["Il file selezionato è già esistente: tema.mp3"]);
    // remove one
    await page
      .locator(".file-list__item", { has: page.getByLabel("Nome visualizzato di finale.mp3") })
      .getByRole("button", { name: "Rimuovi" })
      .click();
    await page.fill("#videos", "https://www.youtube.com/watch?v=abc");
    await saveBackToEditPage(page, server, 'button:has-text("Salva")', "/admin/musicList/il-tema", "/compositions/colonne%20sonore/il-tema");

    const music = row<{ id: number; img: string; link: string | null; videos: string }>(
      server,
      "SELECT id, img, link, videos FROM Music WHERE slug = 'il-tema'",
    );
    expect(music.link).toBeNull();
    expect(music.videos).toBe("https://www.youtube.com/watch?v=abc");
    const tracks = rows<{ name: string; url: string }>(server, "SELECT name, url FROM MusicTrack WHERE musicId = ? ORDER BY position", music.id);
    expect(tracks.map((t) => t.name)).toEqual(["Tema principale"]);
    expect(fs.existsSync(mediaFile(first(tracks).url))).toBe(true);
    expect(fs.existsSync(mediaFile(music.img))).toBe(true);

    // edit: the saved option is pre-selected, the other disabled
    await page.goto(`${server.url}/admin/musicList/il-tema`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    expect(await page.isChecked('input[name="mode"][value="tracks"]')).toBe(true);
    expect(await page.isDisabled('input[name="mode"][value="link"]')).toBe(true);
    expect(await page.locator("#link").isDisabled()).toBe(true);
    await page.fill("#title", "Il tema (nuovo)");
    await saveBackToEditPage(page, server, 'button:has-text("Salva modifiche")', "/admin/musicList/il-tema", "/compositions/colonne%20sonore/il-tema");
    expect(rows(server, "SELECT title FROM Music WHERE id = ?", music.id)).toEqual([{ title: "Il tema (nuovo)" }]);
    expect(rows(server, "SELECT name FROM MusicTrack WHERE musicId = ?", music.id)).toEqual([{ name: "Tema principale" }]);

    // delete from the list with the dialog: the row goes to the trash, its files stay there until purged (issue 24)
    await page.goto(`${server.url}/admin/musicList`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    await page.getByRole("link", { name: "Elimina il contenuto Il tema (nuovo)" }).click();
    await page.waitForURL(/avviso=eliminato/);
    expect(dialogs.at(-1)).toBe("Sei sicuro di voler eliminare questo contenuto?");
    expect(rows(server, "SELECT id FROM Music WHERE id = ?", music.id)).toHaveLength(0);
    expect(fs.existsSync(mediaFile(first(tracks).url))).toBe(true);
    expect(fs.existsSync(mediaFile(music.img))).toBe(true);
    expect(log()).toEqual(
      expect.arrayContaining([
        'Creato il contenuto musicale "Il tema"',
        'Modificato il contenuto musicale "Il tema (nuovo)"',
        'Eliminato il contenuto musicale "Il tema (nuovo)"',
      ]),
    );
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await close();
  });
});

describe("track upload progress (issue 25)", () => {
  it("with JavaScript, a chosen master shows a progress bar that reaches 100 % before the track is listed", async () => {
    const { page, errors, close } = await adminPage(true);
    const master = path.join(files, "lungo.wav");
    fs.writeFileSync(master, toneWav(180)); // 31 MB: several progress events on loopback
    await page.goto(`${server.url}/admin/musicCreate`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    await page.check('input[name="mode"][value="tracks"]');
    // Every value the track's bar shows, as it is inserted and as it moves.
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { barValues: number[] }).barValues = []);
      const note = () => document.querySelectorAll<HTMLProgressElement>("#tracks-field progress").forEach((bar) => seen.push(bar.value));
      new MutationObserver(note).observe(document.querySelector("#tracks-field")!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["value"],
      });
    });
    await page.setInputFiles("#tracks", master);
    await page.getByLabel("Nome visualizzato di lungo.wav").waitFor({ timeout: 60_000 });
    const values = await page.evaluate(() => (window as unknown as { barValues: number[] }).barValues);
    expect(values.length).toBeGreaterThan(0);
    expect(Math.max(...values)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("a track's stream on the edit page (issue 35)", () => {
  it("follows the transcoding by itself with JavaScript, asking no more once done; without, a link reloads", async () => {
    const { page, close } = await adminPage(false);
    await startMusicForm(page, server, "In lavorazione", "tracks");
    await page.setInputFiles("#image_file", path.join(files, "cover.png"));
    await page.setInputFiles("#tracks", path.join(files, "tema.mp3"));
    await saveBackToEditPage(page, server, 'button:has-text("Salva")', "/admin/musicList/in-lavorazione", "/compositions/colonne%20sonore/in-lavorazione");
    const track = row<{ id: number; url: string }>(
      server,
      "SELECT t.id, t.url FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug = 'in-lavorazione'",
    );
    // the upload's own job ends first; then one held by another process, at 40 %
    await expect.poll(() => row<{ n: number }>(server, "SELECT count(*) AS n FROM Job WHERE state IN ('queued', 'running')").n, { timeout: 60_000 }).toBe(0);
    const hour = new Date(Date.now() + 3_600_000).toISOString().replace("Z", "+00:00");
    run(server, "UPDATE MusicTrack SET streamState = 'processing' WHERE id = ?", track.id);
    run(
      server,
      "INSERT INTO Job (kind, key, state, attempts, progress, leaseUntil, leaseOwner) VALUES ('transcode', ?, 'running', 1, 0.4, ?, 'altro-processo')",
      track.url,
      hour,
    );
    const edit = `${server.url}/admin/musicList/in-lavorazione`;
    const state = page.locator(".track-streams li .delivery-status");

    // without JavaScript: the state as loaded, and a link that reloads it
    await page.goto(edit);
    expect(await state.textContent()).toBe("In lavorazione (40%)");
    expect(await page.getByRole("link", { name: "aggiorna lo stato" }).getAttribute("href")).toBe("/admin/musicList/in-lavorazione#track-streams-title");

    // with JavaScript: the row moves without a reload, then the polling stops
    const live = await adminPage(true);
    await live.page.clock.install();
    await live.page.goto(edit);
    await live.page.locator('.admin[data-hydrated="true"]').waitFor();
    const liveState = live.page.locator(".track-streams li .delivery-status");
    expect(await liveState.textContent()).toBe("In lavorazione (40%)");
    expect(await live.page.getByRole("link", { name: "aggiorna lo stato" }).count()).toBe(0);
    let polls = 0;
    live.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/admin/musicList/in-lavorazione/streams") polls++;
    });
    await live.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    run(server, "UPDATE Job SET progress = 0.8 WHERE key = ? AND state = 'running'", track.url);
    await live.page.clock.runFor(2_000);
    await expect.poll(() => liveState.textContent()).toBe("In lavorazione (80%)");
    run(server, "UPDATE Job SET state = 'done' WHERE key = ? AND state = 'running'", track.url);
    run(server, "UPDATE MusicTrack SET streamState = 'ready' WHERE id = ?", track.id);
    await live.page.clock.runFor(2_000);
    await expect.poll(() => liveState.textContent()).toBe("Pronta");
    expect(await live.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // no reload
    const asked = polls;
    await live.page.clock.runFor(20_000);
    expect(polls).toBe(asked);
    await live.close();
    await close();
  });
});

describe("music without JavaScript", () => {
  it("link-type: saved to the category page; tracks travel in the form post; image required", async () => {
    const { page, close } = await adminPage(false);
    await startMusicForm(page, server, "Album esterno", "link");
    await page.fill("#link", "https://open.spotify.com/album/xyz");
    await page.click('button:has-text("Salva")');
    await page.getByText("Compila i campi obbligatori").first().waitFor();
    expect(await page.inputValue("#link")).toBe("https://open.spotify.com/album/xyz");

    await page.setInputFiles("#image_file", path.join(files, "cover2.png"));
    await saveBackToEditPage(page, server, 'button:has-text("Salva")', "/admin/musicList/album-esterno", "/compositions/colonne%20sonore");
    const album = row<{ link: string; videos: string | null }>(server, "SELECT link, videos FROM Music WHERE slug = 'album-esterno'");
    expect(album).toEqual({ link: "https://open.spotify.com/album/xyz", videos: null });

    // tracks mode needs a track or a video
    await startMusicForm(page, server, "Suite", "tracks");
    await page.setInputFiles("#image_file", path.join(files, "cover2.png"));
    await page.click('button:has-text("Salva")');
    await page.getByText("Aggiungi almeno una traccia o un video").first().waitFor();
    await page.setInputFiles("#image_file", path.join(files, "cover2.png"));
    await page.setInputFiles("#tracks", path.join(files, "tema.mp3"));
    await saveBackToEditPage(page, server, 'button:has-text("Salva")', "/admin/musicList/suite", "/compositions/colonne%20sonore/suite");
    const tracks = rows<{ name: string }>(server, "SELECT t.name FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug = 'suite'");
    expect(tracks).toEqual([{ name: "tema" }]); // the file name without its extension

    // edit without JavaScript: the link option is locked
    await page.goto(`${server.url}/admin/musicList/suite`);
    expect(await page.isDisabled('input[name="mode"][value="link"]')).toBe(true);
    expect(await page.isChecked('input[name="mode"][value="tracks"]')).toBe(true);

    // dashboard: type column
    await page.goto(`${server.url}/admin/`);
    const card = page.locator('[data-card="card-music"]');
    // (other compositions of the file may be listed too)
    await card.getByRole("cell", { name: "Link", exact: true }).first().waitFor();
    await card.getByRole("cell", { name: "Tracce/Video", exact: true }).first().waitFor();

    await page.goto(`${server.url}/admin/musicList/suite/delete`);
    await page.getByText("Sei sicuro di voler eliminare questo contenuto?").waitFor();
    await page.getByRole("button", { name: "Elimina" }).click();
    await page.waitForURL(/\/admin\/musicList\?avviso=eliminato/);
    expect(rows(server, "SELECT id FROM Music WHERE slug = 'suite'")).toHaveLength(0);
    await close();
  });
});

describe("a save pressed while a track uploads (issue 35.3)", () => {
  it("waits for the upload, says so in Italian, then saves the composition with the track", async () => {
    const { page, errors, close } = await adminPage(true);
    await startMusicForm(page, server, "Il master", "tracks");
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    await page.setInputFiles("#image_file", path.join(files, "cover.png"));
    // The upload is held (a slow line), so the save is pressed while it is still running.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/admin/upload", async (route) => {
      await held;
      await route.continue();
    });
    await page.setInputFiles("#tracks", path.join(files, "tema.mp3"));
    const uploading = page.locator('.file-list__item[data-state="uploading"]');
    await uploading.waitFor();
    await page.click('button:has-text("Salva")');
    await page.getByRole("status").getByText("Salvataggio in attesa: il caricamento dei file è ancora in corso").waitFor({ timeout: 5_000 });
    expect(await uploading.locator(".file-list__status").textContent()).toBe("Caricamento in corso: 0 %");
    expect(page.url()).toBe(`${server.url}/admin/musicCreate`);
    expect(rows(server, "SELECT id FROM Music WHERE slug = 'il-master'")).toEqual([]);
    await Promise.all([page.waitForURL(`${server.url}/admin/musicList/il-master?avviso=salvato`), release()]);
    const music = row<{ id: number }>(server, "SELECT id FROM Music WHERE slug = 'il-master'");
    expect(rows(server, "SELECT name FROM MusicTrack WHERE musicId = ?", music.id)).toEqual([{ name: "tema" }]);
    expect(errors).toEqual([]);
    await close();
  });
});
