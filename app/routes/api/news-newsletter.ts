import { ApiError, checkTypes, endpoint, json } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { findNews } from "~/server/http/api/lookup.server";
import { publicOrigin } from "~/server/http/origin.server";
import { EMAIL_PATTERN } from "~/lib/contact-schema";
import { sendTestNewsletter, startNewsletterSend } from "~/server/domain/newsletter-send.server";

/**
 * POST api/news/{id or slug}/newsletter/ (staff): {"test_to": "…"} sends the mail in both languages
 * to that one address; {"confirm": true} sends it to every active subscriber (202 with the send's
 * id); a news item sent before also needs {"again": true}.
 */
const api = endpoint({
  POST: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const body = await readJson(request, 16 * 1024);
    checkTypes(body, ["test_to"]);
    const news = await findNews(params.id ?? "");
    if (!news) throw new ApiError(404, "Notizia non trovata.");
    const origin = publicOrigin(request);
    if (typeof body.test_to === "string") {
      if (!EMAIL_PATTERN.test(body.test_to.trim())) throw new ApiError(400, "Email non valida", { errors: { test_to: "Email non valida" } });
      const refusal = await sendTestNewsletter(news.id, body.test_to.trim(), origin);
      if (refusal) throw new ApiError(refusal.status, refusal.message);
      return json({ success: true });
    }
    if (body.confirm !== true)
      throw new ApiError(400, 'Indica "test_to" per una prova oppure "confirm": true per l\'invio.', { errors: { confirm: "Obbligatorio" } });
    const started = await startNewsletterSend(news.id, user, origin, body.again === true);
    if ("status" in started) throw new ApiError(started.status, started.message);
    return json({ id: started.sendId }, 202);
  },
});

export const loader = api.loader;
export const action = api.action;
