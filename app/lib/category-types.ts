import { CategoryType } from "~/generated/prisma/enums";

export { CategoryType };

/** SPEC.md 3: the kinds of category, in schema order (the enum in prisma/schema.prisma is the one list). */
export const CATEGORY_TYPES = Object.values(CategoryType) as [CategoryType, ...CategoryType[]];

export function isCategoryType(value: unknown): value is CategoryType {
  return typeof value === "string" && (CATEGORY_TYPES as readonly string[]).includes(value);
}

/** What the staff read (the admin is Italian); the stored keys above never change. */
const CATEGORY_TYPE_LABELS: Record<CategoryType, string> = {
  news: "Notizie",
  music: "Musica",
  lable: "Etichette",
  about: "Chi sono",
  bio: "Biografia",
  credits: "Credits",
  gallery: "Galleria",
};

export function categoryTypeLabel(type: string): string {
  return isCategoryType(type) ? CATEGORY_TYPE_LABELS[type] : type;
}
