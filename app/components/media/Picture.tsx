import type { ImgHTMLAttributes } from "react";
import { srcSetFor, type ImageInfo } from "~/lib/images";

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  image: ImageInfo;
  alt: string;
  /** CSS sizes of the slot, e.g. "(min-width: 1200px) 25vw, 100vw" */
  sizes: string;
  /** Above the fold: loaded eagerly with high priority (the first hero image). */
  priority?: boolean;
};

/**
 * Every content image: WebP variants sized for the slot (srcset/sizes), intrinsic width and
 * height so nothing shifts while loading, lazy below the fold.
 */
export function Picture({ image, alt, sizes, priority = false, ...rest }: PictureProps) {
  return (
    <img
      src={image.src}
      srcSet={srcSetFor(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}
