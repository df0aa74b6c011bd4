import type { CSSProperties, ImgHTMLAttributes } from "react";
import { FIRST_PICTURE_TIMING } from "~/lib/after-first-paint";
import { altText, srcSetFor, type ImageInfo } from "~/lib/images";
import { useLang } from "~/lib/root-data";

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  image: ImageInfo;
  /** Shown only when the media library has no alt text for the image (lib/images.ts altText). */
  alt: string;
  /** CSS sizes of the slot, e.g. "(min-width: 1200px) 25vw, 100vw" */
  sizes: string;
  /** Above the fold: loaded eagerly with high priority (the first hero image). */
  priority?: boolean;
};

/** The blurred placeholder stays behind a transparent picture once it has loaded; drop it then. */
function dropPlaceholder(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth > 0) img.style.backgroundImage = "none";
}

/**
 * Every content image: AVIF and WebP variants sized for the slot (srcset/sizes), intrinsic width
 * and height so nothing shifts while loading, a blurred placeholder behind it until it arrives,
 * lazy below the fold; its alt text from the media library in the page's language.
 */
export function Picture({ image, alt, sizes, priority = false, style, ...rest }: PictureProps) {
  const lang = useLang();
  const avif = srcSetFor(image, "avif");
  const placeholder: CSSProperties | undefined = image.placeholder
    ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: "cover", backgroundPosition: "center", backgroundRepeat: "no-repeat" }
    : undefined;
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      <img
        src={image.src}
        srcSet={srcSetFor(image)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={altText(image, lang, alt)}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        // Element Timing: the hydration scripts wait for this picture to be on screen (after-first-paint.ts).
        {...(priority ? { elementtiming: FIRST_PICTURE_TIMING } : {})}
        style={placeholder || style ? { ...placeholder, ...style } : undefined}
        ref={dropPlaceholder}
        onLoad={(event) => dropPlaceholder(event.currentTarget)}
        {...rest}
      />
    </picture>
  );
}

/**
 * What an item without a picture shows in the picture's place: a quiet panel with a staff and
 * a note, in the site's colours, never an empty grey box.
 */
export function ImageFallback({ className = "" }: { className?: string }) {
  return (
    <span className={`image-fallback ${className}`.trim()} data-testid="image-fallback" aria-hidden="true">
      <svg viewBox="0 0 64 40" width="64" height="40" focusable="false">
        <g stroke="currentColor" strokeWidth="1" opacity="0.5">
          <line x1="2" y1="8" x2="62" y2="8" />
          <line x1="2" y1="14" x2="62" y2="14" />
          <line x1="2" y1="20" x2="62" y2="20" />
          <line x1="2" y1="26" x2="62" y2="26" />
          <line x1="2" y1="32" x2="62" y2="32" />
        </g>
        <ellipse cx="28" cy="29" rx="5" ry="3.6" transform="rotate(-20 28 29)" fill="currentColor" />
        <line x1="32.6" y1="28" x2="32.6" y2="6" stroke="currentColor" strokeWidth="1.6" />
        <path d="M32.6 6c3 3 8 4 8 10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </span>
  );
}
