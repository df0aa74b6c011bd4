import { useCallback, useEffect, useId, useRef } from "react";
import { useTranslation } from "~/lib/translation";
import type { GalleryCard } from "~/lib/gallery-card";
import { ImageViewer } from "./ImageViewer";

type LightboxProps = {
  card: GalleryCard;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Full-screen viewer of one gallery card's pictures (SPEC.md 2.11): title, "n / total", close,
 * description, previous/next wrapping around, arrow keys and Escape, page scroll locked,
 * focus kept inside and given back on close.
 */
export function Lightbox({ card, index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation("pages");
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = card.images.length;
  const picture = card.images[index];

  const go = useCallback((step: -1 | 1) => onIndexChange((index + step + total) % total), [index, total, onIndexChange]);

  // Scroll lock and focus: taken on open, given back on close.
  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    closeRef.current?.focus();
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      previousFocus?.focus?.();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        go(-1);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        go(1);
      } else if (event.key === "Tab" && dialogRef.current) {
        const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable.at(0);
        const last = focusable.at(-1);
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [go, onClose]);

  if (!picture) return null;
  return (
    <div ref={dialogRef} className="lightbox" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <header className="lightbox__header">
        <h2 className="lightbox__title" id={titleId}>
          {card.title}
        </h2>
        <span className="lightbox__counter" aria-live="polite">
          {t("gallery.counter", { current: index + 1, total })}
        </span>
        <button ref={closeRef} type="button" className="lightbox__close" onClick={onClose} aria-label={t("gallery.close")}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="lightbox__body">
        {total > 1 ? (
          <button type="button" className="lightbox__nav lightbox__nav--prev" onClick={() => go(-1)} aria-label={t("gallery.previous")}>
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <div className="lightbox__stage" key={index}>
          <ImageViewer image={picture.image} alt={picture.title || card.title} onSwipe={total > 1 ? go : undefined} />
        </div>
        {total > 1 ? (
          <button type="button" className="lightbox__nav lightbox__nav--next" onClick={() => go(1)} aria-label={t("gallery.next")}>
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
      </div>
      <footer className="lightbox__footer">
        {picture.title ? <p className="lightbox__image-title">{picture.title}</p> : null}
        <p className="lightbox__description">{picture.description || card.description}</p>
        <p className="lightbox__hint">{t("gallery.zoomHint")}</p>
      </footer>
    </div>
  );
}
