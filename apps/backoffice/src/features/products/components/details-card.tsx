import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { RichContentField } from '../../../components/rich-content-field';
import { LIMITS } from '../hooks/product-form';
import type { CardProps } from './card-props';

/** The slug the server makes from a name (accents dropped, lower case, hyphens), for the address preview. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slug);
}

/** Name, address in the shop, and the description (the rich-content node model of catalog v3). */
export function DetailsCard({ form, edit, errors, readOnly, shopBase }: CardProps & { shopBase: string }) {
  const slug = form.slug.trim() || slugOf(form.name) || 'product-name';
  const url = `${shopBase.replace(/\/$/, '')}/product-page/${slug}`;
  return (
    <Card title="Details" id="details">
      <div className="stack">
        <TextField
          label="Name"
          value={form.name}
          onChange={(e) => {
            const v = e.target.value;
            edit((f) => {
              f.name = v;
            });
          }}
          error={errors.name}
          required
          maxLength={LIMITS.name}
          readOnly={readOnly}
        />
        <TextField
          label="Address in the shop"
          value={form.slug}
          onChange={(e) => {
            const v = e.target.value.toLowerCase();
            edit((f) => {
              f.slug = v;
            });
          }}
          error={errors.slug}
          maxLength={LIMITS.slug}
          readOnly={readOnly}
          placeholder={slugOf(form.name) || 'made from the name'}
          hint={
            <span className="url-preview">
              {form.slug.trim() ? '' : 'Made from the name when left empty. '}
              {url}
            </span>
          }
        />
        <RichContentField
          label="Description"
          value={form.description}
          onChange={(doc) =>
            edit((f) => {
              f.description = doc;
            })
          }
          error={errors.description}
          disabled={readOnly}
          hint="Headings, bold, italic, underline, lists, quotes and links. Tab moves on; in a list it indents."
        />
      </div>
    </Card>
  );
}
