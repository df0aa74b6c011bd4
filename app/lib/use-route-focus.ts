import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client navigation to another page (not on the first load), moves focus to the new page's
 * h1 (or main) and answers the new document title for a polite live region, so keyboard and
 * screen-reader users land on the new content. Scrolling is left to <ScrollRestoration>:
 * the focus never scrolls (Back/Forward restore the old position, a new page starts at the top).
 */
export function useRouteFocus(): string {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // The new route's <title> and content are committed in this same render; wait one frame
    // so the title is the new one.
    const frame = window.requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
      setAnnouncement(document.title);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);

  return announcement;
}
