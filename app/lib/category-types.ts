/** SPEC.md 3: the kinds of category. "lable" keeps the original spelling. */
export const CATEGORY_TYPES = ["news", "music", "lable", "about", "bio", "credits", "gallery"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
