import { useTranslation } from "~/lib/translation";

/**
 * Issue 24: shown above a draft or scheduled item seen by staff or through a preview link, so
 * nobody takes it for the public page (app/server/http/preview.server.ts).
 */
export function PreviewBanner({ preview }: { preview: { state: "draft" | "scheduled"; time: string | null } | null }) {
  const { t } = useTranslation();
  if (!preview) return null;
  return (
    <div className="preview-banner" role="status">
      <strong>{t("preview.label")}</strong>{" "}
      {preview.state === "scheduled" && preview.time ? t("preview.scheduled", { time: preview.time }) : t("preview.draft")}
    </div>
  );
}

/** The robots tag of a preview: never indexed, even if a link leaks. */
export const PREVIEW_META = { name: "robots", content: "noindex" } as const;
