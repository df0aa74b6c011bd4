import { useTranslation } from "~/lib/translation";
import { Link, data } from "react-router";
import type { Route } from "./+types/gallery-item";
import { PageHero } from "~/components/layout/PageHero";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { Picture } from "~/components/media/Picture";
import { pagePath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { useLang } from "~/lib/root-data";
import { getLang } from "~/server/platform/i18n.server";
import { galleryItem } from "~/server/views/static-pages.server";

/** A picture's slot (the container's 1280 px at most). */
const GALLERY_PICTURE_SIZES = "(min-width: 1320px) 1280px, 100vw";

export async function loader({ context, params }: Route.LoaderArgs) {
  const item = await galleryItem(params.galleryItem, getLang(context));
  if (!item) throw data(null, { status: 404 });
  return item;
}

/** One gallery card's pictures on a page of their own: what a card opens without JavaScript. */
export default function GalleryItemPage({ loaderData: item }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const urls = useSiteUrls();
  const breadcrumbs = urls.breadcrumbs([
    [tc("nav.gallery"), pagePath("gallery", lang)],
    [item.title, urls.page],
  ]);
  return (
    <>
      <JsonLd data={breadcrumbs} />
      <PageHero title={item.title}>{item.description ? <p className="page-hero__text">{item.description}</p> : null}</PageHero>
      <div className="container gallery-item">
        <ol className="gallery-item__list">
          {item.images.map((picture, i) => (
            <li key={`${picture.image.src}-${i}`} className="gallery-item__picture" id={`image-${i + 1}`}>
              <figure>
                <Picture image={picture.image} alt={picture.title || item.title} sizes={GALLERY_PICTURE_SIZES} priority={i === 0} />
                <figcaption>
                  <span className="gallery-item__counter">{t("gallery.counter", { current: i + 1, total: item.images.length })}</span>
                  {picture.title ? <strong>{picture.title}</strong> : null}
                  {picture.description ? <span>{picture.description}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ol>
        <p>
          <Link className="button button--ghost" to={pagePath("gallery", lang)}>
            {t("gallery.backToGallery")}
          </Link>
        </p>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: item, matches }) =>
  pageMeta(matches, {
    title: item?.title ?? "",
    description: item?.description,
    image: item?.cover?.src,
    firstPicture: { image: item?.images[0]?.image, sizes: GALLERY_PICTURE_SIZES },
  });
