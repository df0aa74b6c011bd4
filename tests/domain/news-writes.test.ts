import { beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import { action as adminNewsCreate } from "~/routes/admin/news-create";
import { createNewsFromRequest } from "~/server/http/api/content.server";
import { ApiError } from "~/server/http/api/http.server";
import { db } from "~/server/storage/db.server";
import { runInRequestScope } from "~/server/platform/request-scope.server";
import { staffContext } from "~/server/domain/session.server";
import { staffWithCategory } from "../support/staff";

/**
 * issue 10: the admin form and api/ call the same domain functions, so the same body gets the same
 * SaveResult (status and field errors) and writes the same rows, with one activity row per save.
 */
let actor: Awaited<ReturnType<typeof staffWithCategory>>["actor"];
let categoryId: number;

beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("redazione", { name: "Concerti", name_eng: "Concerts", type: "news" }));
});

type Fields = Record<string, string>;

/** The admin path: the /admin/newsCreate action with a plain form post, as a browser without JavaScript sends it. */
async function throughAdmin(fields: Fields): Promise<{ status: number; errors?: Record<string, string>; location?: string }> {
  const request = new Request("http://site.test/admin/newsCreate", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const context = { get: (key: unknown) => (key === staffContext ? actor : undefined) };
  const answer = (await adminNewsCreate({ request, params: {}, context } as never)) as
    Response | { data: { errors: Record<string, string> }; init: ResponseInit };
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") ?? undefined };
  return { status: answer.init.status ?? 200, errors: answer.data.errors };
}

/** The api/ path: POST api/news/ with a multipart body, as the SPEC's clients send it. */
async function throughApi(fields: Fields): Promise<{ status: number; errors?: Record<string, string>; slug?: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request("http://site.test/api/news/", { method: "POST", body });
  const atRequestEnd: (() => void)[] = [];
  try {
    const response = await runInRequestScope({ requestId: "test", callbacks: atRequestEnd }, () => createNewsFromRequest(request, actor));
    return { status: response.status, slug: ((await response.json()) as { slug: string }).slug };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, errors: error.extra.errors as Record<string, string> };
  } finally {
    for (const done of atRequestEnd) done();
  }
}

const counts = async () => ({ news: await db.news.count(), activities: await db.activity.count() });

const newsRow = (slug: string) =>
  db.news.findUniqueOrThrow({
    where: { slug },
    select: { title: true, titleEng: true, description: true, descriptionEng: true, date: true, image: true, categoryId: true, attachments: true },
  });

describe("news saved through the admin form and through api/", () => {
  it("refuse a missing title with the same SaveResult and write nothing", async () => {
    const before = await counts();
    const fields = { category: String(categoryId), title: "", title_eng: "Title", description: "<p>Testo</p>", date: "2026-03-01" };
    const admin = await throughAdmin(fields);
    const api = await throughApi(fields);
    expect(admin).toEqual({ status: 400, errors: { title: REQUIRED_MESSAGE } });
    expect(api).toEqual(admin);
    expect(await counts()).toEqual(before);
  });

  it("save the same row and one activity row each for the same valid body", async () => {
    const before = await counts();
    const fields = {
      category: String(categoryId),
      title: "Prima assoluta",
      title_eng: "Premiere",
      description: "<p>Sala <b>grande</b></p>",
      date: "2026-03-01",
    };
    const admin = await throughAdmin(fields);
    const api = await throughApi(fields);
    expect(admin.status).toBe(302);
    expect(api.status).toBe(201);
    // the admin returns to the item's edit page (issue 35.9): /admin/newsList/{slug}?avviso=salvato
    const adminSlug = decodeURIComponent(/^\/admin\/newsList\/([^/?]+)/.exec(admin.location ?? "")?.[1] ?? "");
    expect(await newsRow(api.slug ?? "")).toEqual(await newsRow(adminSlug));
    expect(await counts()).toEqual({ news: before.news + 2, activities: before.activities + 2 });
    const activities = await db.activity.findMany({ orderBy: { id: "desc" }, take: 2, select: { userId: true, description: true } });
    expect(activities).toEqual([
      { userId: actor.id, description: 'Creata la notizia "Prima assoluta"' },
      { userId: actor.id, description: 'Creata la notizia "Prima assoluta"' },
    ]);
  });
});
