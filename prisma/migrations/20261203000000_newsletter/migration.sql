-- Issue 37: the newsletter (subscribers with their proof of consent, sends, one delivery row per send and subscriber).
-- CreateTable
CREATE TABLE "NewsletterSubscriber" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "confirmTokenHash" TEXT,
    "confirmExpiresAt" DATETIME,
    "confirmMailSentAt" DATETIME,
    "signedUpAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "signupIp" TEXT NOT NULL DEFAULT '',
    "consentVersion" TEXT NOT NULL DEFAULT '',
    "confirmedAt" DATETIME,
    "confirmIp" TEXT,
    "unsubscribedAt" DATETIME
);

-- CreateTable
CREATE TABLE "NewsletterSend" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "newsId" INTEGER,
    "title" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "NewsletterSend_newsId_fkey" FOREIGN KEY ("newsId") REFERENCES "News" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NewsletterDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sendId" INTEGER NOT NULL,
    "subscriberId" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "unsubscribeTokenHash" TEXT,
    "sentAt" DATETIME,
    CONSTRAINT "NewsletterDelivery_sendId_fkey" FOREIGN KEY ("sendId") REFERENCES "NewsletterSend" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NewsletterDelivery_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscriber_email_key" ON "NewsletterSubscriber"("email");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscriber_confirmTokenHash_key" ON "NewsletterSubscriber"("confirmTokenHash");

-- CreateIndex
CREATE INDEX "NewsletterSubscriber_state_signedUpAt_idx" ON "NewsletterSubscriber"("state", "signedUpAt");

-- CreateIndex
CREATE INDEX "NewsletterSend_newsId_idx" ON "NewsletterSend"("newsId");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterDelivery_unsubscribeTokenHash_key" ON "NewsletterDelivery"("unsubscribeTokenHash");

-- CreateIndex
CREATE INDEX "NewsletterDelivery_sendId_state_nextAttemptAt_idx" ON "NewsletterDelivery"("sendId", "state", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterDelivery_sendId_subscriberId_key" ON "NewsletterDelivery"("sendId", "subscriberId");

