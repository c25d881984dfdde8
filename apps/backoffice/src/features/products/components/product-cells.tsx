import type { Product } from '@merx/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { formatMoney, formatNumber } from '../../../lib/format';
import { LOW_STOCK } from '../api/products';

/** The product's main image, small; a plain square when it has none. Decorative: the name beside it says it all. */
export function Thumbnail({ product, size = 40 }: { product: Product; size?: number }) {
  const main = product.media.mainMedia;
  const url = main?.thumbnail?.url ?? main?.image?.url;
  return url ? (
    <img className="thumb" src={url} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="thumb thumb--empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}

/** The name (a link to the editor) with the main image and SKU. */
export function NameCell({ product }: { product: Product }) {
  return (
    <div className="product-cell">
      <Thumbnail product={product} />
      <div>
        <Link to={`/products/${product.id}`} className="product-cell__name">
          {product.name}
        </Link>
        {product.sku ? <div className="muted small">SKU {product.sku}</div> : null}
      </div>
    </div>
  );
}

/** Shown or hidden in the shop. */
export function VisibilityBadge({ visible }: { visible: boolean }) {
  return visible ? <Badge tone="success">Visible</Badge> : <Badge>Hidden</Badge>;
}

/** Stock in words: not tracked, units left, low, out of stock, or some variants out. */
export function StockCell({ product }: { product: Product }) {
  const { stock } = product;
  if (!stock.inStock) return <Badge tone="critical">Out of stock</Badge>;
  if (!stock.trackInventory)
    return stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK' ? (
      <Badge tone="warning">Some variants out</Badge>
    ) : (
      <span className="muted">Not tracked</span>
    );
  const quantity = stock.quantity ?? 0;
  const variants = product.productOptions.length > 0 ? ` in ${product.variants?.length ?? 0} variants` : '';
  if (quantity <= LOW_STOCK) return <Badge tone="warning">{`${formatNumber(quantity)} left${variants}`}</Badge>;
  return (
    <span>
      {formatNumber(quantity)} in stock{variants}
      {stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK' ? <span className="muted"> · some out</span> : null}
    </span>
  );
}

/** The price a shopper pays (a range when variants differ), with the list price struck through on sale. */
export function PriceCell({ product }: { product: Product }) {
  const { priceData, priceRange } = product;
  if (priceRange.minValue !== priceRange.maxValue) {
    return (
      <span>
        {formatMoney(priceRange.minValue)} – {formatMoney(priceRange.maxValue)}
      </span>
    );
  }
  if (priceData.discountedPrice < priceData.price) {
    return (
      <span>
        {formatMoney(priceData.discountedPrice)}{' '}
        <s className="muted">
          <span className="visually-hidden">was </span>
          {formatMoney(priceData.price)}
        </s>
      </span>
    );
  }
  return <span>{formatMoney(priceData.price)}</span>;
}
