/** Shapes of the static content files (SPEC.md 3, 7) used by the public pages of part 2. */
type ArtistRef = { id: number; name: string; link: string };

export type ArtDirectionItem = {
  id: number;
  category: string;
  subcategory: string;
  url: string;
  title: string;
  title_eng: string;
  description: string;
  description_eng: string;
  artists: ArtistRef[];
  link: string;
  year: number;
  producer: string;
  producer_eng: string;
};

export type SubCategory = { id: number; name: string; name_eng: string };

export type LabelItem = { id: number; category: string; url: string; description: string; description_eng: string; link: string };

export type CreditItem = {
  id: number;
  category: string;
  src: string;
  title: string;
  title_eng: string;
  name: string;
  occupation: string;
  occupation_eng: string;
  text: string;
  text_eng: string;
};

type GalleryImage = { src: string; title: string; title_eng: string; description: string; description_eng: string };

export type GalleryItem = {
  id: number;
  category: string;
  src: string;
  title: string;
  title_eng: string;
  description: string;
  description_eng: string;
  content: GalleryImage[];
};

export type PortfolioItem = { id: number; category: string; category_eng: string; title: string; title_eng: string };

type PrivacySection = { id: number; subTitle: string; subTitle_eng: string; description: string; description_eng: string };
export type PrivacyItem = { id: number; upperTitle: string; upperTitle_eng: string; body: PrivacySection[] };

export type LegalNote = { id: number; description: string; description_eng: string };

export type CookiePolicyItem = { id: number; subTitle: string; subTitle_eng: string; description: string; description_eng: string; link: string };

/** Art direction items of these subcategories are page texts, not works (SPEC.md 2.14). */
const NON_WORK_SUBCATEGORIES = ["lable", "description"] as const;

export function isWorkSubcategory(subcategory: string | null | undefined): boolean {
  if (!subcategory) return false;
  return !(NON_WORK_SUBCATEGORIES as readonly string[]).includes(subcategory.trim().toLowerCase());
}
