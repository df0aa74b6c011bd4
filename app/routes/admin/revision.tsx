import { redirect } from "react-router";
import type { Route } from "./+types/revision";
import { idParam } from "~/lib/ids";
import { revisionSubject } from "~/server/domain/item-restore.server";

const HISTORY = { news: "/admin/newsList", music: "/admin/musicList", content: "/admin/content" } as const;

/** /admin/revisions/{id}: the activity log's link, sent to the revision on its item's history page. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idRevision);
  const subject = id ? await revisionSubject(id) : null;
  // The item is in the trash or gone: its history is not browsable.
  if (!subject) throw redirect("/admin/activityList?avviso=non-trovato");
  throw redirect(`${HISTORY[subject.kind]}/${subject.key}/history#revisione-${id}`);
}
