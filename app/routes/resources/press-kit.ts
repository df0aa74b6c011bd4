import { create as contentDisposition } from "content-disposition";
import type { Route } from "./+types/press-kit";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { fileResponse } from "~/server/http/file-response.server";
import { pressKitZip } from "~/server/views/press-kit.server";
import { PRESS_TEXTS } from "~/locales/press";

/** The press kit of the URL's language as one zip: /press/kit.zip and /en/press/kit.zip (issue 38). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const texts = PRESS_TEXTS[getLang(context)];
  const { t } = getInstance(context);
  const key = await pressKitZip(getLang(context), texts.files, (status) => t(`pages:events.status.${status}`));
  // Asked again each time (a 304 while unchanged): an edit in the admin is in the next download.
  return fileResponse(request, key, {
    "Content-Type": "application/zip",
    "Content-Disposition": contentDisposition(`${texts.files.folder}.zip`, { type: "attachment" }),
    "Cache-Control": "public, no-cache",
  });
}
