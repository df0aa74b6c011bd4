import { beforeAll, describe, expect, it, vi } from "vitest";
import { saveNews, parseNewsInput } from "~/server/domain/news.server";
import { runJanitor } from "~/server/domain/janitor.server";
import { fileStore } from "~/server/storage/storage.server";
import { staffWithCategory } from "../support/staff";

/**
 * An object store answers in tens of milliseconds where a disk answers in microseconds. The removal of
 * unreferenced bytes holds the content write lock while it deletes (stored-files.server.ts), so it must
 * hold it one key at a time: the janitor used to remove every orphan it found in one transaction, which on
 * a slow store outlived Prisma's 5 s transaction limit (the janitor failed, "expired transaction") and
 * made every save wait behind it (the cluster rig saw a news save with an image answer 500).
 */
let actor: { id: number; username: string };
let categoryId: number;

beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("custode", { name: "Magazzino", name_eng: "Store", type: "news" }));
});

const ORPHANS = 120;
const DELETE_MS = 50; // 120 deletes: 6 s, past the 5 s a transaction may last

describe("the janitor on a slow object store", () => {
  it("removes many orphans without an expired transaction, and a save meanwhile waits one delete, not all of them", async () => {
    const store = fileStore();
    for (let i = 0; i < ORPHANS; i++) await store.put("attachments", Buffer.from(`orphan ${i} ${Math.random()}`), "txt");
    const slowDelete = store.delete.bind(store);
    const spy = vi.spyOn(store, "delete").mockImplementation(async (key) => {
      await new Promise((resolve) => setTimeout(resolve, DELETE_MS));
      return slowDelete(key);
    });
    try {
      const janitor = runJanitor();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const parsed = parseNewsInput({ category: String(categoryId), title: "Durante", title_eng: "Meanwhile", description: "", date: "" });
      if (!parsed.ok) throw new Error("fixture");
      const started = performance.now();
      const saved = await saveNews(null, parsed.data, { attachmentFiles: [new File(["%PDF-1.4\n%%EOF"], "a.pdf", { type: "application/pdf" })] }, actor);
      const savedInMs = performance.now() - started;
      expect(saved.ok).toBe(true);
      expect(savedInMs).toBeLessThan(3000);
      const report = await janitor;
      expect(report.orphans).toHaveLength(ORPHANS);
    } finally {
      spy.mockRestore();
    }
  }, 30_000);
});
