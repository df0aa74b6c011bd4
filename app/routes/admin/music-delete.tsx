import { redirect } from "react-router";
import type { Route } from "./+types/music-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { deleteMusic, getMusicBySlug } from "~/server/domain/music.server";
import { staffFrom } from "~/server/domain/session.server";

const LIST = "/admin/musicList";

export async function loader({ params }: Route.LoaderArgs) {
  const music = await getMusicBySlug(params.slugMusic);
  if (!music) throw redirect(`${LIST}?avviso=non-trovato`);
  return { title: music.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const music = await getMusicBySlug(params.slugMusic);
  if (!music || !(await deleteMusic(music.id, user))) throw redirect(`${LIST}?avviso=non-trovato`);
  return redirect(`${LIST}?avviso=eliminato`);
}

export default function MusicDelete({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Musica", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete title={`Elimina il contenuto "${loaderData.title}"`} question="Sei sicuro di voler eliminare questo contenuto?" cancelTo={LIST} />
    </section>
  );
}
