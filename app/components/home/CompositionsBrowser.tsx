import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { MusicCard } from "~/components/compositions/MusicCard";
import type { MusicCardData, MusicCategoryData } from "~/lib/music-card";
import { categoryKey } from "~/lib/paths";
import { useHydrated } from "remix-utils/use-hydrated";
import { PauseToggle, useAutoplay } from "./autoplay";
import { useLazySlider } from "./lazy-slider";

export const CAROUSEL_AUTOPLAY_MS = 5000;
const CAROUSEL_TRANSITION_MS = 1000;
const CAROUSEL_SIZES = "(min-width: 1401px) 20vw, (min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw";

/** SPEC.md 9: up to 5 slides; fewer below 1400, 1199, 991 (2) and 767 (1) px. */
function perViewAt(max: number, count: number) {
  return { slides: { perView: Math.max(1, Math.min(max, count)), spacing: 16 } };
}

/**
 * The category pills and the carousel of the home page (SPEC.md 2.5). The pills are links
 * (`?category=...#compositions`) the server answers without JavaScript; with it they filter at once.
 */
export function CompositionsBrowser({
  categories,
  cards,
  initialCategory,
}: {
  categories: MusicCategoryData[];
  cards: MusicCardData[];
  initialCategory: string | null;
}) {
  const { t } = useTranslation("pages");
  const [selected, setSelected] = useState(initialCategory);
  useEffect(() => setSelected(initialCategory), [initialCategory]);
  const visible = useMemo(() => cards.filter((c) => selected === null || categoryKey(c.categoryName) === selected), [cards, selected]);
  const selectedLabel = categories.find((c) => c.key === selected)?.label ?? "";
  // The carousel's own pause control (WCAG 2.2.2: the hero's is off-screen when the carousel is in
  // view), kept here so that it outlives a change of category. Until the visitor uses it the page's
  // choice holds, and the hero's control resets it.
  const { playing: pagePlaying } = useAutoplay();
  const [ownChoice, setOwnChoice] = useState<boolean | null>(null);
  useEffect(() => setOwnChoice(null), [pagePlaying]);

  return (
    <div className="compositions-browser">
      <nav className="pills" aria-label={t("home.filterLabel")}>
        {categories.map((category) => (
          <a
            key={category.key}
            className="pill pill--filter"
            href={`?category=${encodeURIComponent(category.key)}#compositions`}
            aria-current={category.key === selected ? "true" : undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              setSelected(category.key);
            }}
          >
            {category.label}
          </a>
        ))}
      </nav>
      {visible.length === 0 ? (
        <p className="compositions-browser__empty">{t("home.noItems")}</p>
      ) : (
        <Carousel
          key={selected ?? "all"}
          cards={visible}
          label={t("home.carouselLabel", { category: selectedLabel })}
          playing={ownChoice ?? pagePlaying}
          setPlaying={setOwnChoice}
        />
      )}
    </div>
  );
}

function Carousel({ cards, label, playing, setPlaying }: { cards: MusicCardData[]; label: string; playing: boolean; setPlaying: (playing: boolean) => void }) {
  const count = cards.length;
  const { t } = useTranslation("pages");
  const hydrated = useHydrated();
  // A visitor who presses, touches or focuses the carousel is aiming at a card: from then on it
  // stays where it is (a slide moving under the finger sends the tap to the wrong composition),
  // until the control starts it again.
  const [held, setHeld] = useState(false);
  const hold = () => setHeld(true);
  const moving = playing && !held;
  // Fetched as the carousel comes near the viewport (a finger may drag it) or for its first step.
  const {
    ref: sliderRef,
    next,
    dropWaitingStep,
  } = useLazySlider<HTMLDivElement>(
    {
      loop: count > 1,
      defaultAnimation: { duration: CAROUSEL_TRANSITION_MS },
      ...perViewAt(5, count),
      breakpoints: {
        "(max-width: 1400px)": perViewAt(4, count),
        "(max-width: 1199px)": perViewAt(3, count),
        "(max-width: 991px)": perViewAt(2, count),
        "(max-width: 767px)": perViewAt(1, count),
      },
    },
    { whenNear: true },
  );

  useEffect(() => {
    // Advance one slide every 5 s (SPEC.md 2.5; hovering does not pause it) while it is playing
    // (the page's autoplay: the hero's control, reduced motion; or its own control) and nobody has
    // reached for a card.
    if (count < 2 || !moving) return;
    const timer = window.setInterval(next, CAROUSEL_AUTOPLAY_MS);
    return () => {
      window.clearInterval(timer);
      dropWaitingStep();
    };
  }, [next, dropWaitingStep, count, moving]);

  return (
    <section className="carousel-frame" aria-label={label}>
      {hydrated && count > 1 ? (
        <PauseToggle
          playing={moving}
          onToggle={() => {
            setPlaying(!moving);
            setHeld(false);
          }}
          label={t("home.carouselPause")}
          className="carousel-frame__toggle"
        />
      ) : null}
      <div ref={sliderRef} className="keen-slider carousel" data-count={count} onPointerDown={hold} onTouchStart={hold} onFocus={hold}>
        {cards.map((card) => (
          <div key={card.slug} className="keen-slider__slide carousel__slide">
            <MusicCard item={card} sizes={CAROUSEL_SIZES} />
          </div>
        ))}
      </div>
    </section>
  );
}
