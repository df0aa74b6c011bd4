import type { Route } from "./+types/captcha-image";
import { captchaImage } from "~/server/domain/captcha.server";

/** The captcha picture: a PNG of distorted pixels (docs/decisions/014-captcha.md), never cached. */
export async function loader({ params }: Route.LoaderArgs) {
  const png = await captchaImage(params.captchaId);
  if (!png) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "no-store",
    },
  });
}
