import { CATEGORY_TYPES, categoryTypeLabel } from "./category-types";
import { describeFields } from "./item-fields";

/** The fields of a category (SPEC.md 3 and 4), in the order of its admin form. */
export const CATEGORY_FIELDS = describeFields({
  name: { kind: "bilingual", label: "Nome", format: "line", max: 200, required: "both" },
  type: {
    kind: "enum",
    label: "Tipo",
    values: CATEGORY_TYPES,
    labels: Object.fromEntries(CATEGORY_TYPES.map((type) => [type, categoryTypeLabel(type)])),
    control: "select",
    placeholder: "Seleziona il tipo",
  },
});
