import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { VideoRequest } from "~/lib/video";

/**
 * A native modal <dialog>: the browser traps focus inside and makes the page inert; Escape
 * (cancel), the close button and a click on the backdrop close it. Two sentinels keep Tab inside. The provider returns focus to
 * the button that opened it.
 */
export function VideoModal({ video, onClose }: { video: VideoRequest; onClose: () => void }) {
  const { t } = useTranslation("pages");
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="video-modal"
      aria-labelledby="video-modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* Focus sentinels: a native modal lets Tab reach the browser's own UI; these send it round. */}
      <span tabIndex={0} className="video-modal__sentinel" onFocus={() => frameRef.current?.focus()} />
      <div className="video-modal__content">
        <div className="video-modal__head">
          <h2 id="video-modal-title" className="video-modal__title">
            {video.title}
          </h2>
          <button ref={closeRef} type="button" className="video-modal__close" onClick={onClose} aria-label={t("video.close")}>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z" /></svg>
          </button>
        </div>
        <div className="video-modal__frame">
          <iframe
            ref={frameRef}
            src={video.embedUrl}
            title={video.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </div>
      <span tabIndex={0} className="video-modal__sentinel" onFocus={() => closeRef.current?.focus()} />
    </dialog>
  );
}
