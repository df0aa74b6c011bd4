import type { Lang } from "./i18n";

/**
 * The fixed bilingual vocabularies of the catalogue (issue 36): the ensemble a composition is written
 * for and the instruments it uses. The keys are what the database, api/ and the /works filters carry;
 * the names are what the admin (Italian) and the public pages (the page's language) show. A new
 * instrument is one line here.
 */
type Names = { it: string; en: string };

const ENSEMBLES = {
  solo: { it: "Solo", en: "Solo" },
  duo: { it: "Duo", en: "Duo" },
  chamber: { it: "Musica da camera", en: "Chamber" },
  orchestra: { it: "Orchestra", en: "Orchestra" },
  choir: { it: "Coro", en: "Choir" },
  voice: { it: "Voce", en: "Voice" },
  electronics: { it: "Elettronica", en: "Electronics" },
  media: { it: "Film, TV, teatro, giochi", en: "Film, TV, theatre, games" },
  other: { it: "Altro", en: "Other" },
} as const satisfies Record<string, Names>;

const INSTRUMENTS = {
  piccolo: { it: "Ottavino", en: "Piccolo" },
  flute: { it: "Flauto", en: "Flute" },
  oboe: { it: "Oboe", en: "Oboe" },
  english_horn: { it: "Corno inglese", en: "English horn" },
  clarinet: { it: "Clarinetto", en: "Clarinet" },
  bass_clarinet: { it: "Clarinetto basso", en: "Bass clarinet" },
  bassoon: { it: "Fagotto", en: "Bassoon" },
  saxophone: { it: "Sassofono", en: "Saxophone" },
  horn: { it: "Corno", en: "Horn" },
  trumpet: { it: "Tromba", en: "Trumpet" },
  trombone: { it: "Trombone", en: "Trombone" },
  tuba: { it: "Tuba", en: "Tuba" },
  timpani: { it: "Timpani", en: "Timpani" },
  percussion: { it: "Percussioni", en: "Percussion" },
  harp: { it: "Arpa", en: "Harp" },
  piano: { it: "Pianoforte", en: "Piano" },
  harpsichord: { it: "Clavicembalo", en: "Harpsichord" },
  organ: { it: "Organo", en: "Organ" },
  accordion: { it: "Fisarmonica", en: "Accordion" },
  guitar: { it: "Chitarra", en: "Guitar" },
  mandolin: { it: "Mandolino", en: "Mandolin" },
  violin: { it: "Violino", en: "Violin" },
  viola: { it: "Viola", en: "Viola" },
  cello: { it: "Violoncello", en: "Cello" },
  double_bass: { it: "Contrabbasso", en: "Double bass" },
  strings: { it: "Archi", en: "Strings" },
  soprano: { it: "Soprano", en: "Soprano" },
  mezzo_soprano: { it: "Mezzosoprano", en: "Mezzo-soprano" },
  tenor: { it: "Tenore", en: "Tenor" },
  baritone: { it: "Baritono", en: "Baritone" },
  bass_voice: { it: "Basso (voce)", en: "Bass (voice)" },
  voice: { it: "Voce", en: "Voice" },
  choir: { it: "Coro", en: "Choir" },
  electronics: { it: "Elettronica", en: "Electronics" },
  synthesizer: { it: "Sintetizzatore", en: "Synthesizer" },
  tape: { it: "Nastro magnetico", en: "Tape" },
} as const satisfies Record<string, Names>;

export type EnsembleKey = keyof typeof ENSEMBLES;
export type InstrumentKey = keyof typeof INSTRUMENTS;

const keysOf = <K extends string>(vocabulary: Record<K, Names>) => Object.keys(vocabulary) as [K, ...K[]];
export const ENSEMBLE_KEYS = keysOf(ENSEMBLES);
export const INSTRUMENT_KEYS = keysOf(INSTRUMENTS);

const namesIn = <K extends string>(vocabulary: Record<K, Names>, lang: Lang) =>
  Object.fromEntries(Object.entries<Names>(vocabulary).map(([key, names]) => [key, names[lang]])) as Record<K, string>;
/** The Italian names, as the admin form labels its choices. */
export const ENSEMBLE_LABELS_IT = namesIn(ENSEMBLES, "it");
export const INSTRUMENT_LABELS_IT = namesIn(INSTRUMENTS, "it");

export const isEnsembleKey = (key: string): key is EnsembleKey => Object.hasOwn(ENSEMBLES, key);
export const isInstrumentKey = (key: string): key is InstrumentKey => Object.hasOwn(INSTRUMENTS, key);

/** A key's name in a language (the key itself for one the vocabulary no longer has). */
export function ensembleName(key: string, lang: Lang): string {
  return isEnsembleKey(key) ? ENSEMBLES[key][lang] : key;
}
export function instrumentName(key: string, lang: Lang): string {
  return isInstrumentKey(key) ? INSTRUMENTS[key][lang] : key;
}
