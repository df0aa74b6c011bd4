import { data, redirect } from "react-router";
import type { Route } from "./+types/content-edit";
import { ContentItemForm } from "~/components/admin/ContentItemForm";
import { Breadcrumb } from "~/components/admin/ListControls";
import { CONTENT_FORMS, contentKindLabel, itemSummary, pathLabel } from "~/lib/content-fields";
import { contentList, saveContentItem } from "~/server/domain/content.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { adminContentId, adminContentKind, contentFormErrors, contentItemForm } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";
import { contentPlacements } from "~/server/views/content-placement.server";
import { Placements } from "~/components/admin/Placements";

/** /admin/content/{name}/nuovo creates an item; /admin/content/{name}/{id} edits one. */
async function itemOf(params: Route.LoaderArgs["params"]) {
  const kind = adminContentKind(params.name);
  const id = adminContentId(params.idItem);
  const list = `/admin/content/${kind}`;
  if (id === undefined) throw redirect(`${list}?avviso=non-trovato`);
  const item = id === null ? null : (await contentList(kind)).find((i) => i.id === id);
  if (item === undefined) throw redirect(`${list}?avviso=non-trovato`);
  return { kind, id, item, list };
}

export async function loader({ params }: Route.LoaderArgs) {
  const { kind, item } = await itemOf(params);
  const hasImages = CONTENT_FORMS[kind].fields.some((f) => f.type === "image" || (f.type === "list" && f.fields.some((inner) => inner.type === "image")));
  const placements = item ? ((await contentPlacements(kind, [item]))?.[0] ?? null) : null;
  return { kind, label: contentKindLabel(kind), item: (item ?? {}) as Record<string, unknown>, placements, library: hasImages ? await libraryChoices() : [] };
}

/** The form summary names each refused field in Italian ("Anno: Deve essere un anno"); each field shows its own message too. */
function withSummary(kind: Parameters<typeof contentKindLabel>[0], errors: Record<string, string>): Record<string, string> {
  if (errors.form) return errors;
  const named = Object.entries(errors).map(([path, message]) => `«${pathLabel(CONTENT_FORMS[kind].fields, path) ?? path}»: ${message}`);
  return { ...errors, form: `Controlla ${named.length === 1 ? "il campo" : "i campi"} ${named.join("; ")}` };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind, id, list } = await itemOf(params);
  const form = await adminForm(request);
  const post = contentItemForm(kind, form);
  if (!post.intent.save) {
    const errors = contentFormErrors({}, post, form);
    return { values: post.item, blankRows: { [post.intent.addRowsTo]: post.intent.blankRows }, errors: Object.keys(errors).length > 0 ? errors : undefined };
  }
  const result = await saveContentItem(kind, id, post.item, post.images, staffFrom(context));
  if (!result.ok) {
    if (result.status === 404) throw redirect(`${list}?avviso=non-trovato`);
    return data(
      { values: post.item, blankRows: undefined, errors: contentFormErrors(withSummary(kind, result.errors), post, form) },
      { status: result.status },
    );
  }
  return redirect(`${list}?avviso=salvato`);
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, label, item, placements, library } = loaderData;
  const form = CONTENT_FORMS[kind];
  const isNew = item.id === undefined;
  const list = `/admin/content/${kind}`;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label, to: list }, { label: isNew ? "Nuovo elemento" : itemSummary(form, item) }]} />
      <h1>
        {label}: {isNew ? "nuovo elemento" : "modifica"}
      </h1>
      {placements ? (
        <div className="content-edit__placements">
          Dove appare: <Placements places={placements} />
        </div>
      ) : null}
      <ContentItemForm
        key={JSON.stringify(actionData?.values ?? item)}
        fields={form.fields}
        values={actionData?.values ?? item}
        errors={actionData?.errors}
        blankRows={actionData?.blankRows}
        cancelTo={list}
        library={library}
      />
    </section>
  );
}
