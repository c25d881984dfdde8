import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { LIMITS } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { RichTextField } from './rich-text-field';

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

/** Name, address in the shop, and the rich-text description. */
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
        <RichTextField
          label="Description"
          value={form.description}
          onChange={(html) =>
            edit((f) => {
              f.description = html;
            })
          }
          error={errors.description}
          disabled={readOnly}
          images={form.media.filter((m) => /^https?:/.test(m.url)).map((m) => ({ url: m.url, name: m.name }))}
          hint="Headings, bold, italic, underline, lists, links and images. Tab moves on; in a list it indents."
        />
      </div>
    </Card>
  );
}
