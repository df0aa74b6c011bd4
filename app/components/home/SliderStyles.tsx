import keenSliderCss from "~/styles/vendor/keen-slider.css?inline";

/**
 * keen-slider's stylesheet (0.6 KB), inlined by the one page that has sliders (home): a linked file
 * would be a render-blocking request of its own. `href` and `precedence` make React hoist it into
 * <head> (a <style> inside the page's <div> is invalid HTML) and write it once.
 */
export function SliderStyles() {
  return (
    <style href="keen-slider" precedence="default">
      {keenSliderCss}
    </style>
  );
}
