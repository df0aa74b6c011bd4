/**
 * SPEC.md 9's shortcuts (space, arrows, l, m), handled on the player region only: with focus
 * anywhere else the page keeps its own keys (space and arrows scroll). plyr's own keyboard
 * handling is off, so this is the one place that maps keys to the player (announced by
 * PLAYER_KEYSHORTCUTS). Part of the lazily loaded player: no audio element exists before.
 */
export const SEEK_SECONDS = 5;
const VOLUME_STEP = 0.1;

type KeyEventLike = Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey" | "repeat" | "target" | "preventDefault">;

/** Form fields the visitor types or slides in keep their keys (plyr's volume slider among them). */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // plyr's seek slider: its arrows are the 5 s jumps, like on the rest of the player.
  if (target instanceof HTMLInputElement) return target.dataset.plyr !== "seek";
  // The waveform (Waveform.tsx) moves itself with arrows, Home and End; space still plays and pauses.
  if (target.getAttribute("role") === "slider") return key !== " ";
  // Space on a button presses that button.
  return key === " " && (target instanceof HTMLButtonElement || target.getAttribute("role") === "button");
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Applies a shortcut to the audio element; answers whether the key was one (and was used). */
export function handlePlayerKey(event: KeyEventLike, audio: HTMLMediaElement): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (![" ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "l", "m"].includes(key)) return false;
  if (ownsKeys(event.target, key)) return false;
  event.preventDefault();
  const duration = Number.isFinite(audio.duration) ? audio.duration : Infinity;
  switch (key) {
    case " ":
      if (!event.repeat) {
        if (audio.paused) audio.play().catch(() => undefined);
        else audio.pause();
      }
      break;
    case "ArrowLeft":
      audio.currentTime = clamp(audio.currentTime - SEEK_SECONDS, 0, duration);
      break;
    case "ArrowRight":
      audio.currentTime = clamp(audio.currentTime + SEEK_SECONDS, 0, duration);
      break;
    case "ArrowUp":
      audio.muted = false;
      audio.volume = Math.round(clamp(audio.volume + VOLUME_STEP, 0, 1) * 10) / 10;
      break;
    case "ArrowDown":
      audio.volume = Math.round(clamp(audio.volume - VOLUME_STEP, 0, 1) * 10) / 10;
      break;
    case "l":
      if (!event.repeat) audio.loop = !audio.loop;
      break;
    case "m":
      if (!event.repeat) audio.muted = !audio.muted;
      break;
  }
  return true;
}
