import type { Route } from "./+types/music-create";
import { NewItemPage } from "~/components/admin/ItemForm";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { adminForm } from "~/server/http/forms.server";
import { backToEditPage, formRefusal, newItemForm, saveMusicForm } from "~/server/http/content-forms.server";
import { staffFrom } from "~/server/domain/session.server";

export const loader = () => newItemForm("music");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const { values, result } = await saveMusicForm(form, null, staffFrom(context));
  return result.ok ? backToEditPage(`/admin/musicList/${result.item.slug}`) : formRefusal(result, values, form);
}

export default function MusicCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewItemPage list={{ label: "Musica", to: "/admin/musicList" }} title="Nuovo contenuto" fields={MUSIC_FIELDS} form={loaderData} refused={actionData} />
  );
}
