import type { ChangeEvent } from 'react';
import type { ProductForm } from '../hooks/product-form';
import type { EditForm } from '../hooks/use-product-form';

/** What every card of the product editor is given. */
export interface CardProps {
  form: ProductForm;
  edit: EditForm;
  /** Errors by field (see product-validation.ts for the keys). */
  errors: Record<string, string>;
  /** Read only: the staff member may not change the catalog. */
  readOnly: boolean;
}

type TextKey = { [K in keyof ProductForm]-?: ProductForm[K] extends string ? K : never }[keyof ProductForm];

/** An onChange that puts an input's text into a field of the form. */
export const setText =
  (edit: EditForm, key: TextKey) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = e.target.value;
    edit((f) => {
      (f[key] as string) = value;
    });
  };
