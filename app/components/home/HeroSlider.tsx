import { useEffect, useState } from "react";
import { useKeenSlider } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { Picture } from "~/components/media/Picture";
import type { ImageInfo } from "~/lib/images";

export const HERO_AUTOPLAY_MS = 5000;
export const HERO_TRANSITION_MS = 1500;
export const HERO_SIZES = "100vw";

/**
 * SPEC.md 2.4: fading slides, autoplay every 5 s with a 1.5 s cross-fade, no arrows, no dots,
 * no pause on hover. keen-slider drives the timing ("slides" is a number, so it leaves the DOM
 * alone) and each slide's opacity follows its portion. Without JavaScript the first slide shows.
 */
export function HeroSlider({ slides, title, subtitle, label }: { slides: ImageInfo[]; title: string; subtitle: string; label: string }) {
  const [opacities, setOpacities] = useState<number[]>([]);
  const [active, setActive] = useState(0);
  // Only the first image is in the server HTML (and preloaded); the others follow once the page runs,
  // so they never compete with it for bandwidth, and without JavaScript they are never fetched.
  const [showAll, setShowAll] = useState(false);
  useEffect(() => setShowAll(true), []);
  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>({
    slides: slides.length,
    loop: true,
    drag: false,
    defaultAnimation: { duration: HERO_TRANSITION_MS },
    detailsChanged(s) {
      setOpacities(s.track.details.slides.map((slide) => slide.portion));
    },
    slideChanged(s) {
      setActive(s.track.details.rel);
    },
  });

  useEffect(() => {
    if (slides.length < 2) return;
    const timer = window.setInterval(() => instanceRef.current?.next(), HERO_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [instanceRef, slides.length]);

  return (
    <section className="hero" aria-label={label}>
      <div ref={sliderRef} className="hero__fader" data-active={active} aria-hidden="true">
        {slides.map((image, index) => (
          <div
            key={image.src}
            className="hero__slide"
            data-index={index}
            style={opacities.length ? { opacity: opacities[index] } : undefined}
          >
            {index === 0 || showAll ? <Picture image={image} sizes={HERO_SIZES} alt="" priority={index === 0} className="hero__img" /> : null}
          </div>
        ))}
      </div>
      <div className="hero__overlay">
        <h1 className="hero__title">{title}</h1>
        <p className="hero__subtitle">{subtitle}</p>
      </div>
    </section>
  );
}
