import { useQuery } from '@tanstack/react-query';
import { ProductCard } from '../../../components/product-card';
import { relatedProductsQuery } from '../api/recommendations';
import './related-products.css';

/**
 * "You may also like": products bought with this one, else from its collections, else the best sellers. Below the
 * product, shown only once there is a full row (nothing is drawn before, and nothing when there are too few or the
 * request fails: it is not the page's content).
 */
export function RelatedProducts({ productId }: { productId: string }) {
  const { data } = useQuery(relatedProductsQuery(productId));
  if (!data || data.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title">You may also like</h2>
      <ul className="grid">
        {data.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}
