import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { action as newsItemAction } from "~/routes/api/news-item";
import { updateNewsFromRequest } from "~/server/http/api/content.server";
import { createCategory } from "~/server/domain/categories.server";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { runInRequestScope } from "~/server/platform/request-scope.server";
import { saveNews, parseNewsInput } from "~/server/domain/news.server";
import { upsertStaffUser } from "~/server/domain/users.server";
import { filesUnder } from "../support/files";

/**
 * issue 9: PATCH /api/news/{id}/ racing a DELETE of the same row answered 500 (Prisma P2025) and
 * left the image the PATCH had stored on disk. The race is made deterministic: the row is deleted
 * right before the PATCH's transaction starts.
 */
let actor: { id: number; username: string; isStaff: boolean; isSuperuser: boolean };
let categoryId: number;

beforeAll(async () => {
  const user = await upsertStaffUser("racer", "racer-password-1");
  actor = { id: user.id, username: user.username, isStaff: true, isSuperuser: false };
  const savedCategory = await createCategory({ name: "Gara", name_eng: "Race", type: "news" }, user);
  if (!savedCategory.ok) throw new Error("fixture category not saved");
  categoryId = savedCategory.item.id;
});

const files = () => filesUnder(getEnv().uploadsDir);

async function newsRow(title: string) {
  const parsed = parseNewsInput({ category: String(categoryId), title, title_eng: title, description: "<p>x</p>", date: "" });
  if (!parsed.ok) throw new Error("fixture");
  const created = await saveNews(null, parsed.data, {}, actor);
  if (!created.ok) throw new Error("fixture");
  return created.item;
}

async function patchWithImage(id: number) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.set("title", "Nuovo titolo");
  body.set("image", new File([new Uint8Array(png)], "nuova.png", { type: "image/png" }));
  return new Request(`http://site.test/api/news/${id}/`, { method: "PATCH", body });
}

/**
 * A DELETE wins the race: the row disappears after the PATCH checked it and its category (the
 * last read before the new image is stored and the row updated).
 */
function deleteAfterCategoryCheck(id: number) {
  const category = db.category;
  const original = category.findUnique.bind(category);
  return vi.spyOn(category, "findUnique").mockImplementationOnce((async (args: never) => {
    const found = await original(args);
    await db.news.delete({ where: { id } });
    return found;
  }) as never);
}

describe("PATCH racing DELETE (issue 9)", () => {
  it("answers 404, not 500, and leaves no stored image behind", async () => {
    const item = await newsRow("Corsa uno");
    const before = files();
    const spy = deleteAfterCategoryCheck(item.id);
    // As the Express edge does: the request runs with its end-of-request work, done once it is answered
    // (the reader's temporary .part files live until then).
    const atRequestEnd: (() => void)[] = [];
    const request = await patchWithImage(item.id);
    await expect(
      runInRequestScope({ requestId: "test", callbacks: atRequestEnd }, () => updateNewsFromRequest(String(item.id), request, actor)),
    ).rejects.toMatchObject({ status: 404 });
    spy.mockRestore();
    for (const done of atRequestEnd) done();
    await vi.waitFor(() => expect(files()).toEqual(before));
    expect(await db.news.count({ where: { id: item.id } })).toBe(0);
  });

  it("the api/ endpoint maps a Prisma not-found escaping a handler to a JSON 404", async () => {
    const item = await newsRow("Corsa due");
    const spy = vi
      .spyOn(db.news, "findUnique")
      .mockRejectedValueOnce(
        Object.assign(new (await import("~/generated/prisma/client")).Prisma.PrismaClientKnownRequestError("gone", { code: "P2025", clientVersion: "6" })),
      );
    const response = (await newsItemAction({
      request: new Request(`http://site.test/api/news/${item.id}/`),
      params: { id: String(item.id) },
    } as never)) as Response;
    spy.mockRestore();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Elemento non trovato" });
  });
});
