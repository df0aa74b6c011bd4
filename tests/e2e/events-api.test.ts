import { beforeAll, describe, expect, it } from "vitest";
import { row, rows } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// Issue 36, point 4: concerts through api/ (JSON), with their programme, publication, revisions and trash.
const server = appPerFile();
let api: HttpClient;
let works: { id: number; slug: string }[];

beforeAll(async () => {
  api = new HttpClient(server.url);
  await api.apiLogin();
  works = rows<{ id: number; slug: string }>(server, "SELECT id, slug FROM Music ORDER BY id LIMIT 2");
});

const visitor = () => new HttpClient(server.url);
type WireEvent = Record<string, unknown> & { id: number; slug: string; works: { id: number; premiere: boolean }[]; status?: string };

const concert = (word: string, extra: Record<string, unknown> = {}) => ({
  title: `Concerto ${word}`,
  title_eng: `Concert ${word}`,
  starts_at: "2031-07-14T21:00:00+02:00",
  venue: "Teatro Olimpico",
  city: "Vicenza",
  country: "it",
  ticket_url: "www.example.org/biglietti",
  performers: "Quartetto Prova",
  description: "<p>Programma</p><script>alert(1)</script>",
  works: [
    { id: works[1]?.id, premiere: true },
    { id: works[0]?.id, premiere: false },
  ],
  ...extra,
});

async function create(word: string, extra: Record<string, unknown> = {}): Promise<WireEvent> {
  const res = await api.request("POST", "/api/events/", { json: concert(word, extra) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WireEvent;
}

describe("api/events", () => {
  it("round-trips a concert: fields, offset in Rome time, ordered programme with the premiere; a PATCH keeps what it does not send", async () => {
    const created = await create("Andata");
    const read = (await visitor().getJson(`/api/events/${created.slug}/`)) as WireEvent;
    expect(read).toMatchObject({
      title: "Concerto Andata",
      title_eng: "Concert Andata",
      starts_at: "2031-07-14T21:00:00+02:00",
      ends_at: null,
      event_status: "scheduled",
      venue: "Teatro Olimpico",
      city: "Vicenza",
      country: "IT",
      address: null,
      ticket_url: "https://www.example.org/biglietti",
      performers: "Quartetto Prova",
      description: "<p>Programma</p>",
      image: null,
    });
    expect(read.works.map((w) => [w.id, w.premiere])).toEqual([
      [works[1]?.id, true],
      [works[0]?.id, false],
    ]);
    expect(read).not.toHaveProperty("status");

    const patched = await api.request("PATCH", `/api/events/${created.id}/`, { json: { event_status: "cancelled", starts_at: "2031-12-01T20:00:00Z" } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toMatchObject({
      event_status: "cancelled",
      starts_at: "2031-12-01T21:00:00+01:00",
      venue: "Teatro Olimpico",
      works: read.works,
    });
    expect(row(server, "SELECT sequence FROM Event WHERE id = ?", created.id)).toEqual({ sequence: 1 });
  });

  it("refuses bad values with a 400 that names each field, and saves nothing", async () => {
    const before = rows(server, "SELECT id FROM Event").length;
    const res = await api.request("POST", "/api/events/", {
      json: concert("Errata", {
        title: "",
        starts_at: "domani alle nove",
        ends_at: "ieri",
        event_status: "forse",
        venue: "",
        country: "XY",
        ticket_url: "javascript:alert(1)",
      }),
    });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["country", "ends_at", "event_status", "starts_at", "ticket_url", "title", "venue"]);

    const rules = await api.request("POST", "/api/events/", {
      json: concert("Errata", { starts_at: "2031-01-02T20:00:00+01:00", ends_at: "2031-01-01T20:00:00+01:00" }),
    });
    expect(rules.status).toBe(400);
    expect(Object.keys(((await rules.json()) as { errors: object }).errors)).toEqual(["ends_at"]);

    for (const bad of [[{ id: "uno" }], "non una lista", [{ id: 999999 }], [{ id: works[0]?.id }, { id: works[0]?.id }]]) {
      const answer = await api.request("POST", "/api/events/", { json: concert("Errata", { works: bad }) });
      expect(answer.status).toBe(400);
      expect(Object.keys(((await answer.json()) as { errors: object }).errors)).toEqual(["works"]);
    }
    expect(rows(server, "SELECT id FROM Event").length).toBe(before);
  });

  it("keeps drafts and scheduled concerts from visitors, lists upcoming soonest first and past newest first", async () => {
    const draft = await create("Bozza", { status: "draft", starts_at: "2031-03-01T20:00:00+01:00" });
    const scheduled = await create("Programmata", { publish_at: "2031-01-01T00:00:00Z", starts_at: "2031-03-02T20:00:00+01:00" });
    const soon = await create("Vicina", { starts_at: "2030-06-01T20:00:00+02:00" });
    const old = await create("Passata", { starts_at: "2001-06-01T20:00:00+02:00" });
    const older = await create("Remota", { starts_at: "1999-06-01T20:00:00+02:00" });
    const later = await create("Lontana", { starts_at: "2032-01-01T20:00:00+01:00" });
    expect(draft.status).toBe("draft");
    for (const hidden of [draft, scheduled]) expect((await visitor().get(`/api/events/${hidden.slug}/`)).status).toBe(404);
    expect((await api.request("GET", `/api/events/${draft.slug}/`)).status).toBe(200);

    const upcoming = ((await visitor().getJson("/api/events/")) as WireEvent[]).map((e) => e.slug);
    expect(upcoming).not.toContain(draft.slug);
    expect(upcoming).not.toContain(scheduled.slug);
    expect(upcoming).not.toContain(old.slug);
    expect(upcoming.indexOf(soon.slug)).toBeGreaterThanOrEqual(0);
    expect(upcoming.indexOf(soon.slug)).toBeLessThan(upcoming.indexOf(later.slug));
    const past = ((await visitor().getJson("/api/events/?when=past")) as WireEvent[]).map((e) => e.slug);
    expect(past.indexOf(old.slug)).toBeLessThan(past.indexOf(older.slug));
    expect(past).not.toContain(soon.slug);
    const staffList = ((await api.getJson("/api/events/?size=all")) as WireEvent[]).map((e) => e.slug);
    expect(staffList).toContain(draft.slug);
  });

  it("deletes to the trash and restores with the same id; revisions list and restore an earlier state", async () => {
    const made = await create("Cestino");
    await api.request("PATCH", `/api/events/${made.id}/`, { json: { venue: "Sala Nuova" } });
    const revisions = (await api.getJson(`/api/events/${made.id}/revisions/`)) as { id: number; item: { venue: string } }[];
    expect(revisions.map((r) => r.item.venue)).toEqual(["Sala Nuova", "Teatro Olimpico"]);
    const restored = await api.request("POST", `/api/events/${made.id}/revisions/${revisions[1]?.id}/restore/`);
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await restored.json()).toMatchObject({ venue: "Teatro Olimpico", works: made.works });

    expect((await api.request("DELETE", `/api/events/${made.id}/`)).status).toBe(204);
    expect((await visitor().get(`/api/events/${made.slug}/`)).status).toBe(404);
    const back = await api.request("POST", `/api/events/${made.id}/restore/`);
    expect(back.status, await back.clone().text()).toBe(201);
    expect(await back.json()).toMatchObject({ id: made.id, slug: made.slug, venue: "Teatro Olimpico" });
  });
});
