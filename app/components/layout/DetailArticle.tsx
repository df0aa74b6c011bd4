import type { ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { Picture } from "~/components/media/Picture";
import { PREVIEW_META, PreviewBanner } from "~/components/preview/PreviewBanner";
import { JsonLd } from "~/components/seo/JsonLd";
import type { ImageInfo } from "~/lib/images";
import { pageMeta, type OgType } from "~/lib/meta";
import type { JsonLdThing } from "~/lib/structured-data";

/** The picture's slot: the article column is at most 900 px wide. */
const DETAIL_PICTURE_SIZES = "(min-width: 940px) 900px, 100vw";

type Preview = Parameters<typeof PreviewBanner>[0]["preview"];

/** A detail page's head: its title, description and picture (preloaded: its largest paint), noindex on a preview. */
export function detailPageMeta(
  matches: Parameters<typeof pageMeta>[0],
  page: { title: string; image: ImageInfo | null; preview: Preview },
  head: { description: string; type?: OgType },
): MetaDescriptor[] {
  return [
    ...pageMeta(matches, {
      title: page.title,
      description: head.description,
      image: page.image?.src,
      type: head.type,
      firstPicture: { image: page.image, sizes: DETAIL_PICTURE_SIZES },
    }),
    ...(page.preview ? [PREVIEW_META] : []),
  ];
}

/**
 * The frame of a news item's and a concert's page: the preview banner, the structured data (not on a
 * preview, which search engines must not see), the picture above the fold, and the way back to the list.
 */
export function DetailArticle({
  className,
  page,
  structuredData,
  back,
  children,
}: {
  className?: string;
  /** The item shown: its title is its picture's alt text when the media library has none. */
  page: { title: string; image: ImageInfo | null; preview: Preview };
  structuredData: ReadonlyArray<JsonLdThing>;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  const { preview, image } = page;
  return (
    <article className={["news-detail", className, "container"].filter(Boolean).join(" ")}>
      <PreviewBanner preview={preview} />
      {preview ? null : <JsonLd data={structuredData} />}
      <div className="news-detail__inner">
        {image ? (
          <div className="news-detail__image">
            <Picture image={image} sizes={DETAIL_PICTURE_SIZES} alt={page.title} priority />
          </div>
        ) : null}
        {children}
        <Link className="back-link" to={back.to}>
          ← {back.label}
        </Link>
      </div>
    </article>
  );
}
