import type { Route } from "./+types/captcha-image";
import { CAPTCHA_IMAGE_LIMIT, captchaImage } from "~/server/domain/captcha.server";
import { clientAddress } from "~/server/domain/rate-limit.server";

/** The captcha picture: a PNG of distorted pixels (docs/decisions/014-captcha.md), drawn once, never cached by others. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const png = await captchaImage(params.captchaId, clientAddress(request));
  if (png === "limited") {
    const retryAfter = String(CAPTCHA_IMAGE_LIMIT.windowMs / 1000);
    return new Response("Too many requests", { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": retryAfter } });
  }
  if (!png) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "no-store",
    },
  });
}
