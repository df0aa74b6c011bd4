import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/translation";
import type { VideoRequest } from "~/lib/video";

/**
 * A native modal <dialog>: the browser traps focus inside and makes the page inert; Escape
 * (cancel), the close button and a click on the backdrop close it. Two sentinels keep Tab inside.
 * The provider returns focus to the button that opened it; the page behind does not scroll while
 * it is open (player.css).
 *
 * Escape reaches the dialog only while focus is in this document: a key pressed inside the
 * provider's frame goes to the provider's page, which we cannot listen to. So a click into the
 * frame (it starts the video; the click itself still lands in the frame) hands focus back to the
 * close button, and Escape keeps closing. Only Tab moves focus into the frame to stay, for the
 * keyboard user who wants the player's own keys (Tab leads out again through the sentinels).
 */
export function VideoModal({ video, onClose }: { video: VideoRequest; onClose: () => void }) {
  const { t } = useTranslation("pages");
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // True during the task of a Tab key press: focus that enters the frame then came from the keyboard.
  const tabbingRef = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    // This window loses focus when the frame takes it.
    const onWindowBlur = () => {
      if (document.activeElement !== frameRef.current || tabbingRef.current) return;
      // After the frame has taken focus (a task later), and window.focus() first: done at once, or
      // without it, Chrome keeps sending keys to the frame even though the button reports focus.
      window.setTimeout(() => {
        window.focus();
        closeRef.current?.focus();
      });
    };
    window.addEventListener("blur", onWindowBlur);
    return () => {
      window.removeEventListener("blur", onWindowBlur);
      dialog?.close();
    };
  }, []);

  // The dialog's click (on the backdrop) and Tab tracking add to what the keyboard already has: Escape
  // closes it (onCancel) and the close button is a button.
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
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
      onKeyDown={(event) => {
        if (event.key !== "Tab") return;
        tabbingRef.current = true;
        // The focus change is the key's default action, after this handler and its microtasks.
        window.setTimeout(() => (tabbingRef.current = false));
      }}
    >
      {/* Focus sentinels: a native modal lets Tab reach the browser's own UI; these send it round. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <span tabIndex={0} className="video-modal__sentinel" onFocus={() => frameRef.current?.focus()} />
      <div className="video-modal__content">
        <div className="video-modal__head">
          <h2 id="video-modal-title" className="video-modal__title">
            {video.title}
          </h2>
          <button ref={closeRef} type="button" className="video-modal__close" onClick={onClose} aria-label={t("video.close")}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z" />
            </svg>
          </button>
        </div>
        <div className="video-modal__frame">
          <iframe
            ref={frameRef}
            src={video.embedUrl}
            title={video.title}
            // `fullscreen` in allow is the permission; the old allowfullscreen attribute beside it made
            // Chrome warn on every open.
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </div>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <span tabIndex={0} className="video-modal__sentinel" onFocus={() => closeRef.current?.focus()} />
    </dialog>
  );
}
