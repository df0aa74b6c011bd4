import { data, redirect } from "react-router";
import type { Route } from "./+types/music-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { MusicForm } from "~/components/admin/MusicForm";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { musicPath } from "~/lib/paths";
import { musicForm, refusePastSchedule, withFilesToChooseAgain } from "~/server/http/content-forms.server";
import { parseMusicInput, saveMusic } from "~/server/domain/music.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";

/** A new item is published at once unless staff choose otherwise. */
const NEW_PUBLICATION = { publication: "ora" as const, publish_at_local: "" };

export async function loader() {
  return { categories: await categoryChoices("music"), library: await libraryChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const form = await adminForm(request);
  const { values, files } = musicForm(form, []);
  const parsed = refusePastSchedule(parseMusicInput(values), values);
  const result = parsed.ok ? await saveMusic(null, parsed.data, files, user) : parsed;
  if (!result.ok) return data({ errors: withFilesToChooseAgain(result.errors, form), values }, { status: result.status === 404 ? 400 : result.status });
  return redirect(musicPath(result.item));
}

export default function MusicCreate({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? {
    category: "",
    title: "",
    title_eng: "",
    description: "",
    description_eng: "",
    mode: "tracks",
    videos: "",
    link: "",
    ...NEW_PUBLICATION,
  };
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Musica", to: "/admin/musicList" }, { label: "Nuovo contenuto" }]} />
      <h1>Nuovo contenuto</h1>
      <MusicForm
        values={values}
        errors={actionData?.errors}
        categories={loaderData.categories}
        image={null}
        tracks={[]}
        library={loaderData.library}
        submitLabel="Salva"
      />
    </section>
  );
}
