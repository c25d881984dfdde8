import { useCallback, useMemo, useState } from 'react';
import type { EditedProduct } from '../api/products';
import { emptyForm, formOf, isDirty, matrixOf, type ProductForm } from './product-form';
import { validateProduct } from './product-validation';

/** Changes the form: `recipe` edits a copy; the variant matrix follows the options after every change. */
export type EditForm = (recipe: (draft: ProductForm) => void) => void;

/**
 * The editor's state: the form, the product it started from (what "changed" is measured against), and the errors
 * to show: the page's own checks once a save was tried, and the server's refusals until the next save.
 */
export function useProductForm(product: EditedProduct | undefined, carried?: ProductForm) {
  const [baseline, setBaseline] = useState<ProductForm>(() => (product ? formOf(product) : emptyForm()));
  const [form, setForm] = useState<ProductForm>(() => carried ?? baseline);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const edit: EditForm = useCallback((recipe) => {
    setForm((current) => {
      const draft = structuredClone(current);
      recipe(draft);
      draft.variants = matrixOf(draft.options, draft.variants);
      return draft;
    });
  }, []);

  const localErrors = useMemo(() => (tried ? validateProduct(form) : {}), [tried, form]);
  const errors = useMemo(() => ({ ...serverErrors, ...localErrors }), [serverErrors, localErrors]);
  const dirty = useMemo(() => isDirty(form, baseline), [form, baseline]);

  return {
    form,
    baseline,
    edit,
    errors,
    dirty,
    /** Checks the whole form; true when it can be sent. */
    check(): boolean {
      setTried(true);
      setServerErrors({});
      return Object.keys(validateProduct(form)).length === 0;
    },
    /** The product as saved: it becomes the new starting point, and the form shows it. */
    saved(next: EditedProduct) {
      const fresh = formOf(next);
      setBaseline(fresh);
      setForm(fresh);
      setTried(false);
      setServerErrors({});
    },
    /** Part of a save went through: measure changes from there, keep the rest of the edits, show the refusal. */
    partlySaved(
      next: EditedProduct | undefined,
      errors: Record<string, string>,
      attached: ReadonlyMap<string, string>,
    ) {
      if (next) {
        setBaseline(formOf(next));
        setForm((f) => ({
          ...f,
          revision: next.revision,
          // Uploads already attached are the product's media now: a second save must not attach them again.
          media: f.media.map((m) => (m.id || !attached.has(m.key) ? m : { ...m, id: attached.get(m.key) as string })),
        }));
      }
      setServerErrors(errors);
    },
    /** Back to the product as it was read (or as it is now on the server). */
    reset(to?: EditedProduct) {
      const fresh = to ? formOf(to) : baseline;
      if (to) setBaseline(fresh);
      setForm(fresh);
      setTried(false);
      setServerErrors({});
    },
  };
}
