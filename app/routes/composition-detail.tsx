import { useTranslation } from "~/lib/translation";
import { Link, data } from "react-router";
import type { Route } from "./+types/composition-detail";
import { PlayButton, VideoButton } from "~/components/compositions/MediaButtons";
import { useIsPlaying } from "~/components/player/player-context";
import { Picture } from "~/components/media/Picture";
import { TrackList, TrackListening } from "~/components/compositions/TrackList";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { localized } from "~/lib/i18n";
import { parseTimeParam, parseTrackParam } from "~/lib/listening";
import { pageMeta } from "~/lib/meta";
import { categoryKey, categoryPath, compositionPath, externalHref, pagePath } from "~/lib/paths";
import { redirectToCanonicalPath } from "~/server/http/routes.server";
import { musicAlbumLd, musicCompositionLd } from "~/lib/structured-data";
import { WorkSheet, type WorkSheetData } from "~/components/compositions/WorkSheet";
import { ensembleName } from "~/lib/catalogue-vocabulary";
import { musicVideo, playableTracks } from "~/server/views/compositions.server";
import { performancesOf } from "~/server/views/events-view.server";
import { Performances } from "~/components/events/EventCard";
import { getLang } from "~/server/platform/i18n.server";
import { imageInfo } from "~/server/storage/images.server";
import { getMusicBySlug } from "~/server/domain/music.server";
import { previewFor, previewHeaders } from "~/server/http/preview.server";
import { PREVIEW_META, PreviewBanner } from "~/components/preview/PreviewBanner";

/** The cover's slot (beside the text from 992 px). */
const COVER_SIZES = "(min-width: 992px) 40vw, 100vw";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const item = await getMusicBySlug(params.slugMusic);
  // The category in the URL must be the item's own (case-insensitively), else it is not this page.
  if (!item || categoryKey(item.category.name) !== categoryKey(params.categoryCompositions)) throw data(null, { status: 404 });
  // A draft or scheduled item: 404, or a preview for staff and preview links (issue 24).
  const preview = await previewFor(request, "music", item);
  redirectToCanonicalPath(request, compositionPath(item.category.name, item.slug, lang));
  const title = localized(item, "title", lang);
  const description = localized(item, "description", lang);
  const tracks = playableTracks(item.id, item.tracks, lang);
  // A share link (`?track=N&t=M:SS`, issue 25): that track is marked and starts there. A link that
  // names no track of this page is the page as usual.
  const query = new URL(request.url).searchParams;
  const sharedTrack = parseTrackParam(query.get("track"), tracks.length);
  const shared = sharedTrack === null ? null : { index: sharedTrack - 1, seconds: parseTimeParam(query.get("t")) ?? 0 };
  const { performances, firstPerformance } = await performancesOf(item.id, lang);
  const page = {
    preview,
    performances,
    firstPerformance,
    href: compositionPath(item.category.name, item.slug, lang),
    shared,
    slug: item.slug,
    title,
    description,
    category: { label: localized(item.category, "name", lang), href: categoryPath(item.category.name, lang) },
    image: await imageInfo(item.img),
    // durationSeconds: shown as m:ss and given to the structured data.
    tracks,
    video: item.link ? null : musicVideo(item.videos),
    link: item.link?.trim() ? externalHref(item.link) : null,
    lang,
    // Issue 36: the catalogue data, in the page's language.
    sheet: {
      year: item.year,
      durationMinutes: item.durationMinutes,
      ensemble: item.ensemble ? ensembleName(item.ensemble, lang) : null,
      instrumentation: localized(item, "instrumentation", lang),
      premiere: localized(item, "premiere", lang),
      commission: localized(item, "commission", lang),
      publisher: item.publisher,
      score: item.score ? { url: item.score, pages: item.scorePages } : null,
    } satisfies WorkSheetData,
  };
  return preview ? data(page, { headers: previewHeaders(request) }) : page;
}

/** A preview's private, no-store, noindex headers (none otherwise). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CompositionDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { preview, slug, title, description, category, image, tracks, video, link, href, shared, sheet, lang, performances, firstPerformance } = loaderData;
  const { t: tc } = useTranslation();
  const urls = useSiteUrls();
  const structuredData = [
    musicAlbumLd({
      name: title,
      url: urls.page,
      description,
      image: image ? urls.abs(image.src) : undefined,
      artist: tc("composerName"),
      genre: category.label,
      inLanguage: urls.lang,
      tracks: link ? [] : tracks,
      origin: urls.origin,
      sameAs: link,
    }),
    musicCompositionLd({
      name: title,
      url: urls.page,
      composer: tc("composerName"),
      inLanguage: urls.lang,
      year: sheet.year,
      durationMinutes: sheet.durationMinutes,
      publisher: sheet.publisher,
      genre: category.label,
      firstPerformance: firstPerformance ? { ...firstPerformance, url: urls.abs(firstPerformance.path) } : undefined,
    }),
    urls.breadcrumbs([
      [tc("nav.compositions"), pagePath("compositions", urls.lang)],
      [category.label, category.href],
      [title, urls.page],
    ]),
  ];
  return (
    <article className="composition">
      <PreviewBanner preview={preview} />
      {preview ? null : <JsonLd data={structuredData} />}
      <div className="container composition__layout">
        <div className="composition__cover">{image ? <Picture image={image} sizes={COVER_SIZES} alt={title} priority /> : null}</div>
        <div className="composition__body">
          <Link className="composition__category" to={category.href}>
            {category.label}
          </Link>
          <h1 className="composition__title">{title}</h1>
          <div className="composition__actions">
            {link ? (
              <a className="button button--primary" href={link} target="_blank" rel="noopener noreferrer">
                {t("compositions.externalLink")} <span className="visually-hidden">{t("compositions.newTab")}</span>
              </a>
            ) : null}
            {!link && tracks.length === 1 ? <PlayButton id={slug} title={title} tracks={tracks} cover={image} href={href} startAt={shared?.seconds} /> : null}
            {video ? <VideoButton title={title} video={video} className="button button--ghost" /> : null}
          </div>
          {!link && tracks.length === 1 ? <SingleTrack slug={slug} title={title} tracks={tracks} cover={image} href={href} shared={shared} /> : null}
          {!link && tracks.length >= 2 ? <TrackList id={slug} title={title} tracks={tracks} cover={image} href={href} shared={shared} /> : null}
          {description ? <div className="composition__description">{description}</div> : null}
          <WorkSheet sheet={sheet} lang={lang} />
          <Performances performances={performances} />
        </div>
      </div>
    </article>
  );
}

/** A composition of one track: its waveform (or native player) under the Listen button. */
function SingleTrack({ shared, slug, ...request }: Omit<Parameters<typeof TrackList>[0], "id"> & { slug: string }) {
  const playing = useIsPlaying(slug, 0);
  return (
    <div className="composition__track">
      <TrackListening request={{ ...request, id: slug, index: 0, startAt: shared?.seconds }} playing={playing} shared={shared} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? [
        ...pageMeta(matches, {
          title: data.title,
          description: data.description.slice(0, 160),
          image: data.image?.src,
          type: "music.album",
          firstPicture: { image: data.image, sizes: COVER_SIZES },
        }),
        ...(data.preview ? [PREVIEW_META] : []),
      ]
    : [];
