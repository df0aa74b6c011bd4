import { beforeAll, describe, expect, it } from "vitest";
import { count, row, rows } from "../support/db";
import { pngBytes } from "../support/files";
import { formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// Issue 36, point 4: «Concerti» in the admin, posted as a browser without JavaScript posts it: the works
// picker (add a row, order, premiere), refusals that keep what was typed, duplicate, trash, CSV import.
const server = appPerFile();
let admin: HttpClient;
let works: { id: number; title: string }[];

beforeAll(async () => {
  admin = new HttpClient(server.url);
  await admin.login();
  works = rows<{ id: number; title: string }>(server, "SELECT id, title FROM Music ORDER BY id LIMIT 2");
});

const [first, second] = [() => works[0] as { id: number; title: string }, () => works[1] as { id: number; title: string }];

const concertForm = (extra: Record<string, string> = {}) => ({
  title: "Serata Admin",
  title_eng: "Admin Evening",
  starts_at: "2031-07-14T21:00",
  ends_at: "",
  event_status: "scheduled",
  venue: "Auditorium",
  city: "Milano",
  country: "IT",
  address: "",
  ticket_url: "",
  performers: "",
  description: "",
  description_eng: "",
  publication: "ora",
  ...extra,
});

describe("admin concerts without JavaScript", () => {
  it("adds a row to the works picker with «Aggiungi opera», keeping what was typed and saving nothing", async () => {
    const demoConcerts = count(server, "Event");
    const page = await (await admin.get("/admin/events/nuovo")).text();
    expect(page).toContain('name="works_music_0"');
    expect(page).not.toContain('name="works_music_1"');
    const res = await admin.post("/admin/events/nuovo", formData(concertForm({ works_music_0: String(first().id), works_order_0: "1", intent: "add-work" })));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="works_music_1"');
    expect(html).toMatch(new RegExp(`<option value="${first().id}" selected=""`));
    expect(html).toContain('value="Serata Admin"');
    expect(count(server, "Event")).toBe(demoConcerts);
  });

  it("saves the programme in the order of its numbers with the premiere, the start typed in Rome time", async () => {
    const res = await admin.post(
      "/admin/events/nuovo",
      formData(
        concertForm({
          works_music_0: String(first().id),
          works_order_0: "2",
          works_music_1: String(second().id),
          works_order_1: "1",
          works_premiere_1: "1",
          works_music_2: "",
          works_order_2: "3",
        }),
      ),
    );
    expect(res.status, await res.clone().text()).toBe(302);
    const event = row<{ id: number; startsAt: number | string }>(server, "SELECT id, startsAt FROM Event WHERE title = 'Serata Admin'");
    expect(new Date(event.startsAt).toISOString()).toBe("2031-07-14T19:00:00.000Z");
    expect(rows(server, "SELECT musicId, premiere FROM EventWork WHERE eventId = ? ORDER BY position", event.id)).toEqual([
      { musicId: second().id, premiere: 1 },
      { musicId: first().id, premiere: 0 },
    ]);
  });

  it("refuses bad values with Italian messages beside the fields, showing again what was typed and the programme", async () => {
    const res = await admin.post(
      "/admin/events/nuovo",
      formData(concertForm({ title: "Serata Rifiutata", venue: "", country: "Italia", starts_at: "2031-02-30T20:00", works_music_0: String(first().id) })),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Il campo «Luogo (sala, teatro)» è obbligatorio");
    expect(html).toContain('value="Serata Rifiutata"');
    expect(html).toMatch(new RegExp(`<option value="${first().id}" selected=""`));
    expect(count(server, "Event", "title = 'Serata Rifiutata'")).toBe(0);
  });

  it("duplicates a concert as a draft with its programme, and deletes one to the trash", async () => {
    const slug = row<{ slug: string }>(server, "SELECT slug FROM Event WHERE title = 'Serata Admin'").slug;
    const res = await admin.post(`/admin/events/${slug}`, { intent: "duplicate" });
    expect(res.status).toBe(302);
    const copies = rows<{ id: number; slug: string; status: string }>(server, "SELECT id, slug, status FROM Event WHERE title = 'Serata Admin' ORDER BY id");
    expect(copies.map((c) => c.status)).toEqual(["published", "draft"]);
    expect(res.headers.get("location")).toContain(copies[1]?.slug);
    expect(count(server, "EventWork", "eventId = ?", copies[1]?.id)).toBe(2);

    expect((await admin.post(`/admin/events/${copies[1]?.slug}/delete`, {})).status).toBe(302);
    expect(count(server, "Event", "id = ?", copies[1]?.id)).toBe(0);
    expect(count(server, "TrashEntry", "kind = 'event' AND itemId = ?", copies[1]?.id)).toBe(1);
  });

  it("imports a CSV all or nothing, naming the line and column of every error", async () => {
    const before = count(server, "Event");
    const bad = [
      "date,time,venue,city,country,ticket_url,title,title_eng",
      "2031-09-01,20:30,Teatro Uno,Roma,IT,,Tournée uno,Tour one",
      "2031-09-02,25:00,Teatro Due,Napoli,XX,ftp://x,Tournée due,",
      "01/09/2031,20:30,,Bari,IT,,,",
    ].join("\n");
    const refused = await admin.post("/admin/events/importa", formData({ file: [new Blob([bad], { type: "text/csv" }), "tour.csv"] }));
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
    for (const expected of [
      "Riga 3, colonna «time»",
      "Riga 3, colonna «country»",
      "Riga 3, colonna «ticket_url»",
      "Riga 4, colonna «date»",
      "Riga 4, colonna «venue»",
      "Riga 4, colonna «title»",
    ]) {
      expect(html).toContain(expected);
    }
    expect(count(server, "Event")).toBe(before);

    const good = "date,time,venue,city,country,title\n2031-09-01,20:30,Teatro Uno,Roma,IT,Tournée uno\n2031-09-02,21:00,Teatro Due,Napoli,it,Tournée due\n";
    const saved = await admin.post("/admin/events/importa", formData({ text: good, publish: "1" }));
    expect(saved.status, await saved.clone().text()).toBe(302);
    expect(rows(server, "SELECT city, country, status FROM Event WHERE title LIKE 'Tournée%' ORDER BY startsAt")).toEqual([
      { city: "Roma", country: "IT", status: "published" },
      { city: "Napoli", country: "IT", status: "published" },
    ]);
  });
});

describe("a concert's picture in the media library", () => {
  it("is listed as used by its concert, and the library refuses to delete it (409 naming the concert)", async () => {
    const concert = row<{ title: string; slug: string; image: string }>(
      server,
      "SELECT title, slug, image FROM Event WHERE image IS NOT NULL ORDER BY id LIMIT 1",
    );
    const key = concert.image.slice("/media/".length);
    const library = (await (await admin.get("/admin/media?size=all")).text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
    expect(library).toContain(`<a href="/admin/events/${concert.slug}" data-discover="true">Concerto: ${concert.title}</a>`);
    const refused = await admin.post(`/admin/media/elimina?chiave=${encodeURIComponent(key)}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(`Concerto: ${concert.title}`);
    expect(row(server, "SELECT image FROM Event WHERE slug = ?", concert.slug)).toEqual({ image: concert.image });
  });

  it("a replace moves the concert to the new picture, keeping a revision of it with the old one", async () => {
    const concert = row<{ id: number; image: string }>(server, "SELECT id, image FROM Event WHERE image IS NOT NULL ORDER BY id LIMIT 1");
    const revisions = count(server, "Revision", "kind = 'event' AND itemKey = ?", String(concert.id));
    const file = new Blob([Buffer.from(await pngBytes("#3a6ea5", 64))], { type: "image/png" });
    const replaced = await admin.post(
      "/admin/media",
      formData({ intent: "replace", key: concert.image.slice("/media/".length), file: [file, "locandina.png"] }),
    );
    expect(replaced.status, await replaced.clone().text()).toBe(302);
    const now = row<{ image: string }>(server, "SELECT image FROM Event WHERE id = ?", concert.id).image;
    expect(now).not.toBe(concert.image);
    expect(now).toMatch(/^\/media\/images\//);
    // The revision before the replace brings the old picture back (ADR 027).
    expect(count(server, "Revision", "kind = 'event' AND itemKey = ?", String(concert.id))).toBeGreaterThan(revisions);
    const kept = rows<{ files: string }>(server, "SELECT files FROM Revision WHERE kind = 'event' AND itemKey = ?", String(concert.id));
    expect(kept.some((revision) => (JSON.parse(revision.files) as string[]).includes(concert.image))).toBe(true);
  });
});
