import { describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE, csrfCookieFrom, csrfFailure, isCrossSite, newCsrfTokenFor } from "~/server/http/api/csrf.server";
import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { readBytes } from "~/server/http/body.server";
import { listQuery } from "~/server/http/api/list.server";
import { pageWindow } from "~/lib/list-params";
import { wire } from "~/server/http/api/wire.server";
import { loader as userinfoLoader } from "~/routes/api/userinfo";
import { action as categoryAction, loader as categoryLoader } from "~/routes/api/category";
import { createCategory } from "~/server/domain/categories.server";
import { db } from "~/server/storage/db.server";

const BASE = "http://site.test";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;

describe("wire mapping (SPEC.md 3)", () => {
  it("maps camelCase rows to the snake_case shapes and nothing else", () => {
    const category = { id: 1, nameEng: "SOUNDTRACKS", name: "COLONNE SONORE", type: "music" as const };
    expect(wire.category(category)).toEqual({ id: 1, name: "COLONNE SONORE", name_eng: "SOUNDTRACKS", type: "music" });
    const music = wire.music({
      id: 2,
      slug: "s",
      title: "T",
      titleEng: "TE",
      description: "d",
      descriptionEng: "e",
      img: "/media/images/a.jpg",
      link: "",
      videos: null,
      status: "published",
      publishAt: null,
      createdAt: new Date(),
      category: { id: 1, name: "N", nameEng: "NE" },
      // Issue 36: the catalogue data, unset as on a composition saved before it.
      year: null,
      durationMinutes: null,
      ensemble: null,
      instrumentation: "",
      instrumentationEng: "",
      instruments: "[]",
      premiere: "",
      premiereEng: "",
      commission: "",
      commissionEng: "",
      publisher: "",
      score: null,
      scorePages: null,
      scoreOriginal: null,
      tracks: [
        {
          id: 7,
          name: "a",
          nameEng: "",
          url: "/media/tracks/a.mp3",
          durationSeconds: 8,
          streamState: "pending",
          streamUrl: null,
          peaksUrl: null,
          loudnessLufs: null,
          streamError: null,
        },
      ],
    });
    expect(music).toEqual({
      id: 2,
      slug: "s",
      title: "T",
      title_eng: "TE",
      description: "d",
      description_eng: "e",
      category: { id: 1, name: "N", name_eng: "NE" },
      img: "/media/images/a.jpg",
      link: null,
      videos: null,
      // Issue 25: the stream fields; until the stream is ready, stream_url is the master.
      music_tracks: [
        {
          name: "a",
          // Issue 25: the English name, empty like title_eng when it is the Italian one.
          name_eng: "",
          url: "/media/tracks/a.mp3",
          stream_url: "/media/tracks/a.mp3",
          stream_type: "audio/mpeg",
          peaks_url: null,
          duration: 8,
          loudness_lufs: null,
          state: "pending",
        },
      ],
      year: null,
      duration_minutes: null,
      ensemble: null,
      instrumentation: "",
      instrumentation_eng: "",
      instruments: [],
      premiere: "",
      premiere_eng: "",
      commission: "",
      commission_eng: "",
      publisher: null,
      score_url: null,
      score_pages: null,
    });
    const activity = wire.activity({ id: 3, date: new Date("2026-01-02T03:04:05Z"), username: "admin", description: "x" });
    expect(activity).toEqual({ id: 3, date: "2026-01-02T03:04:05.000Z", description: "x", user_data: { username: "admin" } });
    const user = wire.user({ id: 1, username: "u", firstName: "F", lastName: "L", email: "e", isStaff: true, isSuperuser: false, groups: '["editors", 3]' });
    expect(user).toEqual({ id: 1, username: "u", first_name: "F", last_name: "L", email: "e", is_staff: true, is_superuser: false, groups: ["editors"] });
    expect(
      wire.user({ ...{ id: 1, username: "u", firstName: "", lastName: "", email: "", isStaff: false, isSuperuser: false }, groups: "not json" }).groups,
    ).toEqual([]);
  });
});

describe("csrf", () => {
  it("accepts only server-signed tokens echoed in the header, from this site", () => {
    const token = newCsrfTokenFor(new Request(`${BASE}/`));
    const good = new Request(`${BASE}/api/x`, { method: "POST", headers: { Cookie: `a=b; ${CSRF_COOKIE}=${token}`, "X-CSRFToken": token } });
    expect(csrfCookieFrom(good)).toBe(token);
    expect(csrfFailure(good)).toBeNull();
    const unsigned = new Request(`${BASE}/api/x`, { method: "POST", headers: { Cookie: `${CSRF_COOKIE}=abc.def`, "X-CSRFToken": "abc.def" } });
    expect(csrfFailure(unsigned)).toBe("token");
    const other = newCsrfTokenFor(new Request(`${BASE}/`));
    expect(csrfFailure(new Request(`${BASE}/api/x`, { method: "POST", headers: { Cookie: `${CSRF_COOKIE}=${token}`, "X-CSRFToken": other } }))).toBe("token");
    const cross = new Request(`${BASE}/api/x`, {
      method: "POST",
      headers: { Cookie: `${CSRF_COOKIE}=${token}`, "X-CSRFToken": token, Origin: "https://evil.test" },
    });
    expect(csrfFailure(cross)).toBe("cross-site");
  });

  it("tells cross-site requests by Origin and Sec-Fetch-Site", () => {
    const req = (headers: Record<string, string>) => new Request(`${BASE}/api/x`, { method: "POST", headers });
    expect(isCrossSite(req({}))).toBe(false);
    expect(isCrossSite(req({ Origin: BASE }))).toBe(false);
    expect(isCrossSite(req({ Origin: "https://site.test" }))).toBe(false); // same host behind a TLS proxy
    expect(isCrossSite(req({ Origin: "http://evil.test" }))).toBe(true);
    expect(isCrossSite(req({ Origin: "http://site.test.evil.test" }))).toBe(true);
    expect(isCrossSite(req({ Origin: "null" }))).toBe(true);
    expect(isCrossSite(req({ Origin: "not a url" }))).toBe(true);
    expect(isCrossSite(req({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSite(req({ "Sec-Fetch-Site": "same-origin", Origin: BASE }))).toBe(false);
  });
});

describe("http edge", () => {
  it("answers 405 with Allow, ApiError as JSON and unexpected errors as a bare 500 (no stack)", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const api = endpoint({
      GET: () => json({ ok: true }),
      POST: () => {
        throw new Error("secret internals at /work/main/app/x.ts:1");
      },
      DELETE: () => {
        throw new ApiError(409, "In uso");
      },
    });
    const put = await api.action(args(new Request(`${BASE}/api/x`, { method: "PUT" })));
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST, DELETE, OPTIONS");
    const boom = await api.action(args(new Request(`${BASE}/api/x`, { method: "POST" })));
    expect(boom.status).toBe(500);
    expect(await boom.text()).toBe('{"error":"Errore interno del server"}');
    const conflict = await api.action(args(new Request(`${BASE}/api/x`, { method: "DELETE" })));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "In uso" });
    const get = await api.loader(args(new Request(`${BASE}/api/x`)));
    expect(get.headers.getSetCookie().some((c) => c.startsWith("csrftoken=") && !/httponly/i.test(c) && /samesite=lax/i.test(c))).toBe(true);
    quiet.mockRestore();
  });

  it("stops reading a body past its limit even without Content-Length (chunked)", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 1000) controller.close();
      },
    });
    const request = new Request(`${BASE}/api/x`, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expect(readBytes(request, 256 * 1024)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(10);
  });

  it("refuses non-JSON content types and malformed JSON", async () => {
    const post = (body: string, type: string) => new Request(`${BASE}/api/x`, { method: "POST", body, headers: { "Content-Type": type } });
    await expect(readJson(post("{}", "text/plain"))).rejects.toMatchObject({ status: 415 });
    await expect(readJson(post("{", "application/json"))).rejects.toMatchObject({ status: 400 });
    await expect(readJson(post("[]", "application/json; charset=utf-8"))).rejects.toMatchObject({ status: 400 });
    await expect(readJson(post('{"a":1}', "application/json; charset=utf-8"))).resolves.toEqual({ a: 1 });
  });

  it("reads the list parameters: whole without page and size, else the admin lists' pages", () => {
    expect(listQuery(new Request(`${BASE}/api/news/`))).toEqual({ q: "", page: 1, size: undefined });
    expect(listQuery(new Request(`${BASE}/api/news/?q=%20a%20&page=3`))).toEqual({ q: "a", page: 3, size: 30 });
    expect(listQuery(new Request(`${BASE}/api/news/?size=all&page=4`))).toEqual({ q: "", page: 1, size: undefined });
    expect(pageWindow({ page: 1, size: undefined })).toEqual({ skip: 0, take: undefined });
    expect(pageWindow({ page: 3, size: 3 })).toEqual({ skip: 6, take: 3 });
  });
});

describe("routes called directly", () => {
  it("userinfo answers [] for anonymous; category lists and refuses anonymous writes", async () => {
    const info = await userinfoLoader(args(new Request(`${BASE}/api/userinfo/`)));
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual([]);
    const admin = await db.user.create({ data: { username: "direct", passwordHash: "x", isStaff: true } });
    await createCategory({ name: "DIRETTA", name_eng: "DIRECT", type: "music" }, admin);
    const list = await categoryLoader(args(new Request(`${BASE}/api/category/?type=music&q=DIRE`)));
    expect(await list.json()).toEqual([expect.objectContaining({ name: "DIRETTA", name_eng: "DIRECT", type: "music" })]);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const token = newCsrfTokenFor(new Request(`${BASE}/`));
    const write = await categoryAction(
      args(
        new Request(`${BASE}/api/category/`, {
          method: "POST",
          headers: { Cookie: `${CSRF_COOKIE}=${token}`, "X-CSRFToken": token, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "X", name_eng: "X", type: "news" }),
        }),
      ),
    );
    expect(write.status).toBe(401);
    expect(await db.category.count()).toBe(1);
  });
});
