-- The change of SQLite migration 20261203000000_newsletter.
-- CreateTable
CREATE TABLE "NewsletterSubscriber" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "confirmTokenHash" TEXT,
    "confirmExpiresAt" TIMESTAMP(3),
    "confirmMailSentAt" TIMESTAMP(3),
    "signedUpAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "signupIp" TEXT NOT NULL DEFAULT '',
    "consentVersion" TEXT NOT NULL DEFAULT '',
    "confirmedAt" TIMESTAMP(3),
    "confirmIp" TEXT,
    "unsubscribedAt" TIMESTAMP(3),

    CONSTRAINT "NewsletterSubscriber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterSend" (
    "id" SERIAL NOT NULL,
    "newsId" INTEGER,
    "title" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "NewsletterSend_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterDelivery" (
    "id" SERIAL NOT NULL,
    "sendId" INTEGER NOT NULL,
    "subscriberId" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "unsubscribeTokenHash" TEXT,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "NewsletterDelivery_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "NewsletterSend" ADD CONSTRAINT "NewsletterSend_newsId_fkey" FOREIGN KEY ("newsId") REFERENCES "News"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_sendId_fkey" FOREIGN KEY ("sendId") REFERENCES "NewsletterSend"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber"("id") ON DELETE SET NULL ON UPDATE CASCADE;


