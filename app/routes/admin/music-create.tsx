import { data, redirect } from "react-router";
import type { Route } from "./+types/music-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { newFormValues } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { musicPath } from "~/lib/paths";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { saveMusicForm } from "~/server/http/content-forms.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";

const MUSIC_LIST = "/admin/musicList";

export async function loader() {
  // A new item is published at once unless staff choose otherwise.
  return { values: newFormValues(MUSIC_FIELDS), categories: await categoryChoices("music"), library: await libraryChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { values, result } = await saveMusicForm(await adminForm(request), null, staffFrom(context));
  if (!result.ok) return data({ errors: result.errors, values }, { status: result.status === 404 ? 400 : result.status });
  return redirect(musicPath(result.item));
}

export default function MusicCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Musica", to: MUSIC_LIST }, { label: "Nuovo contenuto" }]} />
      <h1>Nuovo contenuto</h1>
      <ItemForm
        fields={MUSIC_FIELDS}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        categories={loaderData.categories}
        library={loaderData.library}
        cancelTo={MUSIC_LIST}
        submitLabel="Salva"
      />
    </section>
  );
}
