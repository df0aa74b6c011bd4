-- The contact inbox (issue 23): delivery given up, first read by staff, dealt with. Existing
-- messages start unread, not handled, and not failed (still retried, as before).
ALTER TABLE "ContactMessage" ADD COLUMN "failedAt" DATETIME;
ALTER TABLE "ContactMessage" ADD COLUMN "readAt" DATETIME;
ALTER TABLE "ContactMessage" ADD COLUMN "handledAt" DATETIME;
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");
