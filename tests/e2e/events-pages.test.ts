import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { rows, run } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// Issue 36, point 4: what visitors get of concerts: the pages, the calendars (read by a real iCalendar
// parser) and the MusicEvent JSON-LD; drafts and scheduled concerts in none of them.
const server = appPerFile();
let api: HttpClient;
let work: { id: number; title: string };
const made: Record<string, { id: number; slug: string }> = {};

async function create(word: string, extra: Record<string, unknown>) {
  const res = await api.request("POST", "/api/events/", {
    json: {
      title: `Concerto ${word}`,
      title_eng: `Concert ${word}`,
      starts_at: "2031-05-10T20:30:00+02:00",
      venue: `Sala ${word}`,
      city: "Torino",
      country: "IT",
      ...extra,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  made[word] = (await res.json()) as { id: number; slug: string };
}

beforeAll(async () => {
  api = new HttpClient(server.url);
  await api.apiLogin();
  work = rows<{ id: number; title: string }>(server, "SELECT id, title FROM Music WHERE status = 'published' ORDER BY id LIMIT 1")[0] as {
    id: number;
    title: string;
  };
  await create("Aperto", {
    ticket_url: "https://tickets.example.org/aperto",
    performers: "Orchestra Prova\nCoro Prova",
    address: "Via Roma 1",
    works: [{ id: work.id, premiere: true }],
  });
  await create("Annullato", { event_status: "cancelled", starts_at: "2031-06-01T21:00:00+02:00" });
  await create("Bozza", { status: "draft" });
  await create("Programmato", { publish_at: "2031-01-01T00:00:00Z" });
  await create("Remoto", { starts_at: "2002-01-01T20:00:00+01:00" });
  await create("Recente", { starts_at: new Date(Date.now() - 30 * 86_400_000).toISOString() });
});

const visitor = () => new HttpClient(server.url);
const text = async (path: string, status = 200) => {
  const res = await visitor().get(path);
  expect(res.status, path).toBe(status);
  return res.text();
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "") as Record<string, unknown>);

describe("concert pages", () => {
  it("list the published concerts in both languages, a cancelled one labelled; drafts and scheduled ones nowhere", async () => {
    for (const [path, cancelled] of [
      ["/events", "Annullato"],
      ["/en/events", "Cancelled"],
    ] as const) {
      const html = await text(path);
      expect(html).toContain("Sala Aperto");
      expect(html).toContain("Sala Remoto");
      expect(html).toMatch(new RegExp(`Sala Annullato[\\s\\S]*?${cancelled}`));
      expect(html).not.toContain("Sala Bozza");
      expect(html).not.toContain("Sala Programmato");
    }
    expect(await text("/en/events")).toContain("Concert Aperto");
    expect(await text("/events?when=past")).not.toContain("Sala Aperto");
    for (const hidden of ["Bozza", "Programmato"]) {
      await text(`/events/${made[hidden]?.slug}`, 404);
      await text(`/events/${made[hidden]?.slug}.ics`, 404);
      expect((await visitor().get(`/api/events/${made[hidden]?.slug}/`)).status).toBe(404);
    }
  });

  it("gives a concert page MusicEvent JSON-LD with its status, place, tickets, performers and works, times in Rome", async () => {
    const html = await text(`/en/events/${made.Aperto?.slug}`);
    expect(html).toContain("20:30");
    const event = jsonLd(html).find((thing) => thing["@type"] === "MusicEvent");
    expect(event).toMatchObject({
      name: "Concert Aperto",
      startDate: "2031-05-10T20:30:00+02:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "Sala Aperto",
        address: { "@type": "PostalAddress", streetAddress: "Via Roma 1", addressLocality: "Torino", addressCountry: "IT" },
      },
      offers: { "@type": "Offer", url: "https://tickets.example.org/aperto" },
      performer: [
        { "@type": "PerformingGroup", name: "Orchestra Prova" },
        { "@type": "PerformingGroup", name: "Coro Prova" },
      ],
    });
    const performed = (event?.workPerformed as { "@type": string; url: string }[])[0];
    expect(performed?.["@type"]).toBe("MusicComposition");
    expect((await visitor().get(new URL(performed?.url ?? "").pathname)).status).toBe(200);
    const cancelled = jsonLd(await text(`/events/${made.Annullato?.slug}`)).find((thing) => thing["@type"] === "MusicEvent");
    expect(cancelled?.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(cancelled).not.toHaveProperty("offers");
  });
});

describe("site search", () => {
  const cards = (html: string) => [...html.matchAll(/<li class="result-card" data-type="events">([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? "");

  it("finds a concert by either title, its venue, its city and its works' titles, with its day in each language; never a draft or scheduled one", async () => {
    const [shown, drafted] = rows<{ id: number; title: string }>(server, "SELECT id, title FROM Music WHERE status = 'published' ORDER BY id LIMIT 2 OFFSET 1");
    const zaffiro = { title: "Notte zaffiro", title_eng: "Sapphire night", venue: "Teatro Ametista", city: "Vigevano", starts_at: "2031-09-12T21:00:00+02:00" };
    await create("Zaffiro", { ...zaffiro, works: [{ id: shown?.id }, { id: drafted?.id }] });
    await create("ZaffiroBozza", { ...zaffiro, status: "draft" });
    await create("ZaffiroProgrammato", { ...zaffiro, publish_at: "2031-01-01T00:00:00Z" });

    // Only the published one, whatever the query found besides (a demo concert plays the same work).
    const zaffiroCards = async (path: string) => cards(await text(path)).filter((card) => card.includes("zaffiro") || card.includes("Sapphire"));
    for (const query of ["zaffiro", "sapphire", "ametista", "vigevano", shown?.title ?? ""]) {
      const found = await zaffiroCards(`/search?query=${encodeURIComponent(query)}`);
      expect(found, query).toHaveLength(1);
      expect(found[0]).toContain(`href="/events/${made.Zaffiro?.slug}"`);
      expect(found[0]).toContain("Notte zaffiro");
      expect(found[0]).toContain('<time class="result-card__date" dateTime="2031-09-12T21:00:00+02:00">venerdì 12 settembre 2031</time>');
      expect(found[0]).toContain("Teatro Ametista, Vigevano");
    }
    const english = await zaffiroCards("/en/search?query=sapphire");
    expect(english).toHaveLength(1);
    expect(english[0]).toContain(`href="/en/events/${made.Zaffiro?.slug}"`);
    expect(english[0]).toContain("Sapphire night");
    expect(english[0]).toContain(">Friday, 12 September 2031</time>");

    // A composition visitors may not see names no concert.
    const draftedSearch = `/search?query=${encodeURIComponent(drafted?.title ?? "")}`;
    expect(await zaffiroCards(draftedSearch)).toHaveLength(1);
    run(server, "UPDATE Music SET status = 'draft' WHERE id = ?", drafted?.id);
    expect(await zaffiroCards(draftedSearch)).toHaveLength(0);
  });
});

describe("calendars", () => {
  const vevents = (body: string) => Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");

  it("hold the upcoming concerts and those of the last 12 months, one stable UID each, SEQUENCE growing with each edit, cancelled ones marked", async () => {
    const res = await visitor().get("/events.ics");
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const before = vevents(await res.text());
    // The demo's concerts ahead are there too (the seed dates them from its start); this file's, by their names.
    const summaries = before.map((e) => e.summary).sort();
    expect(summaries).toContain("Quaderno di Ravenna a Lisbona");
    expect(summaries.filter((summary) => typeof summary === "string" && summary.startsWith("Concerto "))).toEqual([
      "Concerto Annullato",
      "Concerto Aperto",
      "Concerto Recente",
    ]);
    const open = before.find((e) => e.summary === "Concerto Aperto");
    // node-ical keeps the property's VALUE=URI parameter beside the text.
    expect(open?.url).toMatchObject({ val: `${server.url}/events/${made.Aperto?.slug}` });
    expect(open?.start.toISOString()).toBe("2031-05-10T18:30:00.000Z");
    expect(before.find((e) => e.summary === "Concerto Annullato")?.status).toBe("CANCELLED");
    expect(vevents(await text("/en/events.ics")).map((e) => e.summary)).toContain("Concert Aperto");

    for (const edit of [{ venue: "Sala Nuova" }, { event_status: "cancelled" }]) {
      expect((await api.request("PATCH", `/api/events/${made.Aperto?.id}/`, { json: edit })).status).toBe(200);
    }
    const after = vevents(await text("/events.ics")).find((e) => e.uid === open?.uid);
    expect(after?.status).toBe("CANCELLED");
    expect(Number(after?.sequence)).toBe(Number(open?.sequence) + 2);

    const single = vevents(await text(`/events/${made.Aperto?.slug}.ics`));
    expect(single.map((e) => e.uid)).toEqual([open?.uid]);
  });
});
