import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/media-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { FormError } from "~/components/admin/form-fields";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { UploadProgress } from "~/components/admin/UploadProgress";
import { IMAGE_ACCEPT, lacksAlt, variantUrl } from "~/lib/images";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { LIBRARY_STATES, searchLibraryImages, type LibraryState } from "~/server/domain/media-library-images.server";
import { replaceLibraryImage, saveImageAlt, uploadLibraryImage } from "~/server/domain/media-library.server";
import { staffFrom } from "~/server/domain/session.server";
import { isRealFile } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";
import { formStrings } from "~/server/http/body.server";

const LIST = "/admin/media";

const STATE_OPTIONS: [value: string, label: string][] = [
  ["", "Tutte le immagini"],
  ["senza-alt", "Senza testo alternativo"],
  ["non-usate", "Non usate"],
];

function libraryState(value: string | null): LibraryState | undefined {
  return value && Object.hasOwn(LIBRARY_STATES, value) ? (value as LibraryState) : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  // `?filtro=senza-alt` is the address the filter had before it took `stato` as the other lists do.
  const state = libraryState(url.searchParams.get("stato") ?? url.searchParams.get("filtro"));
  const { images, total, counts } = await searchLibraryImages({ q: params.q, state, ...pageOf(params) });
  return { images, counts, state: state ?? "", ...listState(url, params, total) };
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

/** The alt-text state of an image in words: what a screen reader hears of it on the site. */
function altState(image: Image): string {
  if (image.decorative) return "Testo alternativo: decorativa, nessuno (i lettori di schermo la saltano).";
  const it = image.altIt.trim();
  const en = image.altEn.trim();
  if (it && en) return "Testo alternativo: presente in italiano e in inglese.";
  if (it) return "Testo alternativo: manca in inglese.";
  if (en) return "Testo alternativo: manca in italiano.";
  return "Testo alternativo: manca.";
}
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
        {!image.fileName && image.stored ? (
          <p className="media-card__note">Nome del file caricato non conservato (immagine caricata prima che il sito lo registrasse).</p>
        ) : null}
        <p className={lacksAlt(image) ? "media-card__alt-state media-card__alt-state--missing" : "media-card__alt-state"}>{altState(image)}</p>
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
  const { images, counts, state, total, q, page, size, notice } = loaderData;
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
      <nav className="media-filter" aria-label="Filtri rapidi">
        <ul>
          {STATE_OPTIONS.map(([value, label]) => (
            <li key={value}>
              <Link to={value ? `${LIST}?stato=${value}` : LIST} aria-current={value === state && !q ? "page" : undefined}>
                {label} ({counts[value === "" ? "all" : (value as LibraryState)]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch q={q} size={size} placeholder="Cerca per nome del file o testo alternativo" stateFilter={{ value: state, options: STATE_OPTIONS }} />
      {images.length === 0 ? (
        <p className="admin-card">
          {q
            ? `Nessuna immagine trovata per «${q}».`
            : state === "senza-alt"
              ? "Tutte le immagini hanno il testo alternativo."
              : state === "non-usate"
                ? "Ogni immagine è usata da una pagina."
                : "Nessuna immagine."}
        </p>
      ) : (
        <ul className="media-grid">
          {images.map((image) => (
            <ImageCard key={image.key} image={image} errors={actionData?.key === image.key ? actionData.errors : undefined} />
          ))}
        </ul>
      )}
      <Pagination pathname={LIST} q={q} page={page} size={size} total={total} stato={state || undefined} />
    </section>
  );
}
