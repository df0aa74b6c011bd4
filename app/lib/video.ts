/**
 * A composition's `videos` field holds one watch/share URL (YouTube or Vimeo). The modal embeds it
 * from the provider's player domain; YouTube through its privacy-enhanced (no-cookie) domain.
 */
/** What the video modal shows: an embed address and the title it is announced with. */
export type VideoRequest = { embedUrl: string; title: string };

export type VideoEmbed = { provider: "youtube" | "vimeo"; id: string; embedUrl: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{4,12}$/;

function parseUrl(raw: string): URL | null {
  const value = raw.trim();
  if (!value) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
}

export function videoEmbed(raw: string | null | undefined): VideoEmbed | null {
  if (!raw) return null;
  const url = parseUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null = null;
  if (host === "youtu.be") id = segments[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments.length === 0 || segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1] ?? null;
  }
  if (id !== null) {
    return YOUTUBE_ID.test(id) ? { provider: "youtube", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeoId = [...segments].reverse().find((s) => VIMEO_ID.test(s));
    return vimeoId ? { provider: "vimeo", id: vimeoId, embedUrl: `https://player.vimeo.com/video/${vimeoId}` } : null;
  }
  return null;
}
