import { z } from "zod";
import { followLink, type LinkRule } from "./paths";

const LINK_MAX = 2_000;

/**
 * A link field of an admin form or an api/ body (the music form's link and video, the content pages'
 * links): empty, or stored as `followLink` (lib/paths.ts, the one rule) answers it, `https://` added
 * where the scheme was missing; anything else is refused with `message`, shown next to the field.
 */
export function linkSchema(rule: LinkRule, message: string) {
  return z
    .string({ error: "Deve essere un indirizzo" })
    .trim()
    .max(LINK_MAX, `Al massimo ${LINK_MAX} caratteri`)
    .transform((value, ctx) => {
      if (!value) return value;
      const link = followLink(value, rule);
      if (link === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return link;
    });
}
