import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { CONTACT_MESSAGES } from "~/lib/contact-schema";
import { CAPTCHA_LIMIT, createCaptcha } from "~/server/domain/captcha.server";
import { clientAddress } from "~/server/domain/rate-limit.server";

/** GET api/captcha-generator/: a new single-use captcha; its picture (a PNG) is at captcha_url. */
const api = endpoint({
  GET: async ({ request }) => {
    const captcha = await createCaptcha(clientAddress(request));
    if (!captcha) throw new ApiError(429, CONTACT_MESSAGES.it.captchaLimited, {}, { "Retry-After": String(CAPTCHA_LIMIT.windowMs / 1000) });
    return json({ captcha_id: captcha.id, captcha_url: captcha.url });
  },
});

export const loader = api.loader;
export const action = api.action;
