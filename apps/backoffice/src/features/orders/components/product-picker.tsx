import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { type Product, useProductSearch } from '../api/new-order';
import { LineImage } from './lines-card';

/** A line of a new order as the form holds it: a catalog product's variant, or a custom item with its own price. */
export interface DraftLine {
  key: string;
  kind: 'catalog' | 'custom';
  name: string;
  options: string;
  imageUrl?: string | undefined;
  productId?: string;
  variantId?: string;
  /** The unit price, as the catalog or the merchant states it (the server prices the order). */
  price: number;
  quantity: string;
  /** Units in stock when tracked (a hint; the server decides). */
  stock?: number | undefined;
}

const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

const variantsOf = (p: Product) =>
  (p.variants ?? []).filter((v) => v.id !== DEFAULT_VARIANT || (p.variants ?? []).length === 1);

function ProductResult({ product, onAdd }: { product: Product; onAdd: (line: Omit<DraftLine, 'key'>) => void }) {
  const variants = variantsOf(product);
  const withOptions = product.manageVariants || product.productOptions.length > 0;
  const [variantId, setVariantId] = useState(variants[0]?.id ?? '');
  const select = useId();
  const variant = variants.find((v) => v.id === variantId);
  const image = product.media.mainMedia?.thumbnail?.url ?? product.media.mainMedia?.image?.url;
  const price = variant?.variant.priceData.discountedPrice ?? product.priceData.discountedPrice;
  const tracked = withOptions ? variant?.stock.trackQuantity : product.stock.trackInventory;
  const stock = withOptions ? variant?.stock.quantity : product.stock.quantity;
  const soldOut = withOptions ? variant?.stock.inStock === false : !product.stock.inStock;
  const label = (v: (typeof variants)[number]) =>
    Object.entries(v.choices)
      .map(([k, c]) => `${k}: ${c}`)
      .join(' · ') || 'Default';
  return (
    <li className="order-pick">
      <LineImage url={image} size={40} />
      <div className="order-pick__main">
        <div className="order-line__name">
          {product.name}
          {product.visible ? null : <span className="muted order-small"> (hidden in the shop)</span>}
        </div>
        {withOptions && variants.length > 0 ? (
          <div className="order-pick__variant">
            <label htmlFor={select} className="visually-hidden">
              Option of {product.name}
            </label>
            <select id={select} value={variantId} onChange={(e) => setVariantId(e.target.value)}>
              {variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {label(v)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="muted order-small">
          {formatMoney(price)}
          {tracked ? ` · ${stock ?? 0} in stock` : ''}
          {soldOut ? ' · sold out' : ''}
        </div>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={soldOut}
        onClick={() =>
          onAdd({
            kind: 'catalog',
            name: product.name,
            options: withOptions && variant ? label(variant) : '',
            imageUrl: image,
            productId: product.id,
            ...(withOptions && variant ? { variantId: variant.id } : {}),
            price,
            quantity: '1',
            stock: tracked ? stock : undefined,
          })
        }
      >
        Add<span className="visually-hidden"> {product.name}</span>
      </button>
    </li>
  );
}

/** Finds products by name or SKU and adds the variant chosen to the order. */
export function ProductPicker({ onAdd }: { onAdd: (line: Omit<DraftLine, 'key'>) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const input = useId();
  useEffect(() => {
    const t = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useProductSearch(query, query.trim().length > 0);
  return (
    <div className="order-picker">
      <label htmlFor={input}>Find products</label>
      <input
        id={input}
        type="search"
        placeholder="Product name or SKU"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        aria-describedby={`${input}-status`}
      />
      <p id={`${input}-status`} className="visually-hidden" role="status">
        {query.trim() && results.data ? `${results.data.length} products found` : ''}
      </p>
      {query.trim() ? (
        results.isPending ? (
          <p className="muted order-small">Searching…</p>
        ) : results.error ? (
          <p className="field__error">The products could not be searched. Try again.</p>
        ) : results.data && results.data.length > 0 ? (
          <ul className="order-picks" aria-label="Products found">
            {results.data.map((p) => (
              <ProductResult key={p.id} product={p} onAdd={onAdd} />
            ))}
          </ul>
        ) : (
          <p className="muted order-small">No product matches “{query.trim()}”.</p>
        )
      ) : null}
    </div>
  );
}
