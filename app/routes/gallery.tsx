import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/gallery";
import { GALLERY_CARD_SIZES, GalleryGrid } from "~/components/gallery/GalleryGrid";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { galleryPage } from "~/server/views/static-pages.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("pages.gallery"), sections: await galleryPage(getLang(context)) };
}

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("gallery.heading")} />
      <div className="container gallery">
        <GalleryGrid sections={loaderData.sections} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.title ?? "",
    description: data?.sections.map((s) => s.title).join(", "),
    image: data?.sections[0]?.items[0]?.cover?.src,
    firstPicture: { image: data?.sections[0]?.items[0]?.cover, sizes: GALLERY_CARD_SIZES },
  });
