import type { ImageInfo } from "./images";

/** One artistic-direction work as its card shows it, already localised (SPEC.md 2.9). */
export type WorkCard = {
  id: number;
  year: number;
  title: string;
  description: string;
  image: ImageInfo | null;
  href: string | null;
  artists: { id: number; name: string; href: string | null }[];
  producer: string;
};
