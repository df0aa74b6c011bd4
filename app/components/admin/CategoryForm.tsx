import { CATEGORY_TYPES, categoryTypeLabel } from "~/lib/category-types";
import { AdminForm, BilingualTextFields, Field } from "./form-fields";

export type CategoryFormValues = { name: string; name_eng: string; type: string };

export function CategoryForm({ values, errors, submitLabel }: { values: CategoryFormValues; errors?: Record<string, string>; submitLabel: string }) {
  return (
    <AdminForm errors={errors} submitLabel={submitLabel} cancelTo="/admin/categoryList">
      <BilingualTextFields name="name" label="Nome" values={values} errors={errors} maxLength={200} />
      <Field label="Tipo" htmlFor="type" required error={errors?.type}>
        <select id="type" name="type" defaultValue={values.type} required>
          <option value="">Seleziona il tipo</option>
          {CATEGORY_TYPES.map((t) => (
            <option key={t} value={t}>
              {categoryTypeLabel(t)}
            </option>
          ))}
        </select>
      </Field>
    </AdminForm>
  );
}
