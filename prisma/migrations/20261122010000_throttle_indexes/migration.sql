-- Expired captchas and finished rate-limit windows are deleted by their time: an index each
-- keeps that housekeeping from scanning the whole table.
CREATE INDEX "Captcha_expiresAt_idx" ON "Captcha"("expiresAt");

CREATE INDEX "RateLimit_resetAt_idx" ON "RateLimit"("resetAt");
