import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit as visitUrl } from "../support/browser";
import { sharedDemoServer } from "../support/server";
import { at, first } from "../support/present";

/**
 * Continuous listening (issue 13): auto-advance, what plays marked in every list, the Media
 * Session, the language toggle that keeps the music playing, the player's keyboard scope, track
 * durations, and plyr loaded on first play.
 */
const server = sharedDemoServer();
const browser = browserPerWorker();
const visit = (page: Page, path: string) => visitUrl(page, `${server.url}${path}`);

beforeAll(async () => {
  // The first render of a page after boot makes its image variants: not what these tests time.
  for (const path of ["/", DETAIL, `/en${DETAIL}`]) await fetch(`${server.url}${path}`);
});

const DETAIL = "/compositions/colonne%20sonore/nebbia-su-ferrara";
const SINGLE = "/compositions/colonne%20sonore/perche-la-notte";
const prefix = (lang: "it" | "en") => (lang === "en" ? "/en" : "");

type Recorder = { handlers: Record<string, (details: Record<string, unknown>) => void>; position: MediaPositionState | null };

async function open(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, errors } = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1440, height: 900 },
  });
  await acceptCookies(context, server.url);
  // The page cannot ask the browser to press a media key: record what the player registers, so
  // the test can invoke the handlers the lock screen would.
  await context.addInitScript(() => {
    const recorder: Recorder = { handlers: {}, position: null };
    (window as unknown as { __mediaSession: Recorder }).__mediaSession = recorder;
    if (!("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    const setActionHandler = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      if (handler) recorder.handlers[action] = handler as unknown as Recorder["handlers"][string];
      else delete recorder.handlers[action];
      setActionHandler(action, handler);
    };
    const setPositionState = session.setPositionState?.bind(session);
    session.setPositionState = (state) => {
      recorder.position = state ?? null;
      setPositionState?.(state);
    };
  });
  const page = await context.newPage();
  return { context, page, errors };
}

const trackName = (page: Page) => page.locator("[data-testid=player-track]").textContent();
const waitForTrack = (page: Page, name: string) =>
  page.waitForFunction((n) => document.querySelector("[data-testid=player-track]")?.textContent === n, name, { timeout: 15_000 });

async function waitForPlayback(page: Page, after = 0.2) {
  await page.waitForFunction(
    (s) => {
      const audio = document.querySelector("audio");
      return Boolean(audio && !audio.paused && audio.readyState >= 2 && audio.currentTime > s);
    },
    after,
    { timeout: 15_000 },
  );
}

/** Jumps close to the end of the current track (the tracks are several seconds long). */
async function nearTheEnd(page: Page) {
  await page.waitForFunction(() => Number.isFinite(document.querySelector("audio")?.duration));
  await page.evaluate(() => {
    const audio = document.querySelector("audio")!;
    audio.currentTime = Math.max(audio.duration - 0.25, 0);
  });
}

const trackNames = (page: Page) => page.locator(".track-link__name").allTextContents();
const currentTracks = (page: Page) =>
  page.$$eval(".track-link", (links) => links.map((l, i) => (l.getAttribute("aria-current") ? i : -1)).filter((i) => i >= 0));

describe("auto-advance and what is playing", () => {
  for (const [lang, width] of [
    ["it", 1440],
    ["en", 390],
    ["it", 390],
    ["en", 1440],
  ] as const) {
    it(`plays the next track at the end of one, stops after the last, marks the playing track (${lang}, ${width} px)`, async () => {
      const { context, page, errors } = await open({ width });
      await visit(page, `${prefix(lang)}${DETAIL}`);
      const names = await trackNames(page);
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(await currentTracks(page)).toEqual([]);
      const last = names.length - 1;

      await page
        .locator(".track-link")
        .nth(last - 1)
        .click();
      await waitForPlayback(page);
      expect(await currentTracks(page)).toEqual([last - 1]);
      const current = page.locator(".track-link").nth(last - 1);
      const other = page.locator(".track-link").nth(0);
      // visibly marked: a colour and a badge the other rows do not have
      expect(await current.evaluate((el) => getComputedStyle(el).color)).not.toBe(await other.evaluate((el) => getComputedStyle(el).color));
      expect(await current.locator(".track-link__now").textContent()).toBe(lang === "it" ? "In riproduzione" : "Now playing");

      await nearTheEnd(page);
      await waitForTrack(page, at(names, last));
      await waitForPlayback(page);
      expect(await currentTracks(page)).toEqual([last]);

      // the last track ends: playback stops there, no wrap to the first (loop off, SPEC.md 9)
      await nearTheEnd(page);
      await page.waitForFunction(
        () => {
          const audio = document.querySelector("audio");
          return Boolean(audio?.ended && audio.paused);
        },
        undefined,
        { timeout: 15_000 },
      );
      expect(await trackName(page)).toBe(names[last]);
      expect(await page.evaluate(() => document.querySelector("audio")?.loop)).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("marks the Listen button of the card that plays on home, and of a single-track work (both languages)", async () => {
    const { context, page, errors } = await open({ width: 390 });
    await visit(page, "/");
    const buttons = page.locator(".music-card a[data-action=play]");
    expect(await page.locator(".music-card a[data-action=play][aria-current]").count()).toBe(0);
    const button = buttons.first();
    const slug = await button.evaluate((el) => el.closest(".music-card")?.getAttribute("data-slug"));
    const ringBefore = await button.evaluate((el) => getComputedStyle(el).boxShadow);
    await button.click();
    await waitForPlayback(page);
    const marked = page.locator(".music-card a[data-action=play][aria-current=true]");
    await marked.first().waitFor();
    // the same composition can show in more than one list on the page: all its buttons, and only its
    const markedSlugs = await marked.evaluateAll((els) => [...new Set(els.map((el) => el.closest(".music-card")?.getAttribute("data-slug")))]);
    expect(markedSlugs).toEqual([slug]);
    expect(await marked.first().evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(ringBefore);
    await context.close();

    const en = await open({ width: 1440 });
    await visit(en.page, `/en${SINGLE}`);
    const listen = en.page.locator(".composition__actions a[data-action=play]");
    expect(await listen.getAttribute("aria-current")).toBeNull();
    await listen.click();
    await waitForPlayback(en.page);
    expect(await listen.getAttribute("aria-current")).toBe("true");
    await en.page.getByRole("button", { name: "Close the player" }).click();
    await en.page.waitForFunction(() => !document.querySelector(".composition__actions a[data-action=play]")?.hasAttribute("aria-current"));
    expect([...errors, ...en.errors]).toEqual([]);
    await en.context.close();
  });
});

describe("Media Session", () => {
  for (const [lang, width] of [
    ["it", 1440],
    ["en", 390],
  ] as const) {
    it(`gives the lock screen title, composer, album, artwork and working controls (${lang}, ${width} px)`, async () => {
      const { context, page, errors } = await open({ width });
      await visit(page, `${prefix(lang)}${DETAIL}`);
      const names = await trackNames(page);
      const album = (await page.locator("h1").textContent())?.trim();
      await page.locator(".track-link").nth(1).click();
      await waitForPlayback(page);

      const metadata = await page.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return m ? { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes, type: a.type })) } : null;
      });
      expect(metadata).toMatchObject({ title: names[1], artist: "Elena Marchetti", album });
      expect(metadata!.artwork.length).toBeGreaterThanOrEqual(2);
      for (const art of metadata!.artwork) {
        expect(art.src).toMatch(new RegExp(`^${server.url}/media/images/[^?]+\\?w=\\d+$`));
        expect(art.sizes).toMatch(/^\d+x\d+$/);
        expect(art.type).toBe("image/webp");
      }
      expect(new Set(metadata!.artwork.map((a) => a.sizes)).size).toBe(metadata!.artwork.length);
      const artwork = await fetch(first(metadata!.artwork).src);
      expect(artwork.status).toBe(200);
      expect(artwork.headers.get("content-type")).toBe("image/webp");

      const handlers = await page.evaluate(() => Object.keys((window as unknown as { __mediaSession: Recorder }).__mediaSession.handlers).sort());
      expect(handlers).toEqual(["nexttrack", "pause", "play", "previoustrack", "seekbackward", "seekforward", "seekto"]);
      const invoke = (action: string, details: Record<string, unknown> = {}) =>
        page.evaluate(([a, d]) => (window as unknown as { __mediaSession: Recorder }).__mediaSession.handlers[a as string]?.({ action: a, ...(d as object) }), [
          action,
          details,
        ] as const);

      await invoke("pause");
      await page.waitForFunction(() => document.querySelector("audio")?.paused === true && navigator.mediaSession.playbackState === "paused");
      await invoke("seekto", { seekTime: 1 });
      await page.waitForFunction(() => Math.abs((document.querySelector("audio")?.currentTime ?? 0) - 1) < 0.05);
      await invoke("seekforward");
      await page.waitForFunction(() => {
        const audio = document.querySelector("audio")!;
        return Math.abs(audio.currentTime - Math.min(6, audio.duration)) < 0.05;
      });
      await invoke("seekbackward");
      await page.waitForFunction(() => {
        const audio = document.querySelector("audio")!;
        return Math.abs(audio.currentTime - Math.max(Math.min(6, audio.duration) - 5, 0)) < 0.05;
      });
      const position = await page.evaluate(() => (window as unknown as { __mediaSession: Recorder }).__mediaSession.position);
      const duration = await page.evaluate(() => document.querySelector("audio")!.duration);
      expect(position?.duration).toBeCloseTo(duration, 3);
      expect(position?.playbackRate).toBe(1);
      await invoke("play");
      await page.waitForFunction(() => document.querySelector("audio")?.paused === false && navigator.mediaSession.playbackState === "playing");

      await invoke("nexttrack");
      await waitForTrack(page, at(names, 2));
      await page.waitForFunction((n) => navigator.mediaSession.metadata?.title === n, names[2]);
      await invoke("previoustrack");
      await waitForTrack(page, at(names, 1));
      await waitForPlayback(page);

      // closing the player clears the lock screen
      await page.getByRole("button", { name: lang === "it" ? "Chiudi il lettore" : "Close the player" }).click();
      await page.waitForFunction(() => navigator.mediaSession.metadata === null);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("language toggle", () => {
  async function toggle(page: Page) {
    if (await page.locator(".navbar__menu-button").isVisible()) await page.locator(".navbar__menu-button").click();
    await page.locator("a.navbar__lang").click();
  }

  for (const [from, width] of [
    ["it", 1440],
    ["en", 390],
  ] as const) {
    const to = from === "it" ? "en" : "it";
    it(`switches ${from} -> ${to} without a reload: the music keeps playing, the choice is saved (${width} px)`, async () => {
      const { context, page, errors } = await open({ width });
      if (from === "en") await context.addCookies([{ name: "lng", value: "ImVuIg%3D%3D", url: server.url }]);
      // page: a parameter pages read, kept by the switch; utm_source: one no page reads, left behind.
      await visit(page, `${prefix(from)}${DETAIL}?page=1&utm_source=mail`);
      await page.locator(".track-link").first().click();
      await waitForPlayback(page, 0.3);
      await page.evaluate(() => {
        (window as unknown as { pageMarker: number }).pageMarker = 1;
        (document.querySelector("audio") as HTMLAudioElement & { marker?: number }).marker = 7;
      });
      const before = await page.evaluate(() => document.querySelector("audio")!.currentTime);

      await toggle(page);
      await page.waitForURL(`${server.url}${prefix(to)}${DETAIL}?page=1`);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
      // The other language's texts load on the switch (a separate chunk): the list follows them.
      await page.locator(".tracks__title", { hasText: to === "en" ? "Tracks" : "Tracce" }).waitFor({ timeout: 10_000 });
      // the same document and the same <audio>, still advancing
      expect(await page.evaluate(() => (window as unknown as { pageMarker?: number }).pageMarker)).toBe(1);
      await page.waitForFunction(
        (t) => {
          const audio = document.querySelector("audio") as (HTMLAudioElement & { marker?: number }) | null;
          return Boolean(audio && audio.marker === 7 && !audio.paused && audio.currentTime > t + 0.3);
        },
        before,
        { timeout: 10_000 },
      );
      // saved like the plain link saves it: cookie (server) and localStorage (SPEC.md 4)
      expect(await page.evaluate(() => localStorage.getItem("isEnglish"))).toBe(String(to === "en"));
      const cookie = (await context.cookies()).find((c) => c.name === "lng");
      expect(cookie?.value).toBe(to === "en" ? "ImVuIg%3D%3D" : "Iml0Ig%3D%3D");
      // the toggle now points back
      expect(await page.locator("a.navbar__lang").getAttribute("href")).toBe(`${prefix(from) || ""}${DETAIL}?page=1&lng=${from}`);
      // a new visit follows the saved choice
      const fresh = await context.newPage();
      await fresh.goto(`${server.url}/bio`);
      expect(fresh.url()).toBe(`${server.url}${prefix(to)}/bio`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of [1440, 390]) {
    it(`still works without JavaScript, both ways (${width} px)`, async () => {
      const { context, page } = await open({ javaScriptEnabled: false, width });
      await page.goto(`${server.url}${DETAIL}`);
      const href = await page.locator("a.navbar__lang").getAttribute("href");
      expect(href).toBe(`/en${DETAIL}?lng=en`);
      // the menu may be collapsed on a phone; the link is what matters here
      await page.goto(`${server.url}${href}`);
      expect(page.url()).toBe(`${server.url}/en${DETAIL}`);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      const back = await page.locator("a.navbar__lang").getAttribute("href");
      expect(back).toBe(`${DETAIL}?lng=it`);
      await page.goto(`${server.url}${back}`);
      expect(page.url()).toBe(`${server.url}${DETAIL}`);
      expect(await page.getAttribute("html", "lang")).toBe("it");
      await context.close();
    });
  }
});

describe("keyboard", () => {
  for (const [lang, width] of [
    ["it", 390],
    ["en", 1440],
  ] as const) {
    it(`shortcuts work anywhere in the player and only there; the page keeps space and arrows (${lang}, ${width} px)`, async () => {
      const { context, page, errors } = await open({ width });
      await visit(page, `${prefix(lang)}${DETAIL}`);
      await page.locator(".track-link").first().click();
      await waitForPlayback(page);
      const region = page.locator("section.audio-player");
      expect(await region.getAttribute("aria-keyshortcuts")).toBe("Space ArrowLeft ArrowRight ArrowUp ArrowDown L M");
      const hint = page.locator(".audio-player__keys");
      expect(await hint.textContent()).toContain(lang === "it" ? "spazio" : "space");
      expect(await region.getAttribute("aria-describedby")).toBe(await hint.getAttribute("id"));

      // focus on the page: space and arrows scroll it and leave the music alone
      await page.locator("h1").click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.keyboard.press("Space");
      // the scroll is animated: wait until it has moved and come to rest
      await page.waitForFunction(
        () => {
          const w = window as unknown as { lastScrollY?: number };
          const settled = window.scrollY > 0 && w.lastScrollY === window.scrollY;
          w.lastScrollY = window.scrollY;
          return settled;
        },
        undefined,
        { polling: 100 },
      );
      await page.keyboard.press("m");
      expect(await page.evaluate(() => ({ paused: document.querySelector("audio")!.paused, muted: document.querySelector("audio")!.muted }))).toEqual({
        paused: false,
        muted: false,
      });

      // focus on the player's own buttons (outside plyr's controls): the shortcuts apply
      await page.getByRole("button", { name: lang === "it" ? "Traccia successiva" : "Next track" }).focus();
      expect(await hint.isVisible()).toBe(true);
      const scroll = await page.evaluate(() => window.scrollY);
      await page.evaluate(() => document.querySelector("audio")!.pause());
      await page.evaluate(() => (document.querySelector("audio")!.currentTime = 1));
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(() => {
        const audio = document.querySelector("audio")!;
        return Math.abs(audio.currentTime - Math.min(6, audio.duration)) < 0.05;
      });
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction(() => {
        const audio = document.querySelector("audio")!;
        return Math.abs(audio.currentTime - Math.max(Math.min(6, audio.duration) - 5, 0)) < 0.05;
      });
      await page.keyboard.press("ArrowDown");
      await page.waitForFunction(() => Math.abs(document.querySelector("audio")!.volume - 0.9) < 0.001);
      await page.keyboard.press("ArrowUp");
      await page.waitForFunction(() => Math.abs(document.querySelector("audio")!.volume - 1) < 0.001);
      await page.keyboard.press("m");
      await page.waitForFunction(() => document.querySelector("audio")!.muted);
      await page.keyboard.press("m");
      await page.waitForFunction(() => !document.querySelector("audio")!.muted);
      await page.keyboard.press("l");
      await page.waitForFunction(() => document.querySelector("audio")!.loop);
      await page.keyboard.press("l");
      await page.waitForFunction(() => !document.querySelector("audio")!.loop);
      expect(await page.evaluate(() => window.scrollY)).toBe(scroll);

      // space on the waveform slider plays and pauses (its arrows are its own: Waveform.tsx)
      await page.locator(".audio-player [role=slider]").focus();
      await page.keyboard.press("Space");
      await page.waitForFunction(() => !document.querySelector("audio")!.paused);
      await page.keyboard.press("Space");
      await page.waitForFunction(() => document.querySelector("audio")!.paused);
      expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
      // focus leaves the player: the hint goes away
      await page.locator("h1").click();
      expect(await hint.isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("track durations", () => {
  /** What Chromium itself measures for each track file. */
  async function measured(urls: string[]): Promise<number[]> {
    const { context, page } = await open();
    await page.goto(`${server.url}/robots.txt`);
    const durations = await page.evaluate(
      (list) =>
        Promise.all(
          list.map(
            (u) =>
              new Promise<number>((resolve) => {
                const audio = new Audio();
                audio.preload = "metadata";
                audio.onloadedmetadata = () => resolve(audio.duration);
                audio.onerror = () => resolve(Number.NaN);
                audio.src = u;
              }),
          ),
        ),
      urls,
    );
    await context.close();
    return durations;
  }
  const mss = (s: number) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, "0")}`;

  for (const [lang, width, js] of [
    ["it", 390, false],
    ["en", 1440, false],
    ["en", 390, true],
    ["it", 1440, true],
  ] as const) {
    it(`shows each demo track's length as m:ss, read from its file (${lang}, ${width} px, JavaScript ${js ? "on" : "off"})`, async () => {
      const { context, page } = await open({ javaScriptEnabled: js, width });
      await page.goto(`${server.url}${prefix(lang)}${DETAIL}`);
      const rows = await page.$$eval(".track-link", (links) =>
        links.map((l) => ({
          href: l.getAttribute("href")!,
          shown: l.querySelector(".track-link__duration")?.textContent ?? "",
          datetime: l.querySelector("time")?.getAttribute("datetime"),
        })),
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const seconds = await measured(rows.map((r) => `${server.url}${r.href}`));
      expect(rows.map((r) => r.shown)).toEqual(seconds.map(mss));
      expect(rows.map((r) => r.datetime)).toEqual(seconds.map((s) => `PT${Math.round(s)}S`));
      await context.close();
    });
  }
});

describe("plyr loaded on first play", () => {
  for (const width of [390, 1440]) {
    it(`home ships no plyr code or CSS until the visitor plays (${width} px)`, async () => {
      const { context, page, errors } = await open({ width });
      const requested: string[] = [];
      page.on("request", (r) => requested.push(r.url()));
      await visit(page, "/");
      const html = await page.content();
      // The player's chunk (PlayerPanel: the panel with plyr and its CSS)
      const plyrAssets = (list: string[]) => list.filter((u) => /PlayerPanel|PlyrAudio|plyr/i.test(u.replace(server.url, "")));
      expect(plyrAssets(requested)).toEqual([]);
      expect(html).not.toMatch(/assets\/(PlayerPanel|PlyrAudio)-[^"]+\.(js|css)/);
      await page.locator(".music-card a[data-action=play]").first().click();
      await waitForPlayback(page);
      await page.locator(".audio-player .plyr__controls").first().waitFor();
      expect(plyrAssets(requested).some((u) => u.endsWith(".js"))).toBe(true);
      expect(plyrAssets(requested).some((u) => u.endsWith(".css"))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
