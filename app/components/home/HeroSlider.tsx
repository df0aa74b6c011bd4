import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { Picture } from "~/components/media/Picture";
import type { ImageInfo } from "~/lib/images";
import { PauseToggle, useAutoplay } from "./autoplay";
import { useLazySlider } from "./lazy-slider";

export const HERO_AUTOPLAY_MS = 5000;
const HERO_TRANSITION_MS = 1500;
export const HERO_SIZES = "100vw";

/**
 * SPEC.md 2.4: fading slides, autoplay every 5 s with a 1.5 s cross-fade, no arrows, no dots,
 * no pause on hover. keen-slider drives the timing ("slides" is a number, so it leaves the DOM
 * alone) and each slide's opacity follows its portion; it is fetched for the first step (lazy-slider.ts).
 * Without JavaScript the first slide shows.
 * WCAG 2.2.2: a visible pause toggle, which pauses the carousel of the page too (autoplay.tsx);
 * under `prefers-reduced-motion: reduce` the slides start paused (the visitor may still start them).
 */
export function HeroSlider({ slides, title, subtitle, label }: { slides: ImageInfo[]; title: string; subtitle: string; label: string }) {
  const [opacities, setOpacities] = useState<number[]>([]);
  const [active, setActive] = useState(0);
  // Only the first image is in the server HTML (and preloaded). Once the page runs, each slide's
  // image is fetched one slide ahead of the one shown, so a first visit on a phone loads two
  // pictures, not eight, and without JavaScript the others are never fetched.
  const hydrated = useHydrated();
  const [furthestShown, setFurthestShown] = useState(0);
  const { t } = useTranslation("pages");
  const { playing, setPlaying } = useAutoplay();
  // Nothing to drag: keen-slider is fetched for the first autoplay step.
  const {
    ref: sliderRef,
    next,
    dropWaitingStep,
  } = useLazySlider<HTMLDivElement>({
    slides: slides.length,
    loop: true,
    drag: false,
    defaultAnimation: { duration: HERO_TRANSITION_MS },
    detailsChanged(s) {
      setOpacities(s.track.details.slides.map((slide) => slide.portion));
    },
    slideChanged(s) {
      const shown = s.track.details.rel;
      setActive(shown);
      setFurthestShown((furthest) => Math.max(furthest, shown));
    },
  });

  useEffect(() => {
    if (slides.length < 2 || !playing) return;
    const timer = window.setInterval(next, HERO_AUTOPLAY_MS);
    return () => {
      window.clearInterval(timer);
      dropWaitingStep();
    };
  }, [next, dropWaitingStep, slides.length, playing]);

  return (
    <section className="hero" aria-label={label}>
      <div ref={sliderRef} className="hero__fader" data-active={active} aria-hidden="true">
        {slides.map((image, index) => (
          <div key={image.src} className="hero__slide" data-index={index} style={opacities.length ? { opacity: opacities[index] } : undefined}>
            {index === 0 || (hydrated && index <= furthestShown + 1) ? (
              <Picture image={image} sizes={HERO_SIZES} alt="" priority={index === 0} className="hero__img" />
            ) : null}
          </div>
        ))}
      </div>
      <div className="hero__overlay">
        <h1 className="hero__title">{title}</h1>
        <p className="hero__subtitle">{subtitle}</p>
      </div>
      {hydrated && slides.length > 1 ? (
        <PauseToggle playing={playing} onToggle={() => setPlaying(!playing)} label={t("home.heroPause")} className="hero__toggle" />
      ) : null}
    </section>
  );
}
