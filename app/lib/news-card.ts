import type { ImageInfo } from "./images";

export type NewsCardData = {
  slug: string;
  href: string;
  title: string;
  /** DD-MM-YYYY */
  date: string;
  isoDate: string;
  excerpt: string;
  category: string;
  image: ImageInfo | null;
};
