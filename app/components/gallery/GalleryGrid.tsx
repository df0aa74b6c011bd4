import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { Picture } from "~/components/media/Picture";
import { CARD_GRID_SIZES } from "~/lib/images";
import { galleryItemPath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { useHydrated } from "remix-utils/use-hydrated";
import type { GallerySection } from "~/lib/gallery-card";

// The viewer is fetched when a visitor first opens a card (or points at one), not on the page's first load.
const loadLightbox = () => import("./Lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));
const preloadLightbox = () => void loadLightbox().catch(() => undefined);

/** The slot of a gallery card (also the gallery page's preload, app/lib/meta.ts). */
export const GALLERY_CARD_SIZES = CARD_GRID_SIZES;

/**
 * The gallery sections and cards. Each card is a link to the card's own page (no JavaScript);
 * with JavaScript a plain click opens the lightbox instead.
 */
export function GalleryGrid({ sections }: { sections: GallerySection[] }) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const [open, setOpen] = useState<{ section: number; item: number; index: number } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const setIndex = useCallback((index: number) => setOpen((o) => (o ? { ...o, index } : o)), []);
  const card = open ? sections[open.section]?.items[open.item] : undefined;
  const hydrated = useHydrated();

  return (
    <div className="gallery__grid" data-hydrated={hydrated ? "true" : undefined}>
      {sections.map((section, s) => (
        <section key={section.category} className="gallery__section">
          <h2 className="section-title">{section.title}</h2>
          <div className="card-grid">
            {section.items.map((item, i) => (
              <a
                key={item.id}
                className="gallery-card"
                href={galleryItemPath(item.id, lang)}
                onPointerEnter={preloadLightbox}
                onFocus={preloadLightbox}
                onClick={(event) => {
                  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  if (item.images.length === 0) return;
                  event.preventDefault();
                  setOpen({ section: s, item: i, index: 0 });
                }}
              >
                {item.cover ? (
                  <Picture image={item.cover} alt="" sizes={GALLERY_CARD_SIZES} priority={s === 0 && i === 0} className="card-image gallery-card__image" />
                ) : null}
                <span className="gallery-card__title">{item.title}</span>
                <span className="gallery-card__count">{t("gallery.photos", { count: item.images.length })}</span>
              </a>
            ))}
          </div>
        </section>
      ))}
      {open && card ? (
        <Suspense fallback={null}>
          <Lightbox card={card} index={open.index} onIndexChange={setIndex} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
