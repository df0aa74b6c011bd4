import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/media-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { libraryImage } from "~/server/domain/media-library-images.server";
import { deleteLibraryImage } from "~/server/domain/media-library.server";
import { staffFrom } from "~/server/domain/session.server";

const LIST = "/admin/media";

function keyOf(request: Request): string {
  return new URL(request.url).searchParams.get("chiave") ?? "";
}

/** The confirmation of a delete without JavaScript (`?chiave=images/...`); an image still used shows its uses instead. */
export async function loader({ request }: Route.LoaderArgs) {
  const image = await libraryImage(keyOf(request));
  if (!image?.stored) throw redirect(`${LIST}?avviso=non-trovato`);
  return { key: image.key, url: image.url, name: image.fileName || image.key.split("/").pop() || image.key, uses: image.uses };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await deleteLibraryImage(keyOf(request), staffFrom(context));
  if (result.ok) return redirect(`${LIST}?avviso=eliminato`);
  if (result.status === 404) throw redirect(`${LIST}?avviso=non-trovato`);
  return data({ error: result.errors.form, uses: result.uses }, { status: result.status });
}

export default function MediaDelete({ loaderData, actionData }: Route.ComponentProps) {
  const uses = actionData?.uses ?? loaderData.uses;
  const error = actionData?.error ?? (uses.length > 0 ? "L'immagine è ancora usata e non può essere eliminata: toglila prima da queste pagine." : undefined);
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Media", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete
        title={`Elimina l'immagine "${loaderData.name}"`}
        question="Sei sicuro di voler eliminare questa immagine?"
        cancelTo={LIST}
        error={error}
      />
      {uses.length > 0 ? (
        <section className="admin-card" aria-labelledby="media-uses">
          <h2 id="media-uses">Usata in</h2>
          <ul className="media-card__uses">
            {uses.map((use) => (
              <li key={use.href}>
                <Link to={use.href}>{use.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
