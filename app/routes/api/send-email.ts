import type { Lang } from "~/lib/i18n";
import { ApiError, checkTypes, endpoint, firstError, json } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { requireCsrf } from "~/server/http/api/guard.server";
import { submitContact } from "~/server/domain/contact.server";
import { clientAddress } from "~/server/domain/rate-limit.server";

const FIELDS = ["name", "email", "description", "captcha_id", "captcha_value", "website", "lang"] as const;

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * POST api/send-email/: {name, email, description, captcha_id, captcha_value} (JSON) through the
 * contact form's own rules (contact.server.ts): captcha used up either way, honeypot `website`,
 * rate limit, saved before delivery. The original client checks the privacy consent before
 * sending, so an absent `privacy` counts as given; `privacy: false` is refused.
 */
const api = endpoint({
  POST: async ({ request }) => {
    requireCsrf(request);
    const body = await readJson(request, 64 * 1024);
    checkTypes(body, FIELDS);
    if (body.privacy !== undefined && typeof body.privacy !== "boolean") throw new ApiError(400, 'Tipo non valido per il campo "privacy".');
    const lang: Lang = body.lang === "en" || (!body.lang && /^en\b/i.test(request.headers.get("Accept-Language") ?? "")) ? "en" : "it";
    const outcome = await submitContact({
      values: { name: str(body.name), email: str(body.email), description: str(body.description), privacy: body.privacy !== false },
      captchaId: str(body.captcha_id),
      captchaValue: str(body.captcha_value),
      honeypot: str(body.website),
      ip: clientAddress(request),
      lang,
    });
    if (outcome.status === "sent") return json({ success: true });
    if (outcome.status === "rate-limited") throw new ApiError(429, outcome.message);
    const errors = outcome.errors as Record<string, string>;
    throw new ApiError(400, errors.captcha ?? firstError(errors), { errors });
  },
});

export const loader = api.loader;
export const action = api.action;
