import { isLang, type Lang } from "~/lib/i18n";
import { ApiError, checkTypes, endpoint, firstError, json } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { requireCsrf } from "~/server/http/api/guard.server";
import { publicOrigin } from "~/server/http/origin.server";
import { CAPTCHA_LIMIT, createPageCaptcha } from "~/server/domain/captcha.server";
import { signUp } from "~/server/domain/newsletter.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import { clientAddress } from "~/server/domain/rate-limit.server";
import { NEWSLETTER_TEXTS } from "~/lib/newsletter";

/**
 * api/newsletter/subscribe/ (issue 37). GET: a proof-of-work challenge for the sign-up (the ALTCHA
 * widget's `challengeurl`), since a cached page cannot carry one of its own. POST: {email, lang,
 * consent, altcha} (or captcha_id and captcha_value of api/captcha-generator/ instead of altcha) with the CSRF header; 202 {"success": true} whether or not the address was known,
 * 400 naming the field, 429 past the limits; both 503 without SMTP_URL.
 */
const api = endpoint({
  GET: async ({ request }) => {
    // No challenge for a sign-up that cannot happen (and no captcha row made for it).
    if (!isMailConfigured()) throw new ApiError(503, NEWSLETTER_TEXTS.it.unavailable);
    const captcha = await createPageCaptcha(clientAddress(request));
    if (!captcha) throw new ApiError(429, NEWSLETTER_TEXTS.it.tooMany, {}, { "Retry-After": String(CAPTCHA_LIMIT.windowMs / 1000) });
    return json(JSON.parse(captcha.challenge));
  },
  POST: async ({ request }) => {
    requireCsrf(request);
    const body = await readJson(request, 16 * 1024);
    checkTypes(body, ["email", "lang", "altcha", "captcha_id", "captcha_value"]);
    if (body.consent !== undefined && typeof body.consent !== "boolean")
      throw new ApiError(400, 'Tipo non valido per il campo "consent".', { errors: { consent: "Tipo non valido" } });
    const pageLang: Lang = isLang(body.lang) ? body.lang : "it";
    const outcome = await signUp({
      email: typeof body.email === "string" ? body.email : "",
      lang: typeof body.lang === "string" ? body.lang : "",
      consent: body.consent === true,
      altcha: typeof body.altcha === "string" ? body.altcha : "",
      // Or the picture of api/captcha-generator/, as api/send-email/ takes it (clients without the widget).
      captchaId: typeof body.captcha_id === "string" ? body.captcha_id : undefined,
      captchaValue: typeof body.captcha_value === "string" ? body.captcha_value : undefined,
      ip: clientAddress(request),
      pageLang,
      origin: publicOrigin(request),
    });
    if (outcome.status === "accepted") return json({ success: true }, 202);
    if (outcome.status === "invalid") throw new ApiError(400, firstError(outcome.errors as Record<string, string>), { errors: outcome.errors });
    throw new ApiError(outcome.status === "rate-limited" ? 429 : 503, outcome.message);
  },
});

export const loader = api.loader;
export const action = api.action;
