-- Issue 25: streams made from the masters by a durable job queue. Existing tracks start "pending":
-- boot() queues a transcode for each (track-streams.server.ts); until then visitors get the master.
ALTER TABLE "MusicTrack" ADD COLUMN "streamState" TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE "MusicTrack" ADD COLUMN "streamUrl" TEXT;
ALTER TABLE "MusicTrack" ADD COLUMN "peaksUrl" TEXT;
ALTER TABLE "MusicTrack" ADD COLUMN "loudnessLufs" REAL;
ALTER TABLE "MusicTrack" ADD COLUMN "streamError" TEXT;
CREATE INDEX "MusicTrack_url_idx" ON "MusicTrack"("url");

CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "leaseOwner" TEXT,
    "progress" REAL NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);
CREATE INDEX "Job_state_runAt_idx" ON "Job"("state", "runAt");
CREATE INDEX "Job_kind_key_idx" ON "Job"("kind", "key");
