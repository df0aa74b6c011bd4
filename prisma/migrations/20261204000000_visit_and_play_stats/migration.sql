-- Issue 38 (ADR 045): the daily visit and play counts, the day's salt and visitor marks (deleted when the day ends).
-- CreateTable
CREATE TABLE "VisitDay" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "PageVisitDay" (
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "path", "lang")
);

-- CreateTable
CREATE TABLE "VisitTallyDay" (
    "day" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "dimension", "value")
);

-- CreateTable
CREATE TABLE "VisitSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "VisitorMark" (
    "day" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    PRIMARY KEY ("day", "scope", "hash")
);

-- CreateTable
CREATE TABLE "PlayDay" (
    "day" TEXT NOT NULL,
    "musicId" INTEGER NOT NULL,
    "trackId" INTEGER NOT NULL,
    "started" INTEGER NOT NULL DEFAULT 0,
    "played30s" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "musicId", "trackId")
);

-- CreateIndex
CREATE INDEX "PlayDay_musicId_idx" ON "PlayDay"("musicId");

-- Issue 38: the demo cookie policy (item 3) and privacy policy (item 1, its third section) now say what the site counts
-- without cookies. A data folder that imported the earlier demo gets the new text, field by field, only while the
-- stored field is still exactly the earlier demo's, so an owner's own text is left alone.
UPDATE "ContentItem" SET "data" = json_set("data", '$.subTitle', 'Nessun cookie di profilazione; statistiche senza cookie') WHERE "kind" = 'cookie_policy' AND json_extract("data", '$.id') = 3 AND json_extract("data", '$.subTitle') = 'Nessun cookie di profilazione';
UPDATE "ContentItem" SET "data" = json_set("data", '$.subTitle_eng', 'No profiling cookies; statistics without cookies') WHERE "kind" = 'cookie_policy' AND json_extract("data", '$.id') = 3 AND json_extract("data", '$.subTitle_eng') = 'No profiling cookies';
UPDATE "ContentItem" SET "data" = json_set("data", '$.description', 'Il sito non utilizza cookie di profilazione né strumenti di analisi di terze parti, e nessun dato viene ceduto a terzi. Per sapere quante persone lo visitano, il sito conta da sé, senza cookie, senza memoria locale e senza script: le pagine viste, la provenienza (il sito da cui si arriva o il parametro «utm_source»), la lingua, il tipo di dispositivo (telefono, tablet, computer) e, dal lettore audio, quanta parte di ogni brano viene ascoltata. Per stimare i visitatori unici di un giorno usa un codice calcolato dall''indirizzo IP e dal browser con una chiave casuale del giorno; chiave e codici vengono cancellati alla fine della giornata e restano solo totali giornalieri, che non permettono di riconoscere nessuno. Chi invia il segnale «Do Not Track» o «Global Privacy Control» è contato solo come pagina vista.') WHERE "kind" = 'cookie_policy' AND json_extract("data", '$.id') = 3 AND json_extract("data", '$.description') = 'Il sito non utilizza cookie di profilazione né strumenti di analisi statistica che consentano di identificare l''utente o di tracciarne il comportamento a fini pubblicitari. Nessun dato raccolto tramite cookie viene ceduto a terzi.';
UPDATE "ContentItem" SET "data" = json_set("data", '$.description_eng', 'The website uses no profiling cookies and no third-party analytics tools, and no data is passed on to third parties. To know how many people visit it, the website counts by itself, without cookies, local storage or scripts: the pages viewed, where visitors come from (the website they came from or the «utm_source» parameter), the language, the kind of device (phone, tablet, computer) and, from the audio player, how much of each piece is listened to. To estimate the unique visitors of a day it uses a code computed from the IP address and the browser with a random key of that day; the key and the codes are deleted when the day ends, and only daily totals remain, which cannot identify anyone. If your browser sends «Do Not Track» or «Global Privacy Control», you are counted only as a page view.') WHERE "kind" = 'cookie_policy' AND json_extract("data", '$.id') = 3 AND json_extract("data", '$.description_eng') = 'The website uses no profiling cookies and no analytics tools that could identify visitors or track their behaviour for advertising purposes. No data collected through cookies is passed on to third parties.';
UPDATE "ContentItem" SET "data" = json_set("data", '$.body[2].description', 'I sistemi che fanno funzionare il sito acquisiscono, nel corso del normale esercizio, alcuni dati tecnici la cui trasmissione è implicita nei protocolli di Internet, come l''indirizzo IP e il tipo di browser. Questi dati sono utilizzati solo per garantire la sicurezza e il corretto funzionamento del sito e vengono cancellati dopo 30 giorni. Il sito conta inoltre visite e ascolti senza cookie e senza registrare l''indirizzo IP: conserva solo totali giornalieri (pagine viste, visitatori unici, provenienza, lingua, tipo di dispositivo, ascolti per brano), come spiegato nell''informativa sui cookie.') WHERE "kind" = 'privacy_policy' AND json_extract("data", '$.id') = 1 AND json_extract("data", '$.body[2].id') = 3 AND json_extract("data", '$.body[2].description') = 'I sistemi che fanno funzionare il sito acquisiscono, nel corso del normale esercizio, alcuni dati tecnici la cui trasmissione è implicita nei protocolli di Internet, come l''indirizzo IP e il tipo di browser. Questi dati sono utilizzati solo per garantire la sicurezza e il corretto funzionamento del sito e vengono cancellati dopo 30 giorni.';
UPDATE "ContentItem" SET "data" = json_set("data", '$.body[2].description_eng', 'In the course of normal operation, the systems that run this website collect some technical data whose transmission is implicit in Internet protocols, such as the IP address and browser type. This data is only used to keep the website secure and working properly, and it is deleted after 30 days. The website also counts visits and listening without cookies and without recording the IP address: it keeps only daily totals (pages viewed, unique visitors, where visitors come from, language, kind of device, plays per piece), as explained in the cookie policy.') WHERE "kind" = 'privacy_policy' AND json_extract("data", '$.id') = 1 AND json_extract("data", '$.body[2].id') = 3 AND json_extract("data", '$.body[2].description_eng') = 'In the course of normal operation, the systems that run this website collect some technical data whose transmission is implicit in Internet protocols, such as the IP address and browser type. This data is only used to keep the website secure and working properly, and it is deleted after 30 days.';
-- A write outside the app moves the content version (storage/content-version.server.ts), so the caches drop the old pages
-- (when there are policies to have changed).
UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "id" = 1 AND EXISTS (SELECT 1 FROM "ContentItem" WHERE "kind" IN ('cookie_policy', 'privacy_policy'));
