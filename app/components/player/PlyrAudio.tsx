import { useEffect, useMemo, useRef, type Ref } from "react";
import { usePlyr, type APITypes, type PlyrOptions } from "plyr-react";
import "plyr-react/plyr.css";
import spriteUrl from "./plyr.svg?url";

/** SPEC.md 9: jump 5 s; arrows change the volume by 0.1; space, arrows, l and m when focused; no loop. */
function plyrOptions(): PlyrOptions {
  return {
    controls: ["play", "rewind", "fast-forward", "progress", "current-time", "duration", "mute", "volume"],
    seekTime: 5,
    keyboard: { focused: true, global: false },
    loop: { active: false },
    autoplay: false,
    iconUrl: spriteUrl,
    loadSprite: true,
    blankVideo: "",
    invertTime: false,
    tooltips: { controls: true, seek: true },
  };
}

/**
 * plyr (through plyr-react's hook) over one <audio> element that stays mounted while the panel
 * lives: a track change swaps its source and plays; closing pauses and rewinds to zero.
 */
export default function PlyrAudio({ src, open, session }: { src: string; open: boolean; session: number }) {
  const apiRef = useRef<APITypes>(null);
  const options = useMemo(plyrOptions, []);
  const mediaRef = usePlyr(apiRef, { source: null, options }, []);
  const audioRef = mediaRef as unknown as React.RefObject<HTMLAudioElement | null>;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!open) {
      audio.pause();
      audio.currentTime = 0;
      return;
    }
    if (audio.getAttribute("src") !== src) {
      audio.src = src;
      audio.load();
    } else {
      audio.currentTime = 0;
    }
    audio.play().catch(() => {
      // Autoplay may be refused (no user gesture); the play button still works.
    });
  }, [src, open, session, audioRef]);

  return (
    <div className="audio-player__plyr">
      <audio ref={mediaRef as unknown as Ref<HTMLAudioElement>} className="plyr-react plyr" preload="none" />
    </div>
  );
}
