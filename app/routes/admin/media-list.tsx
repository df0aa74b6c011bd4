import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/media-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { FormError } from "~/components/admin/form-fields";
import { Breadcrumb, Notice } from "~/components/admin/ListControls";
import { UploadProgress } from "~/components/admin/UploadProgress";
import { IMAGE_ACCEPT, lacksAlt, variantUrl } from "~/lib/images";
import { noticeFrom } from "~/lib/list-params";
import { listLibraryImages } from "~/server/domain/media-library-images.server";
import { replaceLibraryImage, saveImageAlt, uploadLibraryImage } from "~/server/domain/media-library.server";
import { staffFrom } from "~/server/domain/session.server";
import { isRealFile } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";
import { formStrings } from "~/server/http/body.server";

const LIST = "/admin/media";
/** `?filtro=senza-alt`: only the images without both alt texts (and not decorative). */
const MISSING_ALT = "senza-alt";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const missingAlt = url.searchParams.get("filtro") === MISSING_ALT;
  const [images, all] = await Promise.all([listLibraryImages({ missingAlt }), listLibraryImages()]);
  return { images, missingAlt, total: all.length, withoutAlt: all.filter(lacksAlt).length, notice: noticeFrom(url) };
}

/** One form per intent: an upload, the alt texts of one image, a replacement of one image's bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = staffFrom(context);
  const form = await adminForm(request);
  const fields = formStrings(form);
  const key = fields.key ?? "";
  const file = form.get("file");
  switch (fields.intent) {
    case "upload": {
      if (!isRealFile(file)) return data({ key: "", errors: { file: "Scegli un'immagine da caricare." } }, { status: 400 });
      const saved = await uploadLibraryImage(file, actor);
      if (!saved.ok) return data({ key: "", errors: saved.errors }, { status: saved.status });
      return redirect(`${LIST}?avviso=caricata#${anchorOf(saved.item.key)}`);
    }
    case "alt": {
      const saved = await saveImageAlt(key, { altIt: fields.altIt ?? "", altEn: fields.altEn ?? "", decorative: fields.decorative === "1" }, actor);
      if (!saved.ok) return data({ key, errors: saved.errors }, { status: saved.status });
      return redirect(`${LIST}?avviso=salvato#${anchorOf(key)}`);
    }
    case "replace": {
      if (!isRealFile(file)) return data({ key, errors: { file: "Scegli l'immagine che prende il posto di questa." } }, { status: 400 });
      const saved = await replaceLibraryImage(key, file, actor);
      if (!saved.ok) return data({ key, errors: saved.errors }, { status: saved.status });
      return redirect(`${LIST}?avviso=sostituita#${anchorOf(saved.item.key)}`);
    }
    default:
      return data({ key: "", errors: { form: "Azione sconosciuta" } }, { status: 400 });
  }
}

/** The id of an image's card, so a redirect after a save lands on it. */
function anchorOf(key: string): string {
  return `img-${key.replace(/[^a-zA-Z0-9]/g, "-")}`;
}

type Image = Route.ComponentProps["loaderData"]["images"][number];
type Errors = Record<string, string> | undefined;

function ImageCard({ image, errors }: { image: Image; errors: Errors }) {
  const id = anchorOf(image.key);
  const name = image.fileName || image.key.split("/").pop();
  return (
    <li className="media-card admin-card" id={id} data-key={image.key} data-missing-alt={lacksAlt(image) ? "true" : "false"}>
      <a className="media-card__thumb" href={image.url}>
        <img src={variantUrl(image.url, 320)} alt={image.altIt || `Anteprima di ${name}`} width={160} height={120} loading="lazy" />
      </a>
      <div className="media-card__body">
        <h2 className="media-card__name">{name}</h2>
        <FormError message={errors?.form} />
        <h3>Usata in</h3>
        {image.uses.length === 0 ? (
          <p className="media-card__unused">Non usata da nessuna pagina.</p>
        ) : (
          <ul className="media-card__uses">
            {image.uses.map((use) => (
              <li key={use.href}>
                <Link to={use.href}>{use.label}</Link>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="media-card__alt">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="key" value={image.key} />
          <label htmlFor={`${id}-it`}>Testo alternativo (italiano)</label>
          <input type="text" id={`${id}-it`} name="altIt" defaultValue={image.altIt} maxLength={300} />
          <label htmlFor={`${id}-en`}>Testo alternativo (inglese)</label>
          <input type="text" id={`${id}-en`} name="altEn" defaultValue={image.altEn} maxLength={300} />
          {errors?.altIt || errors?.altEn ? <p className="field__error">{errors.altIt ?? errors.altEn}</p> : null}
          <label className="media-card__check">
            <input type="checkbox" name="decorative" value="1" defaultChecked={image.decorative} /> Decorativa (nessun testo alternativo)
          </label>
          <button className="button button--primary" type="submit">
            Salva testi
          </button>
        </Form>
        {image.stored ? (
          <div className="media-card__actions">
            <Form method="post" encType="multipart/form-data" className="media-card__replace">
              <input type="hidden" name="intent" value="replace" />
              <input type="hidden" name="key" value={image.key} />
              <label htmlFor={`${id}-file`}>Sostituisci con</label>
              <input id={`${id}-file`} name="file" type="file" accept={IMAGE_ACCEPT} />
              {errors?.file ? <p className="field__error">{errors.file}</p> : null}
              <button className="button button--ghost" type="submit">
                Sostituisci
              </button>
            </Form>
            <DeleteLink
              href={`${LIST}/elimina?chiave=${encodeURIComponent(image.key)}`}
              label={`Elimina l'immagine ${name}`}
              question="Sei sicuro di voler eliminare questa immagine?"
            />
          </div>
        ) : (
          <p className="media-card__note">Immagine dei contenuti installati: si può cambiare il testo, non eliminarla.</p>
        )}
      </div>
    </li>
  );
}

/** The media library: every image with its uses, alt texts, upload, replace and delete. Works without JavaScript. */
export default function MediaList({ loaderData, actionData }: Route.ComponentProps) {
  const { images, missingAlt, total, withoutAlt, notice } = loaderData;
  const uploadErrors: Errors = actionData && !actionData.key ? actionData.errors : undefined;
  return (
    <section className="admin-page media-library">
      <Breadcrumb items={[{ label: "Media" }]} />
      <h1>Media</h1>
      <Notice text={notice} />
      <Form method="post" encType="multipart/form-data" className="admin-card media-upload" data-upload-progress="">
        <input type="hidden" name="intent" value="upload" />
        <label htmlFor="media-upload-file">Carica un'immagine (JPEG, PNG, WebP, AVIF o GIF, al massimo 10 MB)</label>
        <input id="media-upload-file" name="file" type="file" accept={IMAGE_ACCEPT} required />
        <FormError message={uploadErrors?.file ?? uploadErrors?.form} />
        <UploadProgress />
        <button className="button button--primary" type="submit">
          Carica
        </button>
      </Form>
      <nav className="media-filter" aria-label="Filtro">
        {missingAlt ? (
          <Link to={LIST}>Tutte le immagini ({total})</Link>
        ) : (
          <Link to={`${LIST}?filtro=${MISSING_ALT}`}>Senza testo alternativo ({withoutAlt})</Link>
        )}
      </nav>
      {images.length === 0 ? (
        <p className="admin-card">{missingAlt ? "Tutte le immagini hanno il testo alternativo." : "Nessuna immagine."}</p>
      ) : (
        <ul className="media-grid">
          {images.map((image) => (
            <ImageCard key={image.key} image={image} errors={actionData?.key === image.key ? actionData.errors : undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}
