import type { Product } from '@merx/contract';
import { Link } from 'react-router';
import { Price } from './price';

/** The product's page in the shop. */
export const productPath = (p: { slug: string }) => `/product-page/${encodeURIComponent(p.slug)}`;

/** One product in a grid: image, ribbon, brand, name and price. The first few load eagerly (above the fold). */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  // A video first shows its poster (or the product's first image standing in) here: cards show pictures only.
  const main = product.media?.mainMedia;
  const image = main?.image ?? main?.thumbnail;
  const price = product.priceData?.formatted;
  const ribbon = product.ribbon || product.ribbons?.[0]?.text;
  // Out of units: a preorder when the merchant still sells it, else sold out.
  const outNote =
    product.stock?.inStock === false ? (product.stock.availableForPreorder ? 'Preorder' : 'Sold out') : undefined;
  return (
    <li className="card">
      <Link to={productPath(product)} className="card__link">
        <div className="card__media">
          {image?.url ? (
            <img
              src={image.url}
              alt=""
              width={400}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              {...(eager ? { fetchPriority: 'high' as const } : {})}
            />
          ) : null}
          {ribbon ? <span className="ribbon">{ribbon}</span> : null}
          {outNote ? <span className="ribbon ribbon--muted">{outNote}</span> : null}
        </div>
        <div className="card__body">
          {product.brand ? <span className="card__brand">{product.brand}</span> : null}
          <span className="card__name">{product.name}</span>
          {price?.price ? <Price price={price.price} discounted={price.discountedPrice} /> : null}
        </div>
      </Link>
    </li>
  );
}
