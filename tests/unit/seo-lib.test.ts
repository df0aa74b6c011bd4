import { describe, expect, it } from "vitest";
import { isoDuration, musicAlbumLd, serializeJsonLd } from "~/lib/structured-data";
import { first } from "../support/present";

describe("structured data", () => {
  it("writes ISO 8601 durations", () => {
    expect(isoDuration(0)).toBe("PT0S");
    expect(isoDuration(9.4)).toBe("PT9S");
    expect(isoDuration(75)).toBe("PT1M15S");
    expect(isoDuration(120)).toBe("PT2M");
    expect(isoDuration(3600)).toBe("PT1H");
    expect(isoDuration(3725)).toBe("PT1H2M5S");
  });

  it("serialises JSON-LD so no text can end the script element", () => {
    const text = serializeJsonLd({ "@type": "Thing", name: "</script><!-- & \u2028" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ "@type": "Thing", name: "</script><!-- & \u2028" });
  });

  it("gives a track its duration only when it is known", () => {
    const album = musicAlbumLd({
      name: "A",
      url: "https://x/a",
      artist: "E",
      inLanguage: "it",
      origin: "https://x",
      tracks: [
        { name: "one", url: "/media/tracks/1.wav", durationSeconds: 61 },
        { name: "two", url: "/media/tracks/2.wav" },
        { name: "three", url: "/media/tracks/3.wav", durationSeconds: null },
      ],
    });
    const tracks = album.track as Record<string, unknown>[];
    expect(tracks.map((t) => t.duration)).toEqual(["PT1M1S", undefined, undefined]);
    expect(first(tracks).url).toBe("https://x/media/tracks/1.wav");
  });
});
