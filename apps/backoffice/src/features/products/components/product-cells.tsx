import type { Product } from '@merx/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { formatMoney, formatNumber } from '../../../lib/format';
import { LOW_STOCK } from '../api/products';
import { stockSummary } from '../hooks/preorder';

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

/** Units owed to buyers who preordered, beside a stock badge. */
const Owed = ({ owed }: { owed: number }) =>
  owed > 0 ? <span className="muted small nowrap">{` · ${formatNumber(owed)} preordered`}</span> : null;

/** Stock in words: not tracked, units left, low, out of stock, on preorder (and units owed), or some variants out. */
export function StockCell({ product }: { product: Product }) {
  const s = stockSummary(product, LOW_STOCK);
  switch (s.kind) {
    case 'preorder':
      return (
        <span>
          <Badge tone="info">Preorder</Badge>
          <Owed owed={s.owed} />
        </span>
      );
    case 'out':
      return (
        <span>
          <Badge tone="critical">Out of stock</Badge>
          <Owed owed={s.owed} />
        </span>
      );
    case 'untracked':
      return s.partly ? <Badge tone="warning">Some variants out</Badge> : <span className="muted">Not tracked</span>;
    default: {
      const variants = s.variants > 0 ? ` in ${s.variants} variants` : '';
      if (s.kind === 'low') return <Badge tone="warning">{`${formatNumber(s.quantity)} left${variants}`}</Badge>;
      return (
        <span>
          {formatNumber(s.quantity)} in stock{variants}
          {s.partly ? <span className="muted"> · some out</span> : null}
        </span>
      );
    }
  }
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
