import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/music-edit";
import { Breadcrumb, SavedNotice } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { savedFormValues } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { TrackStreams } from "~/components/admin/TrackStreams";
import { TrackOrder } from "~/components/admin/TrackOrder";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { musicPath } from "~/lib/paths";
import { backToEditPage, formRefusal, savedNotice, saveMusicForm } from "~/server/http/content-forms.server";
import { getMusicBySlug, moveTrack, orderTracks, renameTrack } from "~/server/domain/music.server";
import { formStrings } from "~/server/http/body.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { PreviewLinks } from "~/components/admin/PreviewLinks";
import { previewLinkIntent, previewLinkRows } from "~/server/http/preview.server";
import { retryTrackStream, trackStreamRows } from "~/server/domain/track-streams.server";

// SPEC.md 4 sends a failed load to /admin/categoryList; the music list is where the user came from.
const NOT_FOUND = "/admin/musicList?avviso=non-trovato";

export async function loader({ params, request }: Route.LoaderArgs) {
  const music = await getMusicBySlug(params.slugMusic);
  if (!music) throw redirect(NOT_FOUND);
  return {
    music,
    streams: await trackStreamRows(music.tracks),
    categories: await categoryChoices("music"),
    values: savedFormValues(MUSIC_FIELDS, music),
    previewLinks: await previewLinkRows("music", music.id),
    library: await libraryChoices(),
    ...savedNotice(request, musicPath(music), music),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const current = await getMusicBySlug(params.slugMusic);
  if (!current) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const previewAnswer = await previewLinkIntent(request, form, "music", current.id, user);
  if (previewAnswer) return previewAnswer;
  if (form.get("intent") === "retry-stream") {
    // Only a track of this composition: the form names it by its master's URL.
    const url = String(form.get("url") ?? "");
    if (!current.tracks.some((t) => t.url === url)) throw data("Traccia non trovata", { status: 400 });
    await retryTrackStream(url);
    return redirect(`/admin/musicList/${current.slug}`);
  }
  const intent = form.get("intent");
  if (intent === "order-tracks") {
    // The order a drag and drop left (JavaScript only): every track's id, in order.
    const ids = String(form.get("ids") ?? "")
      .split(",")
      .map(Number);
    const result = await orderTracks(current.id, ids, user);
    if (!result.ok) return data({ trackError: { id: 0, message: Object.values(result.errors).join(" ") } }, { status: result.status });
    return redirect(`/admin/musicList/${current.slug}#track-order-title`);
  }
  if (intent === "move-track" || intent === "rename-track") {
    // Issue 25: one track's place or names, a form of its own per track (works without JavaScript).
    const trackId = Number(form.get("track"));
    const result =
      intent === "move-track"
        ? await moveTrack(current.id, trackId, form.get("direction") === "up" ? -1 : 1, user)
        : await renameTrack(current.id, trackId, formStrings(form), user);
    if (!result.ok) return data({ trackError: { id: trackId, message: Object.values(result.errors).join(" ") } }, { status: result.status });
    return redirect(`/admin/musicList/${current.slug}#track-${trackId}`);
  }
  const { values, result } = await saveMusicForm(form, current, user);
  if (!result.ok) {
    if (result.status === 404) throw redirect(NOT_FOUND);
    return formRefusal(result, values, form);
  }
  return backToEditPage(`/admin/musicList/${result.item.slug}`);
}

export default function MusicEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { music, streams, categories, previewLinks, notice, publicPage } = loaderData;
  const refused = actionData && "values" in actionData ? actionData : null;
  const trackError = actionData && "trackError" in actionData ? actionData.trackError : null;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Musica", to: "/admin/musicList" }, { label: music.title }]} />
      <div className="admin-page__head">
        <h1>Modifica contenuto</h1>
        <Link className="button button--ghost" to={`/admin/musicList/${music.slug}/history`}>
          Cronologia
        </Link>
      </div>
      <SavedNotice notice={notice} publicPage={publicPage} />
      <ItemForm
        fields={MUSIC_FIELDS}
        values={refused?.values ?? loaderData.values}
        errors={refused?.errors}
        categories={categories}
        image={music.img || null}
        lists={{ music_tracks: music.tracks }}
        documents={{
          score: music.score ? { url: music.score, pages: music.scorePages, originalHref: `/admin/musicList/${music.slug}/score-original` } : null,
        }}
        // A saved composition keeps its mode: the other option stays disabled (SPEC.md 2.17/4).
        locked={{ mode: loaderData.values.mode }}
        library={loaderData.library}
        cancelTo="/admin/musicList"
        submitLabel="Salva modifiche"
      />
      <TrackOrder tracks={music.tracks} error={trackError} />
      <TrackStreams tracks={streams} page={`/admin/musicList/${music.slug}`} />
      <PreviewLinks links={previewLinks} created={actionData && "previewLink" in actionData ? actionData.previewLink : null} />
    </section>
  );
}
