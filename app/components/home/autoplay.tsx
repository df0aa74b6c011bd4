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

export function useAutoplay(): Autoplay {
  const autoplay = useContext(AutoplayContext);
  if (!autoplay) throw new Error("useAutoplay() needs an <AutoplayProvider> around it");
  return autoplay;
}
