/**
 * The hydration scripts start loading after the first paint.
 *
 * React Router's <Scripts/> puts <link rel="modulepreload"> for the entry and route chunks in
 * <head> and an inline `<script type="module">` at the end of <body>. The browser fetches them
 * (high priority) while it parses, and Chromium then paints only after they have run: on a slow
 * phone network the page showed nothing until about 140 KB of JavaScript had arrived, although
 * the HTML and its inline stylesheet are the whole first frame.
 *
 * So the server renders them inert (entry.server.tsx, `inertHydrationScripts`): the preloads get
 * an unknown `rel`, the module script an unknown `type`. FIRST_PAINT_LOADER, an inline script in
 * <head>, turns them live once the first frame is painted, the page has loaded (the document
 * and its eager pictures: the first card or the hero, the largest paint of a phone) and that
 * picture is on screen (its Element Timing entry, not its placeholder's; `elementtiming` set by <Picture priority>; two
 * frames after the load where the browser has no Element Timing), at low priority. So neither
 * their download nor their running delays the first or the largest paint. Lighthouse's simulated
 * phone counts every request that started before the largest paint as competing with it: started
 * at `load`, a moment before the picture was drawn, the scripts made /news's largest paint 1.22 s
 * instead of 1.07-1.14 s (`npm run bench pages`, Lighthouse mobile, docs/performance.md).
 * Without JavaScript nothing runs and nothing is fetched.
 */
export const INERT_PRELOAD_REL = "x-modulepreload";
export const INERT_MODULE_TYPE = "x-module";
/** The Element Timing identifier of a page's first picture (<Picture priority>). */
export const FIRST_PICTURE_TIMING = "first-picture";

/**
 * The inline script. Each module script it brings back to life keeps the nonce it was rendered
 * with (React Router's carries the response's; on a page from the cache none does, and the policy
 * allows its text by hash, ADR 021): a module script that reached the page another way has
 * neither, and stays refused. A PerformanceObserver sees the first paint. A hidden tab never paints and a
 * picture may be slow, so after 3 s the scripts start anyway (once the document is parsed: the
 * inert script is at its end).
 */
export const FIRST_PAINT_LOADER = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]')) {
      link.fetchPriority = "low";
      link.rel = "modulepreload";
    }
    for (const inert of document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.fetchPriority = "low";
      if (inert.nonce) script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    }
  };
  const observes = (type) => !!window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).includes(type);
  // Once the page's first picture is on screen. Without Element Timing: the frame that draws it,
  // then the one after (a frame is shown a moment after its callbacks ran).
  const afterNextPaint = () => {
    if (!document.querySelector('img[elementtiming="${FIRST_PICTURE_TIMING}"]') || !observes("element")) {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
      return;
    }
    // The picture's own entry: its blurred placeholder (a data: URI background of the same <img>)
    // has one too, painted first while the picture is still on its way.
    const pictures = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.identifier === "${FIRST_PICTURE_TIMING}" && !entry.url.startsWith("data:"))) return;
      pictures.disconnect();
      setTimeout(start);
    });
    pictures.observe({ type: "element", buffered: true });
  };
  const whenLoaded = () => {
    if (document.readyState === "complete") afterNextPaint();
    else window.addEventListener("load", afterNextPaint, { once: true });
  };
  if (observes("paint")) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setTimeout(whenLoaded);
    });
    observer.observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(whenLoaded));
  }
  setTimeout(() => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
    else start();
  }, 3000);
})();`;
