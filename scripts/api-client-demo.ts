/**
 * Drives a whole staff session through the api/ like the original single-page client did:
 * fetch the csrftoken cookie, log in, create a category, a news item with an uploaded attachment
 * and a music item with an uploaded track, edit both, delete everything, log out.
 *
 *   npx tsx scripts/api-client-demo.ts [base URL] [username] [password]
 *   (defaults: http://localhost:3000, $ADMIN_USERNAME or admin, $ADMIN_PASSWORD)
 *
 * Also the base of the tests' HTTP client (tests/support/http.ts), and run by tests/e2e/api-writes.test.ts.
 */
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";
import { demoStaffAccount } from "../core/config.mjs";

/** A 1x1 PNG: enough for the server to re-encode as an image. */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/**
 * A short MP3 with unique bytes (so its stored file belongs to one item only): an empty ID3 tag
 * and five MPEG-1 Layer III frames (128 kbps, 44.1 kHz: 417 bytes each) of random payload.
 */
export function fakeMp3(): Buffer {
  const frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), crypto.randomBytes(413)]);
  return Buffer.concat([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), ...Array.from({ length: 5 }, frame)]);
}

/** A "PDF" with unique bytes. */
export function fakePdf(): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.4\n", "latin1"), crypto.randomBytes(1024), Buffer.from("\n%%EOF\n", "latin1")]);
}

type ApiRequestOptions = {
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: HeadersInit;
  /** Leave out the X-CSRFToken header (tests of the refusal). */
  noCsrf?: boolean;
};

/**
 * A cookie-keeping client that never follows redirects and sends the csrftoken cookie back as
 * X-CSRFToken on unsafe methods. The tests' HttpClient (tests/support/http.ts) extends it.
 */
export class ApiClient {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  /** The api/ token: the csrftoken cookie, sent back as X-CSRFToken on unsafe api/ requests. */
  get csrfToken(): string | undefined {
    return this.cookies.get("csrftoken");
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** One request as given, plus the kept cookies; the answer's Set-Cookie lines update them. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    const res = await fetch(`${this.base}${path}`, { redirect: "manual", ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** An api/ request the way the original client sent it: JSON or multipart, X-CSRFToken on unsafe methods. */
  request(method: string, path: string, opts: ApiRequestOptions = {}): Promise<Response> {
    const headers = new Headers(opts.headers);
    const unsafe = !["GET", "HEAD", "OPTIONS"].includes(method);
    if (unsafe && !opts.noCsrf && this.csrfToken && !headers.has("X-CSRFToken")) headers.set("X-CSRFToken", this.csrfToken);
    let body: BodyInit | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    } else if (opts.form) body = opts.form;
    return this.fetch(path, { method, headers, body });
  }

  /** GET and parse; throws on a non-2xx answer. */
  async getJson<T = any>(path: string): Promise<T> {
    return expectJson<T>(await this.fetch(path), `GET ${path}`);
  }

  /** Signs in through api/login/ (after fetching the csrftoken cookie); answers the user. */
  async apiLogin(username: string, password: string) {
    if (!this.csrfToken) await (await this.fetch("/api/userinfo/")).text();
    return expectJson(await this.request("POST", "/api/login/", { json: { username, password } }), "POST /api/login/");
  }

  /** PUT api/file/upload/ the way the original client did: the name url-encoded in Content-Disposition. */
  upload(bytes: Uint8Array, name: string, kind?: string) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]), "blob");
    if (kind) form.set("kind", kind);
    return this.request("PUT", "/api/file/upload/", { form, headers: { "Content-Disposition": `attachment; filename=${encodeURIComponent(name)}` } });
  }
}

export async function expectJson<T = any>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export type DemoResult = {
  user: any;
  categories: { news: any; music: any };
  upload: { attachment: any; track: any };
  news: { created: any; edited: any };
  music: { created: any; edited: any };
  deleted: { news: number; music: number; categories: number[] };
  afterLogout: unknown;
};

/** The whole session; `log` receives one line per step. */
export async function runDemo(base: string, username: string, password: string, log: (line: string) => void = console.log): Promise<DemoResult> {
  const api = new ApiClient(base);
  const stamp = Date.now().toString(36);

  const anonymous = await api.getJson("/api/userinfo/");
  log(`userinfo (anonimo): ${JSON.stringify(anonymous)}; csrftoken ${api.csrfToken ? "ricevuto" : "MANCANTE"}`);

  const user = await api.apiLogin(username, password);
  log(`login: ${user.username} (staff: ${user.is_staff})`);

  const newsCategory = await expectJson(
    await api.request("POST", "/api/category/", { json: { name: `NOTIZIE API ${stamp}`, name_eng: `API NEWS ${stamp}`, type: "news" } }),
    "POST category (news)",
  );
  const musicCategory = await expectJson(
    await api.request("POST", "/api/category/", { json: { name: `ALBUM API ${stamp}`, name_eng: `API ALBUMS ${stamp}`, type: "music" } }),
    "POST category (music)",
  );
  log(`categorie create: ${newsCategory.id}, ${musicCategory.id}`);

  const attachment = await expectJson(await api.upload(fakePdf(), `Programma di sala ${stamp}.pdf`), "PUT file/upload (pdf)");
  log(`allegato caricato: ${attachment.display_name} -> ${attachment.temp_name}`);

  const newsForm = new FormData();
  newsForm.set("category", String(newsCategory.id));
  newsForm.set("title", `Notizia dal client API ${stamp}`);
  newsForm.set("title_eng", `News from the API client ${stamp}`);
  newsForm.set("description", "<p>Creata con <strong>api/news/</strong>.</p>");
  newsForm.set("description_eng", "<p>Created through <strong>api/news/</strong>.</p>");
  newsForm.set("date", "2026-01-15");
  newsForm.set("image", new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "copertina.png");
  newsForm.set("attachments", JSON.stringify([{ temp_name: attachment.temp_name, display_name: attachment.display_name }]));
  const news = await expectJson(await api.request("POST", "/api/news/", { form: newsForm }), "POST news");
  log(`notizia creata: ${news.slug} (${news.attachments.length} allegato)`);

  const track = await expectJson(await api.upload(fakeMp3(), `Tema principale ${stamp}.mp3`), "PUT file/upload (mp3)");
  log(`traccia caricata: ${track.display_name} -> ${track.temp_name}`);

  const musicForm = new FormData();
  musicForm.set("category", String(musicCategory.id));
  musicForm.set("title", `Album dal client API ${stamp}`);
  musicForm.set("description", "Descrizione");
  musicForm.set("description_eng", "Description");
  musicForm.set("videos", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  musicForm.set("img", new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "cover.png");
  musicForm.set("music_tracks", JSON.stringify([{ temp_name: track.temp_name, display_name: track.display_name }]));
  const music = await expectJson(await api.request("POST", "/api/music/", { form: musicForm }), "POST music");
  log(`musica creata: ${music.slug} (${music.music_tracks.length} traccia)`);

  const editForm = new FormData();
  editForm.set("title", `Notizia modificata ${stamp}`);
  const editedNews = await expectJson(await api.request("PATCH", `/api/news/${news.id}/`, { form: editForm }), "PATCH news");
  const editedMusic = await expectJson(
    await api.request("PATCH", `/api/music/${music.slug}/`, { json: { description: "Descrizione modificata", music_tracks: music.music_tracks } }),
    "PATCH music",
  );
  log(`modificate: "${editedNews.title}", "${editedMusic.description}"`);

  const delNews = await api.request("DELETE", `/api/news/${news.id}/`);
  const delMusic = await api.request("DELETE", `/api/music/${music.id}/`);
  const delCats = [
    (await api.request("DELETE", `/api/category/${newsCategory.id}/`)).status,
    (await api.request("DELETE", `/api/category/${musicCategory.id}/`)).status,
  ];
  log(`eliminate: notizia ${delNews.status}, musica ${delMusic.status}, categorie ${delCats.join(", ")}`);

  await expectJson(await api.request("POST", "/api/logout/"), "POST logout");
  const afterLogout = await api.getJson("/api/userinfo/");
  log(`logout; userinfo: ${JSON.stringify(afterLogout)}`);

  return {
    user,
    categories: { news: newsCategory, music: musicCategory },
    upload: { attachment, track },
    news: { created: news, edited: editedNews },
    music: { created: music, edited: editedMusic },
    deleted: { news: delNews.status, music: delMusic.status, categories: delCats },
    afterLogout,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const account = demoStaffAccount();
  const [base = "http://localhost:3000", username = account.username, password = account.password] = process.argv.slice(2);
  runDemo(base.replace(/\/$/, ""), username, password).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
