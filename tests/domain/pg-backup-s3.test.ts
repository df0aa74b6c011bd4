// Issue 26: `npm run backup` on PostgreSQL with object storage checks each key the database references
// with an S3 HEAD in the bucket (a real S3-compatible server: scripts/s3-test-server.sh, Swift with
// s3api); a key the bucket lacks is reported and the backup exits 1, kept and marked incomplete.
// PostgreSQL pass only (tests/domain/, which vitest.pg.config.ts runs); skipped without Swift outside CI.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseNewsInput, saveNews } from "~/server/domain/news.server";
import { onPostgres } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { s3ServerPerFile } from "../support/s3-server";
import { jsonLines, runScript } from "../support/scripts";
import { staffWithCategory } from "../support/staff";

const s3 = onPostgres() ? await s3ServerPerFile() : null;

describe.skipIf(!s3)("backups on PostgreSQL with object storage", () => {
  it("HEADs every referenced key in the bucket: the one it lacks is reported, exit 1; with both there, exit 0", async () => {
    const { actor, categoryId } = await staffWithCategory("archivista", { name: "Archivio", name_eng: "Archive", type: "news" });
    const keys: string[] = [];
    for (const [index, title] of ["Prima", "Seconda"].entries()) {
      const parsed = parseNewsInput({ category: String(categoryId), title, title_eng: title, description: "", date: "" });
      if (!parsed.ok) throw new Error("fixture");
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40 + index * 100, g: 10, b: 200 } } })
        .png()
        .toBuffer();
      const saved = await saveNews(null, parsed.data, { image: new File([new Uint8Array(png)], "foto.png", { type: "image/png" }) }, actor);
      if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
      keys.push(saved.item.image!.replace(/^\/media\//, ""));
    }
    // The rows were saved to the disk store; the bucket gets the first object only.
    const bucket = await s3!.newBucket();
    await s3!.put(bucket.bucket, keys[0]!, fs.readFileSync(path.join(getEnv().uploadsDir, keys[0]!)));
    const env = {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    };

    const incomplete = await runScript("scripts/backup.mjs", [], env);
    expect(incomplete.code, incomplete.stdout + incomplete.stderr).toBe(1);
    expect(jsonLines(incomplete.stdout).find((line) => line.level === "error")).toMatchObject({
      complete: false,
      objects: { store: `s3://${bucket.bucket}`, referenced: 2, missing: 1, unchecked: 0 },
      missingKeys: [keys[1]],
    });

    await s3!.put(bucket.bucket, keys[1]!, fs.readFileSync(path.join(getEnv().uploadsDir, keys[1]!)));
    const complete = await runScript("scripts/backup.mjs", [], env);
    expect(complete.code, complete.stdout + complete.stderr).toBe(0);
    expect(jsonLines(complete.stdout).find((line) => line.msg === "backup written")).toMatchObject({ objects: { referenced: 2, missing: 0 } });

    // Credentials the bucket refuses: nothing can be checked, which is said, not taken for "missing".
    const refused = await runScript("scripts/backup.mjs", [], { ...env, S3_SECRET_ACCESS_KEY: "wrong-secret" });
    expect(refused.code).toBe(1);
    expect(jsonLines(refused.stdout).find((line) => line.level === "error")).toMatchObject({
      objects: { missing: 0, unchecked: 2 },
      storeError: expect.any(String),
    });
  }, 120_000);
});
