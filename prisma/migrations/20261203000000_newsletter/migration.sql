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


-- The demo privacy policy describes the newsletter's processing (issue 37): a section appended to its first
-- block, only while that block is still the demo's (its first section unchanged) and has no such section yet, so
-- an owner's own text is left alone. content/data/privacy_policy.json has the same section for new installs.
UPDATE "ContentItem" SET "data" = json_insert("data", '$.body[#]', json('{"id": 4, "subTitle": "Newsletter", "subTitle_eng": "Newsletter", "description": "Chi si iscrive alla newsletter fornisce l''indirizzo e-mail e la lingua in cui riceverla. L''iscrizione vale solo dopo la conferma dal link che riceve per e-mail (doppio consenso); come prova del consenso conserviamo la data e l''ora dell''iscrizione e della conferma, l''indirizzo IP da cui sono avvenute, la lingua e la versione del testo di consenso mostrato. Le e-mail contengono le notizie del sito e non contengono strumenti di tracciamento dell''apertura o dei clic. La base giuridica è il consenso, revocabile in ogni momento con il link di disiscrizione presente in ogni e-mail. Le iscrizioni non confermate sono cancellate dopo 7 giorni; i dati degli iscritti sono conservati fino alla disiscrizione o alla richiesta di cancellazione.", "description_eng": "If you subscribe to the newsletter you provide your e-mail address and the language you want to receive it in. The subscription only counts once you confirm it from the link we send you by e-mail (double opt-in); as proof of your consent we keep the date and time of the subscription and of the confirmation, the IP address they came from, the language and the version of the consent text shown. The e-mails contain the site''s news and no tools that track opening or clicks. The legal basis is your consent, which you can withdraw at any time with the unsubscribe link in every e-mail. Unconfirmed subscriptions are deleted after 7 days; subscribers'' data are kept until they unsubscribe or ask for erasure."}')) WHERE "kind" = 'privacy_policy' AND json_extract("data", '$.id') = 1 AND json_extract("data", '$.body[0].description') = 'Ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), il titolare del trattamento è Elena Marchetti, con sede in Via dei Cinquecento 14, 20139 Milano, P.IVA 01234567890, contattabile all''indirizzo privacy@elenamarchetti.example.' AND NOT EXISTS (SELECT 1 FROM json_each("data", '$.body') WHERE json_extract(value, '$.subTitle') = 'Newsletter');
-- A write outside the app moves the content version (storage/content-version.server.ts).
UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "id" = 1;
