// Issue 38, plays reported from a real browser: the site-wide player sends one beacon per listening
// (POST /api/stats/play/). A track heard to its end counts as started, 30 seconds and complete; one left
// for the next after 5 seconds as started only. The demo's tracks are shorter than 30 seconds, so the
// browser gets a 40-second recording for them (route interception), played faster (playbackRate): the
// player counts media seconds heard, so nothing waits 40 real seconds.
import { expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { rows } from "../support/db";
import { silentWav } from "../support/files";
import { appPerFile } from "../support/in-process";

// Its own server: the beacons write play counts, which the shared demo server's other files would add to.
const server = appPerFile({ env: { SEED_DEMO: "1" } });
const browser = browserPerWorker();

const DETAIL = "/compositions/colonne%20sonore/nebbia-su-ferrara";
const LONG_TRACK = silentWav(40);

type PlayRow = { trackId: number; started: number; played30s: number; completed: number };

it("reports a track heard to its end as started, 30 s and complete, and one skipped after 5 s as started only", async () => {
  const [first, second] = rows<{ id: number }>(
    server,
    `SELECT t."id" FROM "MusicTrack" t JOIN "Music" m ON m."id" = t."musicId" WHERE m."slug" = 'nebbia-su-ferrara' ORDER BY t."position", t."id"`,
  );
  const { context, errors } = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1440, height: 900 } });
  await acceptCookies(context, server.url);
  await context.route(
    (url) => url.pathname.startsWith("/media/") && /\.(mp3|wav|flac|ogg)$/i.test(url.pathname),
    (route) => route.fulfill({ status: 200, contentType: "audio/wav", body: LONG_TRACK }),
  );
  const page = await context.newPage();
  await visit(page, `${server.url}${DETAIL}`);
  const playing = (after: number) =>
    page.waitForFunction((s) => {
      const audio = document.querySelector("audio");
      return Boolean(audio && !audio.paused && audio.currentTime > s);
    }, after);

  await page.locator(".track-link").first().click();
  await playing(0);
  await page.evaluate(() => {
    document.querySelector("audio")!.playbackRate = 16;
  });
  // The first track ends and the player goes on to the second: its beacon went at the end.
  await page.locator(".track-link").nth(1).and(page.locator("[aria-current]")).waitFor({ timeout: 15_000 });
  await playing(0);
  await page.evaluate(() => {
    document.querySelector("audio")!.playbackRate = 4;
  });
  await playing(5);
  await page.getByRole("button", { name: "Traccia successiva" }).click();

  const counts = () => rows<PlayRow>(server, `SELECT "trackId", "started", "played30s", "completed" FROM "PlayDay" ORDER BY "trackId"`);
  await expect.poll(counts, { timeout: 10_000 }).toEqual([
    { trackId: first!.id, started: 1, played30s: 1, completed: 1 },
    { trackId: second!.id, started: 1, played30s: 0, completed: 0 },
  ]);
  expect(errors).toEqual([]);
});
