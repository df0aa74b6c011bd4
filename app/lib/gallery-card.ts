import type { ImageInfo } from "./images";

/** The gallery as its cards and lightbox show it, already localised (SPEC.md 2.11). */
export type GalleryPicture = { title: string; description: string; image: ImageInfo };
export type GalleryCard = { id: number; title: string; description: string; cover: ImageInfo | null; images: GalleryPicture[] };
export type GallerySection = { category: string; title: string; items: GalleryCard[] };
