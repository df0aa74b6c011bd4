import type { Route } from "./+types/captcha-image";
import { captchaSvg } from "~/server/captcha.server";

/** The captcha picture: an SVG of paths (no fonts needed in the browser), never cached. */
export async function loader({ params }: Route.LoaderArgs) {
  const svg = await captchaSvg(params.captchaId);
  if (!svg) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
