import { useCallback, useEffect, useRef, useState } from "react";
import type { KeenSliderInstance, KeenSliderOptions } from "keen-slider";

/**
 * keen-slider on an element, fetched when the slider first has to move (issue 33: 5.5 KB that a first
 * visit's load does not need): at its first step (`next`, the autoplay's), or, with `whenNear`, as
 * it comes within a screen of the viewport, so a finger that reaches it finds it ready. Until then
 * the markup and home.css show the slides where keen-slider puts them. The options are read once,
 * when the slider is made.
 */
export function useLazySlider<T extends HTMLElement>(options: KeenSliderOptions, { whenNear = false } = {}) {
  const [element, setElement] = useState<T | null>(null);
  const [wanted, setWanted] = useState(false);
  const instance = useRef<KeenSliderInstance | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // A step asked for while keen-slider was on its way: taken once it is made.
  const stepWaiting = useRef(false);

  useEffect(() => {
    if (!element || !whenNear || wanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, whenNear, wanted]);

  useEffect(() => {
    if (!element || !wanted) return;
    let live = true;
    import("keen-slider").then(
      ({ default: KeenSlider }) => {
        if (!live) return;
        const made = new KeenSlider(element, optionsRef.current);
        instance.current = made;
        if (stepWaiting.current) made.next();
        stepWaiting.current = false;
      },
      // Offline: the slides stay where they are, as without JavaScript.
      () => undefined,
    );
    return () => {
      live = false;
      instance.current?.destroy();
      instance.current = null;
    };
  }, [element, wanted]);

  const next = useCallback(() => {
    if (instance.current) {
      instance.current.next();
      return;
    }
    stepWaiting.current = true;
    setWanted(true);
  }, []);
  // The autoplay stopped (the pause button, a hand on the carousel) before keen-slider arrived: no step then.
  const dropWaitingStep = useCallback(() => {
    stepWaiting.current = false;
  }, []);

  return { ref: setElement, next, dropWaitingStep };
}
