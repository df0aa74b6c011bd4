import { createContext, useContext, useState, type ReactNode } from "react";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

type Autoplay = { playing: boolean; setPlaying: (playing: boolean) => void };

const AutoplayContext = createContext<Autoplay | null>(null);

/**
 * Whether the home page's slides move by themselves: the hero and the compositions carousel. One
 * choice for both, so the hero's pause button stops every auto-advance of the page (WCAG 2.2.2).
 * Until the visitor chooses, the system's reduced-motion preference decides.
 */
export function AutoplayProvider({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setPlaying] = useState<boolean | null>(null);
  return <AutoplayContext value={{ playing: choice ?? !reducedMotion, setPlaying }}>{children}</AutoplayContext>;
}

/**
 * A pause control of moving slides (WCAG 2.2.2): a toggle button whose name stays the same and whose
 * `aria-pressed` says whether they are paused, so a screen reader hears "pause, pressed" rather than a
 * name that changes under the finger; its pressed look shows it to the eye. Rendered once the page runs:
 * without JavaScript nothing moves.
 */
export function PauseToggle({ playing, onToggle, label, className }: { playing: boolean; onToggle: () => void; label: string; className: string }) {
  return (
    <button type="button" className={`pause-toggle ${className}`} aria-pressed={!playing} onClick={onToggle}>
      <span aria-hidden="true" className="pause-toggle__icon">
        ❚❚
      </span>{" "}
      {label}
    </button>
  );
}

export function useAutoplay(): Autoplay {
  const autoplay = useContext(AutoplayContext);
  if (!autoplay) throw new Error("useAutoplay() needs an <AutoplayProvider> around it");
  return autoplay;
}
