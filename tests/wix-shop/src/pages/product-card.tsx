import { Link } from '../router.js';
import { imageSrc, type Product } from '../wix.js';

/** A product in a grid: its thumbnail, name and price, linking to its page. */
export function ProductCard({ product }: { product: Product }) {
  const main = product.media?.mainMedia;
  return (
    <li className="card">
      <Link href={`/products/${product.slug}`}>
        <img src={imageSrc(main?.image ?? main?.thumbnail)} alt="" width={160} height={160} loading="lazy" />
        <span className="card__name">{product.name}</span>
        <span className="card__price">{product.priceData?.formatted?.price}</span>
      </Link>
    </li>
  );
}
