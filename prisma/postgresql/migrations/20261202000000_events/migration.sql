-- The change of SQLite migration 20261202000000_events.
-- AlterTable
ALTER TABLE "PreviewLink" ADD COLUMN     "eventId" INTEGER;

-- CreateTable
CREATE TABLE "Event" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "titleEng" TEXT NOT NULL DEFAULT '',
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3),
    "eventStatus" TEXT NOT NULL DEFAULT 'scheduled',
    "venue" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "ticketUrl" TEXT,
    "performers" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "descriptionEng" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "status" TEXT NOT NULL DEFAULT 'published',
    "publishAt" TIMESTAMP(3),
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventWork" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "musicId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "premiere" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "EventWork_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Event_slug_key" ON "Event"("slug");

-- CreateIndex
CREATE INDEX "Event_startsAt_idx" ON "Event"("startsAt");

-- CreateIndex
CREATE INDEX "Event_status_publishAt_idx" ON "Event"("status", "publishAt");

-- CreateIndex
CREATE INDEX "EventWork_eventId_position_idx" ON "EventWork"("eventId", "position");

-- CreateIndex
CREATE INDEX "EventWork_musicId_idx" ON "EventWork"("musicId");

-- CreateIndex
CREATE INDEX "PreviewLink_eventId_idx" ON "PreviewLink"("eventId");

-- AddForeignKey
ALTER TABLE "PreviewLink" ADD CONSTRAINT "PreviewLink_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventWork" ADD CONSTRAINT "EventWork_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventWork" ADD CONSTRAINT "EventWork_musicId_fkey" FOREIGN KEY ("musicId") REFERENCES "Music"("id") ON DELETE CASCADE ON UPDATE CASCADE;


