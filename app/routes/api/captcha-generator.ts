import { endpoint, json } from "~/server/api/http.server";
import { createCaptcha } from "~/server/captcha.server";

/** GET api/captcha-generator/: a new single-use captcha; the SVG picture is at captcha_url. */
const api = endpoint({
  GET: async () => {
    const captcha = await createCaptcha();
    return json({ captcha_id: captcha.id, captcha_url: captcha.url });
  },
});

export const loader = api.loader;
export const action = api.action;
