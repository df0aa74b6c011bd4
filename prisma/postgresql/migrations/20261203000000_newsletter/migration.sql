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

-- From prisma/postgresql/extra/20261203000000_newsletter.sql (what the Prisma schema cannot say)
-- As SQLite's migration 20261203000000_newsletter: the demo privacy policy's newsletter section, appended to its
-- first block only while that block is still the demo's and has no such section yet.
UPDATE "ContentItem" SET "data" = jsonb_set("data"::jsonb, '{body}', ("data"::jsonb -> 'body') || jsonb_build_array('{"id": 4, "subTitle": "Newsletter", "subTitle_eng": "Newsletter", "description": "Chi si iscrive alla newsletter fornisce l''indirizzo e-mail e la lingua in cui riceverla. L''iscrizione vale solo dopo la conferma dal link che riceve per e-mail (doppio consenso); come prova del consenso conserviamo la data e l''ora dell''iscrizione e della conferma, l''indirizzo IP da cui sono avvenute, la lingua e la versione del testo di consenso mostrato. Le e-mail contengono le notizie del sito e non contengono strumenti di tracciamento dell''apertura o dei clic. La base giuridica è il consenso, revocabile in ogni momento con il link di disiscrizione presente in ogni e-mail. Le iscrizioni non confermate sono cancellate dopo 7 giorni; i dati degli iscritti sono conservati fino alla disiscrizione o alla richiesta di cancellazione.", "description_eng": "If you subscribe to the newsletter you provide your e-mail address and the language you want to receive it in. The subscription only counts once you confirm it from the link we send you by e-mail (double opt-in); as proof of your consent we keep the date and time of the subscription and of the confirmation, the IP address they came from, the language and the version of the consent text shown. The e-mails contain the site''s news and no tools that track opening or clicks. The legal basis is your consent, which you can withdraw at any time with the unsubscribe link in every e-mail. Unconfirmed subscriptions are deleted after 7 days; subscribers'' data are kept until they unsubscribe or ask for erasure."}'::jsonb))::text WHERE "kind" = 'privacy_policy' AND ("data"::jsonb ->> 'id') = '1' AND ("data"::jsonb #>> '{body,0,description}') = 'Ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), il titolare del trattamento è Elena Marchetti, con sede in Via dei Cinquecento 14, 20139 Milano, P.IVA 01234567890, contattabile all''indirizzo privacy@elenamarchetti.example.' AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("data"::jsonb -> 'body') AS section WHERE section ->> 'subTitle' = 'Newsletter');
UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "id" = 1;
