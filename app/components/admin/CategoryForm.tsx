import { Form, Link, useNavigation } from "react-router";
import { CATEGORY_TYPES, categoryTypeLabel } from "~/lib/category-types";
import { Field, FormError, formErrorMessage } from "./form-fields";

export type CategoryFormValues = { name: string; name_eng: string; type: string };

export function CategoryForm({
  values,
  errors,
  submitLabel,
}: {
  values: CategoryFormValues;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-form" noValidate>
      <FormError message={formErrorMessage(errors)} />
      <Field label="Nome" htmlFor="name" required error={errors?.name}>
        <input id="name" name="name" defaultValue={values.name} required maxLength={200} />
      </Field>
      <Field label="Nome (inglese)" htmlFor="name_eng" required error={errors?.name_eng}>
        <input id="name_eng" name="name_eng" defaultValue={values.name_eng} required maxLength={200} />
      </Field>
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
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={busy}>
          {submitLabel}
        </button>
        <Link className="button button--ghost" to="/admin/categoryList">
          Annulla
        </Link>
      </div>
    </Form>
  );
}
