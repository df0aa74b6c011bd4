import keenSliderCss from "~/styles/vendor/keen-slider.css?inline";

/**
 * keen-slider's stylesheet (0.6 KB), inlined by the one page that has sliders (home): a linked file
 * would be a render-blocking request of its own.
 */
export function SliderStyles() {
  return <style dangerouslySetInnerHTML={{ __html: keenSliderCss }} />;
}
