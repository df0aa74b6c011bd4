/** SPEC.md 3: the kinds of category. "lable" keeps the original spelling. */
export const CATEGORY_TYPES = ["news", "music", "lable", "about", "bio", "credits", "gallery"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** What the staff read (the admin is Italian); the stored keys above never change. */
export const CATEGORY_TYPE_LABELS: Record<CategoryType, string> = {
  news: "Notizie",
  music: "Musica",
  lable: "Etichette",
  about: "Chi sono",
  bio: "Biografia",
  credits: "Credits",
  gallery: "Galleria",
};

export function categoryTypeLabel(type: string): string {
  return (CATEGORY_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
