import { describeFields } from "./item-fields";
import { IMAGE_ACCEPT } from "./images";
import { ENSEMBLE_KEYS, ENSEMBLE_LABELS_IT, INSTRUMENT_KEYS, INSTRUMENT_LABELS_IT } from "./catalogue-vocabulary";

/** How a composition is listened to (SPEC.md 2.17/4): its own tracks (and videos), or a link elsewhere. */
const MUSIC_MODES = ["tracks", "link"] as const;

/** The catalogue's fieldset in the admin form (issue 36). */
const CATALOGUE = "Scheda del catalogo";
/** A composition's year: from 1900 to five years ahead (a work announced, still being written). */
const LATEST_YEAR = new Date().getFullYear() + 5;

/**
 * The fields of a composition (SPEC.md 3 and 4), in the order of its admin form. The tracks and the
 * videos belong to the "tracks" mode, the link to the "link" mode: the form groups them by `group`.
 */
export const MUSIC_FIELDS = describeFields({
  category: { kind: "category", label: "Categoria" },
  // English optional (unlike news): most compositions keep their Italian title abroad.
  title: { kind: "bilingual", label: "Titolo", format: "line", max: 300, required: "italian", sideBySide: true },
  description: { kind: "bilingual", label: "Descrizione", format: "plain", max: 20_000, required: "neither", sideBySide: true },
  img: { kind: "file", label: "Immagine", form: "image", accept: IMAGE_ACCEPT, required: true },
  mode: {
    kind: "enum",
    label: "Tipo di contenuto",
    values: MUSIC_MODES,
    labels: { tracks: "Tracce e video", link: "Link esterno" },
    control: "radio",
    initial: "tracks",
    fromRow: (row) => (row.link ? "link" : "tracks"),
  },
  music_tracks: {
    kind: "list",
    column: "tracks",
    label: "Tracce audio",
    purpose: "track",
    accept: "audio/*",
    inputs: { json: "tracks_json", files: "track_files", keep: "keep_track" },
    group: "tracks",
  },
  videos: { kind: "url", label: "Video (link)", max: 2000, group: "tracks" },
  link: { kind: "url", label: "Link", max: 2000, group: "link" },
  // Issue 36: the catalogue data a programmer needs, all optional (old clients send none of it).
  year: { kind: "number", label: "Anno di composizione", min: 1900, max: LATEST_YEAR, required: false, section: CATALOGUE },
  duration_minutes: {
    kind: "number",
    label: "Durata (minuti)",
    column: "durationMinutes",
    min: 0.5,
    max: 600,
    decimals: 1,
    required: false,
    section: CATALOGUE,
  },
  ensemble: {
    kind: "enum",
    label: "Organico",
    values: ENSEMBLE_KEYS,
    labels: ENSEMBLE_LABELS_IT,
    control: "select",
    placeholder: "Non indicato",
    optional: true,
    section: CATALOGUE,
  },
  instrumentation: { kind: "bilingual", label: "Strumentazione", format: "line", max: 500, required: "neither", sideBySide: true, section: CATALOGUE },
  instruments: { kind: "choices", label: "Strumenti (per i filtri del catalogo)", values: INSTRUMENT_KEYS, labels: INSTRUMENT_LABELS_IT, section: CATALOGUE },
  premiere: { kind: "bilingual", label: "Prima esecuzione", format: "line", max: 500, required: "neither", sideBySide: true, section: CATALOGUE },
  commission: { kind: "bilingual", label: "Commissione", format: "line", max: 500, required: "neither", sideBySide: true, section: CATALOGUE },
  publisher: { kind: "text", label: "Editore", format: "line", max: 200, required: false, section: CATALOGUE },
  score: {
    kind: "document",
    label: "Partitura in visione (PDF)",
    accept: "application/pdf",
    hint: "PDF fino a 50 MB. Ai visitatori va una copia con la filigrana «Copia per consultazione»; l'originale resta privato.",
    section: CATALOGUE,
  },
  publication: { kind: "publication" },
});
