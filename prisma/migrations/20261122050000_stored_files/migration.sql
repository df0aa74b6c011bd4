-- Stored files counted in the database (issue 10): one row per content-addressed file that a row uses.
CREATE TABLE "StoredFile" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "size" INTEGER,
    "contentType" TEXT NOT NULL,
    "refCount" INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX "StoredFile_refCount_idx" ON "StoredFile"("refCount");

-- Existing rows: every use of a /media/{images,tracks,attachments}/ URL counts once (the same rule as
-- storedKeyOfUrl in app/server/storage/file-store.server.ts). Sizes are read by the janitor at start.
INSERT INTO "StoredFile" ("key", "contentType", "refCount")
SELECT substr("url", 8) AS "key",
       CASE lower(replace("url", rtrim("url", replace("url", '.', '')), ''))
         WHEN 'jpg' THEN 'image/jpeg'
         WHEN 'jpeg' THEN 'image/jpeg'
         WHEN 'png' THEN 'image/png'
         WHEN 'webp' THEN 'image/webp'
         WHEN 'avif' THEN 'image/avif'
         WHEN 'gif' THEN 'image/gif'
         WHEN 'mp3' THEN 'audio/mpeg'
         WHEN 'm4a' THEN 'audio/mp4'
         WHEN 'aac' THEN 'audio/aac'
         WHEN 'ogg' THEN 'audio/ogg'
         WHEN 'oga' THEN 'audio/ogg'
         WHEN 'flac' THEN 'audio/flac'
         WHEN 'wav' THEN 'audio/wav'
         WHEN 'pdf' THEN 'application/pdf'
         ELSE 'application/octet-stream'
       END,
       COUNT(*)
FROM (
    SELECT "img" AS "url" FROM "Music"
    UNION ALL SELECT "image" FROM "News"
    UNION ALL SELECT "url" FROM "MusicTrack"
    UNION ALL SELECT "url" FROM "NewsAttachment"
)
WHERE "url" LIKE '/media/images/%' OR "url" LIKE '/media/tracks/%' OR "url" LIKE '/media/attachments/%'
GROUP BY "url";
