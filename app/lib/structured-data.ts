import type { Lang } from "./i18n";

/**
 * schema.org descriptions of public pages as JSON-LD (https://schema.org, Google's structured
 * data guidelines). Pure builders: routes give them absolute URLs and localised texts.
 */
export type JsonLdThing = { "@context"?: "https://schema.org"; "@type": string } & Record<string, unknown>;

const CONTEXT = "https://schema.org" as const;

/** "/media/x.jpg" -> "https://site/media/x.jpg"; absolute URLs are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Seconds as an ISO 8601 duration: 75 -> "PT1M15S", 3600 -> "PT1H". */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = `${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
  return `PT${parts}`;
}

/** JSON for a <script> element: `<`, `>`, `&` and the JS line separators cannot end the element or break parsing. */
export function serializeJsonLd(data: JsonLdThing): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function personLd(input: { name: string; url: string; description?: string; image?: string; sameAs: string[] }): JsonLdThing {
  return {
    "@context": CONTEXT,
    "@type": "Person",
    name: input.name,
    url: input.url,
    jobTitle: "Composer",
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: input.image } : {}),
    sameAs: input.sameAs,
  };
}

export type TrackInput = { name: string; url: string; durationSeconds?: number | null };

/** A composition page: an album of recordings by the composer, each with its length when known. */
export function musicAlbumLd(input: {
  name: string;
  url: string;
  description?: string;
  image?: string;
  artist: string;
  genre?: string;
  inLanguage: Lang;
  tracks: TrackInput[];
  origin: string;
  sameAs?: string | null;
}): JsonLdThing {
  return {
    "@context": CONTEXT,
    "@type": "MusicAlbum",
    name: input.name,
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: input.image } : {}),
    ...(input.genre ? { genre: input.genre } : {}),
    ...(input.sameAs ? { sameAs: input.sameAs } : {}),
    inLanguage: input.inLanguage,
    byArtist: { "@type": "Person", name: input.artist },
    numTracks: input.tracks.length,
    track: input.tracks.map((track, index) => ({
      "@type": "MusicRecording",
      position: index + 1,
      name: track.name,
      url: absoluteUrl(input.origin, track.url),
      byArtist: { "@type": "Person", name: input.artist },
      ...(typeof track.durationSeconds === "number" && track.durationSeconds > 0 ? { duration: isoDuration(track.durationSeconds) } : {}),
    })),
  };
}

/** Minutes as an ISO 8601 duration: 12.5 -> "PT12M30S", 75 -> "PT1H15M". */
function isoDurationOfMinutes(minutes: number): string {
  return isoDuration(minutes * 60);
}

/** Where a concert is (issue 36): the venue as a Place with its PostalAddress. */
type PlaceInput = { venue: string; address?: string; city: string; country: string };

function placeLd(input: PlaceInput) {
  return {
    "@type": "Place",
    name: input.venue,
    address: {
      "@type": "PostalAddress",
      ...(input.address ? { streetAddress: input.address } : {}),
      addressLocality: input.city,
      addressCountry: input.country,
    },
  };
}

/**
 * A composition as a work (issue 36): who wrote it, when, how long it lasts, what it is written for,
 * who publishes it, and its world premiere's concert when the site has it (`firstPerformance`).
 */
export function musicCompositionLd(input: {
  name: string;
  url: string;
  composer: string;
  inLanguage: Lang;
  year?: number | null;
  durationMinutes?: number | null;
  publisher?: string;
  genre?: string;
  firstPerformance?: PlaceInput & { name: string; url: string; startDate: string };
}): JsonLdThing {
  const premiere = input.firstPerformance;
  return {
    "@context": CONTEXT,
    "@type": "MusicComposition",
    name: input.name,
    url: input.url,
    composer: { "@type": "Person", name: input.composer },
    inLanguage: input.inLanguage,
    ...(input.year ? { dateCreated: String(input.year) } : {}),
    ...(input.durationMinutes ? { duration: isoDurationOfMinutes(input.durationMinutes) } : {}),
    ...(input.publisher ? { publisher: { "@type": "Organization", name: input.publisher } } : {}),
    ...(input.genre ? { genre: input.genre } : {}),
    ...(premiere
      ? { firstPerformance: { "@type": "MusicEvent", name: premiere.name, url: premiere.url, startDate: premiere.startDate, location: placeLd(premiere) } }
      : {}),
  };
}

export function newsArticleLd(input: {
  headline: string;
  url: string;
  datePublished: string;
  dateModified?: string;
  image?: string;
  description?: string;
  inLanguage: Lang;
  author: string;
  authorUrl: string;
}): JsonLdThing {
  return {
    "@context": CONTEXT,
    "@type": "NewsArticle",
    // Google truncates longer headlines
    headline: input.headline.length > 110 ? `${input.headline.slice(0, 109)}…` : input.headline,
    mainEntityOfPage: input.url,
    url: input.url,
    datePublished: input.datePublished,
    ...(input.dateModified ? { dateModified: input.dateModified } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    ...(input.description ? { description: input.description } : {}),
    inLanguage: input.inLanguage,
    author: { "@type": "Person", name: input.author, url: input.authorUrl },
    publisher: { "@type": "Person", name: input.author, url: input.authorUrl },
  };
}

/** The trail from home to the page; the last crumb is the page itself. */
export function breadcrumbLd(crumbs: { name: string; url: string }[]): JsonLdThing {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** schema.org's EventStatusType for each concert state (issue 36). */
const EVENT_STATUS_TYPES: Record<string, string> = {
  scheduled: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
  rescheduled: "https://schema.org/EventRescheduled",
};

/**
 * A concert page (issue 36): where and when, its state, the tickets when there is a link, who plays,
 * and each composition played as a MusicComposition with its page (`url` absent for a work without one).
 */
export function musicEventLd(
  input: PlaceInput & {
    name: string;
    url: string;
    startDate: string;
    endDate?: string;
    eventStatus: string;
    ticketUrl?: string;
    performers: string[];
    image?: string;
    description?: string;
    inLanguage: Lang;
    composer: string;
    works: { name: string; url?: string }[];
  },
): JsonLdThing {
  return {
    "@context": CONTEXT,
    "@type": "MusicEvent",
    name: input.name,
    url: input.url,
    startDate: input.startDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    eventStatus: EVENT_STATUS_TYPES[input.eventStatus] ?? EVENT_STATUS_TYPES.scheduled,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: placeLd(input),
    ...(input.ticketUrl ? { offers: { "@type": "Offer", url: input.ticketUrl } } : {}),
    ...(input.performers.length ? { performer: input.performers.map((name) => ({ "@type": "PerformingGroup", name })) } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    ...(input.description ? { description: input.description } : {}),
    inLanguage: input.inLanguage,
    workPerformed: input.works.map((work) => ({
      "@type": "MusicComposition",
      name: work.name,
      ...(work.url ? { url: work.url } : {}),
      composer: { "@type": "Person", name: input.composer },
    })),
  };
}
